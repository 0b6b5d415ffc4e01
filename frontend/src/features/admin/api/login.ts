import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

/** Opens an admin session: the server answers 200 and sets an HttpOnly session cookie. */
export function login(password: string): Promise<unknown> {
  return adminRequest('POST', '/api/admin/login', { password });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
