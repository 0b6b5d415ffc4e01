import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';
import { confirmationKeys } from './confirmation-keys';

export type Registration = components['schemas']['RegistrationDto'];

export const registrationQuery = (id: string) =>
  queryOptions({
    queryKey: confirmationKeys.registration(id),
    queryFn: () => apiGet('/api/registrations/{id}', { params: { id } }),
  });

export function useRegistration(id: string) {
  return useQuery(registrationQuery(id));
}
