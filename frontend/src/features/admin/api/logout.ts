import { useMutation } from '@tanstack/react-query';
import { adminRequest } from './admin-request';

/** Ends the admin session on the server. */
export function logout(): Promise<unknown> {
  return adminRequest('POST', '/api/admin/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
