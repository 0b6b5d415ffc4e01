import { useMutation } from '@tanstack/react-query';
import { startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiCall } from '../../../lib/api-client';

/**
 * Signs an operator in by a passkey: the server's challenge, the device's answer (the passkey
 * says whose it is, so no email is asked), then the server's session. The options and the answer
 * are WebAuthn's JSON, which the document leaves open: @simplewebauthn types them.
 */
export async function loginWithPasskey() {
  const { challengeId, options } = await apiCall('post', '/api/admin/login/passkey/options', {
    body: {},
  });
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return apiCall('post', '/api/admin/login/passkey', {
    body: { challengeId, response: { ...response } },
  });
}

export function useLoginWithPasskey() {
  return useMutation({ mutationFn: loginWithPasskey });
}
