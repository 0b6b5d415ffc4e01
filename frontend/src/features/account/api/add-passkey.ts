import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

/**
 * Registers a passkey on this device for the signed-in operator: the server's options, the
 * device's new credential, then the server's check of it. The options and the credential are
 * WebAuthn's JSON, which the document leaves open: @simplewebauthn types them.
 */
export async function addPasskey(name: string) {
  const { challengeId, options } = await apiCall('post', '/api/admin/account/passkeys/options', {
    body: {},
  });
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiCall('post', '/api/admin/account/passkeys', {
    body: {
      challengeId,
      response: { ...response },
      ...(name.trim() ? { name: name.trim() } : {}),
    },
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
