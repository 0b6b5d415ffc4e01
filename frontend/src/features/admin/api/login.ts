import { useMutation } from '@tanstack/react-query';
import { adminCall } from './admin-request';

/** Opens an admin session: the server answers 200 and sets an HttpOnly session cookie. */
export function login(password: string) {
  return adminCall('post', '/api/admin/login', { body: { password } });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
