import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../api-client';

/** Ends the admin session on the server (and clears its cookie). */
export function logout() {
  return apiCall('post', '/api/admin/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
