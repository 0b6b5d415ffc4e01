import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** Opens an admin session: the server answers 200 and sets an HttpOnly session cookie. */
export function login(password: string) {
  return apiCall('post', '/api/admin/login', { body: { password } });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
