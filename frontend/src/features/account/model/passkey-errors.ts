import { HttpError } from '../../../lib/http-error';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';

/**
 * What the device said when it did not make or use a passkey, in the operator's words; undefined
 * for an answer of the server (the caller says those) or anything unforeseen.
 */
export function passkeyRefusal(error: unknown): AdminMessageId | undefined {
  if (error instanceof HttpError || !(error instanceof Error)) return undefined;
  const code = 'code' in error ? (error as { code: unknown }).code : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError')
    return 'admin.passkey.alreadyOnDevice';
  // Cancelled, timed out, or no passkey for this site on the device: the browser does not say which.
  if (error.name === 'NotAllowedError' || error.name === 'AbortError')
    return 'admin.passkey.notUsed';
  // Any other refusal of the device's WebAuthn (SimpleWebAuthn names each with a code).
  if (typeof code === 'string' && code.startsWith('ERROR_')) return 'admin.passkey.failed';
  return undefined;
}
