import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

/** A new secret for an authenticator app, pending until a code from the app confirms it. */
export function startTotp() {
  return apiCall('post', '/api/admin/account/totp', { body: {} });
}

/** Confirms the pending secret by a code from the app; answers the recovery codes, once. */
export function confirmTotp(code: string) {
  return apiCall('post', '/api/admin/account/totp/confirmation', { body: { code } });
}

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}

/**
 * The session is not read again here: the recovery codes are on screen until the operator has
 * kept them, and a session no longer waiting for its second factor would take the page away.
 */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.account() }),
  });
}
