import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';
import { registrationKeys } from './registration-keys';

export type CheckoutRequest = components['schemas']['CreateRegistrationRequestDto'];
export type CheckoutResponse = components['schemas']['CreateRegistrationResponseDto'];

export function createCheckoutSession(body: CheckoutRequest): Promise<CheckoutResponse> {
  return apiPost('/api/create-checkout-session', { body });
}

/** Holds a seat and opens checkout, or puts the visitor on the waiting list. */
export function useCreateCheckoutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCheckoutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.capacity() }),
  });
}
