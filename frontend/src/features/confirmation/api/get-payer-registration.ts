import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';
import { confirmationKeys } from './confirmation-keys';

export type PayerRegistration = components['schemas']['PayerRegistrationDto'];

/** How often to ask again while the provider's word on the payment has not arrived. */
const UNTIL_PAID_MS = 2000;

/**
 * The registration as its payer sees it, phone included, by the checkout session id the payment
 * page put in the address it returned to. The public GET by registration id never answers the
 * phone: that id travels in shareable links, the session id only to the browser that paid.
 */
export const payerRegistrationQuery = (sessionId: string) =>
  queryOptions({
    queryKey: confirmationKeys.payerRegistration(sessionId),
    queryFn: () =>
      apiGet('/api/checkout-sessions/{sessionId}/registration', { params: { sessionId } }),
    // Asked again while the seat still awaits the provider's word on its payment.
    refetchInterval: (query) =>
      query.state.data?.status === 'held' || query.state.data?.status === 'offered'
        ? UNTIL_PAID_MS
        : false,
  });

export function usePayerRegistration(sessionId: string) {
  return useQuery(payerRegistrationQuery(sessionId));
}
