import type { AdminText } from '../hooks/use-admin-text';
import type { AdminMessageId } from '../i18n/admin-catalogue';

/** The server's passphrase refusals (its field errors on `passphrase`), in the operator's language. */
export const PASSPHRASE_MESSAGES: Record<string, AdminMessageId> = {
  'Use at least 12 characters.': 'admin.join.passphrase.tooShort',
  'This passphrase is too common.': 'admin.join.passphrase.common',
};

export function passphraseProblem(message: string, t: AdminText): string {
  const key = PASSPHRASE_MESSAGES[message];
  return key ? t(key) : message;
}
