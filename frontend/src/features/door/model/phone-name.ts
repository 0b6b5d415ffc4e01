import { storedLength, visibleLength } from '../../../lib/text-length';

/**
 * The name a door person gives their phone, by the server's rule (the backend's phone-name.ts;
 * phone-name-vectors.json holds the two equal): composed (NFC) and trimmed, one line, 1 to 64
 * characters as a person sees them (128 as stored), no control characters.
 */
export const PHONE_NAME_MAX_CHARACTERS = 64;

export type PhoneNameFault = 'blank' | 'control' | 'long';

const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export function normalizePhoneName(name: string): string {
  return name.normalize('NFC').trim();
}

/** Why a typed name cannot name the phone, or undefined when it can (as normalizePhoneName). */
export function phoneNameFault(name: string): PhoneNameFault | undefined {
  const normalized = normalizePhoneName(name);
  if (CONTROL.test(normalized)) return 'control';
  if (storedLength(normalized) > PHONE_NAME_MAX_CHARACTERS * 2) return 'long';
  const length = visibleLength(normalized);
  if (length === 0) return 'blank';
  if (length > PHONE_NAME_MAX_CHARACTERS) return 'long';
  return undefined;
}
