import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export interface OperatorCredentials {
  email: string;
  passphrase: string;
  /**
   * Six digits from the authenticator app, or a recovery code; left out only by an operator
   * with no second factor (the owner reset it), whose session may then only set one up.
   */
  code?: string;
}

/** Signs an operator in by email, passphrase and second factor. */
export function loginOperator(credentials: OperatorCredentials) {
  return apiCall('post', '/api/admin/login/operator', { body: credentials });
}

export function useLoginOperator() {
  return useMutation({ mutationFn: loginOperator });
}
