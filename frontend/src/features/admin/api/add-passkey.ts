import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import { adminKeys } from './admin-keys';
import { operatorCall } from './operator-contract';

/**
 * Registers a passkey on this device for the signed-in operator: the server's options, the
 * device's new credential, then the server's check of it.
 */
export async function addPasskey(name: string) {
  const { challengeId, options } = await operatorCall('POST /api/admin/account/passkeys/options', {
    body: {},
  });
  const response = await startRegistration({ optionsJSON: options });
  return operatorCall('POST /api/admin/account/passkeys', {
    body: { challengeId, response, ...(name.trim() ? { name: name.trim() } : {}) },
  });
}

/** Adding a second factor may lift the session's "second factor required": both are read again. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.account() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.session() }),
      ]),
  });
}
