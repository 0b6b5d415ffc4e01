import { useMutation } from '@tanstack/react-query';
import { startAuthentication } from '@simplewebauthn/browser';
import { operatorCall } from './operator-contract';

/**
 * Signs an operator in by a passkey: the server's challenge, the device's answer (the passkey
 * says whose it is, so no email is asked), then the server's session.
 */
export async function loginWithPasskey() {
  const { challengeId, options } = await operatorCall('POST /api/admin/login/passkey/options', {
    body: {},
  });
  const response = await startAuthentication({ optionsJSON: options });
  return operatorCall('POST /api/admin/login/passkey', { body: { challengeId, response } });
}

export function useLoginWithPasskey() {
  return useMutation({ mutationFn: loginWithPasskey });
}
