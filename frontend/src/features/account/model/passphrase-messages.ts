import type { AdminText } from '../../../lib/admin-session/use-admin-text';
import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';

/** The server's passphrase refusals (its field errors on `passphrase`), in the operator's language. */
export const PASSPHRASE_MESSAGES: Record<string, AdminMessageId> = {
  'Use at least 12 characters.': 'admin.join.passphrase.tooShort',
  'This passphrase is too common.': 'admin.join.passphrase.common',
  'Do not build the passphrase from your name, your email or the site.':
    'admin.join.passphrase.personal',
  'This passphrase is too easy to guess: use a few words that do not belong together.':
    'admin.join.passphrase.guessable',
};

export function passphraseProblem(message: string, t: AdminText): string {
  const key = PASSPHRASE_MESSAGES[message];
  return key ? t(key) : message;
}
