import { textRule } from '../../common/text';

/** The limits of SPEC section 5 and of a real form, shared by every command that checks them. */
export const DREAM_MIN_CHARACTERS = 100;
export const DREAM_MAX_CHARACTERS = 5000;
export const SHARED_DREAM_MIN_CHARACTERS = 10;
export const SHARED_DREAM_MAX_CHARACTERS = 2000;
export const NAME_MAX_CHARACTERS = 100;
export const EMAIL_MAX_CHARACTERS = 254;
export const PHONE_MAX_CHARACTERS = 32;

export const NAME_RULE = textRule(1, NAME_MAX_CHARACTERS, false);
export const PHONE_RULE = textRule(1, PHONE_MAX_CHARACTERS, false);
export const DREAM_RULE = textRule(DREAM_MIN_CHARACTERS, DREAM_MAX_CHARACTERS, true);
export const SHARED_DREAM_RULE = textRule(
  SHARED_DREAM_MIN_CHARACTERS,
  SHARED_DREAM_MAX_CHARACTERS,
  true,
);
/** The event and the slot are names from the catalogue; anything longer names none. */
export const CATALOGUE_NAME_RULE = textRule(1, 100, false);

/** The key under which two emails are the same person: trimmed and lowercased. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A valid email address as the HTML standard defines it (WHATWG, "valid e-mail address", the rule
 * browsers apply to <input type=email>), with a dot in the domain: no spaces, quotes, colons or
 * brackets, so no mail library can read it as another address or as a name.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
