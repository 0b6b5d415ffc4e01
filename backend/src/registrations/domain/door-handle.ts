import { createHash } from 'node:crypto';
import type { ParameterRule } from '../../common/parameter-rule';

/**
 * How the door names a person: a handle that opens no other route. A registration's id is a
 * capability (with it alone the public routes read the booking and release an unpaid hold); the
 * door role is promised names only, so its list and its check-ins carry this instead.
 *
 * The handle is one-way: the first 16 bytes of SHA-256 over a door-only prefix and the id,
 * base64url (22 characters). Nobody can turn it back into the id, and no public route takes it.
 * It is not a keyed HMAC, on purpose: a door phone offline must find the row of a scanned
 * ticket, which carries the id in clear, so the phone derives the handle from the ticket with
 * WebCrypto, and whoever holds a ticket holds the id already. The phone's copy of this rule is
 * held equal by shared vectors (frontend/src/features/door/model/door-handle-vectors.json).
 */
export const DOOR_HANDLE_PREFIX = 'dream-darkroom door handle:';

export const DOOR_HANDLE = /^[A-Za-z0-9_-]{22}$/;

/** A door handle as a request names it (`{handle}`). */
export const DOOR_HANDLE_PARAMETER: ParameterRule = {
  maxLength: 22,
  pattern: DOOR_HANDLE,
  shape: 'a door handle',
};

export function doorHandleOf(registrationId: string): string {
  return createHash('sha256')
    .update(`${DOOR_HANDLE_PREFIX}${registrationId}`, 'utf8')
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function isDoorHandle(value: string): boolean {
  return DOOR_HANDLE.test(value);
}
