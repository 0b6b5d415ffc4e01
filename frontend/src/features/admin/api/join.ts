import { useMutation } from '@tanstack/react-query';
import { operatorCall } from './operator-contract';

export interface JoinRequest {
  token: string;
  name: string;
  passphrase: string;
}

/** Accepts an invitation: the account is made and a session opened, awaiting a second factor. */
export function join(request: JoinRequest) {
  return operatorCall('POST /api/operators/join', { body: request });
}

export function useJoin() {
  return useMutation({ mutationFn: join });
}
