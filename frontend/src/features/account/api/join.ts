import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export interface JoinRequest {
  token: string;
  name: string;
  passphrase: string;
}

/** Accepts an invitation: the account is made and a session opened, awaiting a second factor. */
export function join(request: JoinRequest) {
  return apiCall('post', '/api/operators/join', { body: request });
}

export function useJoin() {
  return useMutation({ mutationFn: join });
}
