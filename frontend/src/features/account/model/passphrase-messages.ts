import type { AdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import { PASSPHRASE_MIN_LENGTH } from '../../../lib/console-bounds';

/** The server's passphrase refusals (its field codes on `passphrase`), in the operator's language. */
export const PASSPHRASE_MESSAGES: Record<string, AdminMessageId> = {
  'passphrase-too-short': 'admin.join.passphrase.tooShort',
  'passphrase-too-common': 'admin.join.passphrase.common',
  'passphrase-personal': 'admin.join.passphrase.personal',
  'passphrase-guessable': 'admin.join.passphrase.guessable',
};

/** The words of a refusal of the passphrase by its code; the server's own for a code not named. */
export function passphraseProblem(
  fieldError: { code: string; message: string },
  t: AdminText,
): string {
  const key = PASSPHRASE_MESSAGES[fieldError.code];
  return key ? t(key, { min: PASSPHRASE_MIN_LENGTH }) : fieldError.message;
}
