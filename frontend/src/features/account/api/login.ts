import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { AdminSessionAnswer } from '../../../lib/admin-session/operator-types';

/** Signs the owner in by the admin password: the server sets an HttpOnly session cookie. */
export function login(password: string): Promise<AdminSessionAnswer> {
  return apiCall('post', '/api/admin/login', { body: { password } });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
