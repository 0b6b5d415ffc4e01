import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '../../../lib/http-error';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

/**
 * The server's refusal of a change of what signs the operator in from a session that has not
 * proved who holds it lately (403): the page then asks for the passphrase or a code first.
 */
export const STEP_UP_REFUSAL =
  'Confirm it is you first: your passphrase or a code of your app, within the last 5 minutes.';

export function isStepUpRequired(error: unknown): boolean {
  return (
    error instanceof HttpError && error.status === 403 && error.serverMessage === STEP_UP_REFUSAL
  );
}

/** Reads the account again after a step-up refusal, so that the page asks for the proof. */
export function useStepUpRefusal(): (error: unknown) => boolean {
  const queryClient = useQueryClient();
  return (error) => {
    if (!isStepUpRequired(error)) return false;
    void queryClient.invalidateQueries({ queryKey: adminKeys.account() });
    return true;
  };
}

/** Proves again who holds the session: the passphrase or a code of the app. */
export function stepUp(proof: { passphrase: string } | { code: string }) {
  return apiCall('post', '/api/admin/account/step-up', { body: proof });
}

export function useStepUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stepUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.account() }),
  });
}

export function renamePasskey({ passkeyId, name }: { passkeyId: string; name: string }) {
  return apiCall('patch', '/api/admin/account/passkeys/{passkeyId}', {
    params: { passkeyId },
    body: { name },
  });
}

export function removeOwnPasskey(passkeyId: string) {
  return apiCall('delete', '/api/admin/account/passkeys/{passkeyId}', { params: { passkeyId } });
}

export function renewRecoveryCodes() {
  return apiCall('post', '/api/admin/account/recovery-codes', { body: {} });
}

function useAccountChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.account() }),
  });
}

export const useRenamePasskey = () => useAccountChange(renamePasskey);
export const useRemoveOwnPasskey = () => useAccountChange(removeOwnPasskey);

/** The new codes stay on screen until kept: the account is read again only then. */
export function useRenewRecoveryCodes() {
  return useMutation({ mutationFn: renewRecoveryCodes });
}
