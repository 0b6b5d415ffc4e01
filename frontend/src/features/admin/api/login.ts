import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { AdminSessionAnswer } from './operator-contract';

/** Signs the owner in by the admin password: the server sets an HttpOnly session cookie. */
export async function login(password: string): Promise<AdminSessionAnswer> {
  return (await apiCall('post', '/api/admin/login', { body: { password } })) as AdminSessionAnswer;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
