import { useMutation } from '@tanstack/react-query';
import { adminCall } from './admin-request';

/** Ends the admin session on the server (and clears its cookie). */
export function logout() {
  return adminCall('post', '/api/admin/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
