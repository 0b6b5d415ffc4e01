import { textRule } from '../../../common/text';

/**
 * A door phone's name, as its operator sets it on the phone and every check-in sends it: one
 * line, composed and trimmed, 1 to 64 characters as a person sees them, no control characters.
 * The door page applies the same rule (frontend/src/features/door/model/phone-name.ts; phone-name-vectors.json there
 * hold the two equal).
 */
export const PHONE_NAME_MAX_CHARACTERS = 64;
export const PHONE_NAME_RULE = textRule(1, PHONE_NAME_MAX_CHARACTERS, false);

export const PHONE_NAME_MESSAGES = {
  blank: 'device must name the phone with at least one visible character',
  short: 'device must name the phone with at least one visible character',
  control: 'device must not contain control characters',
  long: `device must be at most ${PHONE_NAME_MAX_CHARACTERS} characters`,
};
