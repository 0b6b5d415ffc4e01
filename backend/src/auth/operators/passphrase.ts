import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The shortest passphrase an operator may choose. */
export const PASSPHRASE_MIN_LENGTH = 12;
/** The longest, so that hashing one costs a bounded time. */
export const PASSPHRASE_MAX_LENGTH = 256;

export const PASSPHRASE_TOO_SHORT = 'Use at least 12 characters.';
export const PASSPHRASE_TOO_COMMON = 'This passphrase is too common.';

let common: ReadonlySet<string> | undefined;

/** The most common passwords (zxcvbn-ts' list of about 49,000), read once when first needed. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return common;
}

/**
 * What is wrong with a passphrase, in the words the join form shows; undefined if nothing.
 * Too common: the passphrase, in any case and with its spaces taken out, is one of the common
 * passwords, or is one with digits and symbols added at its end ("password1234!").
 */
export function passphraseFault(passphrase: string): string | undefined {
  if ([...passphrase].length < PASSPHRASE_MIN_LENGTH) return PASSPHRASE_TOO_SHORT;
  const plain = passphrase.toLowerCase().replace(/\s+/g, '');
  const stem = plain.replace(/[^\p{L}]+$/u, '');
  const list = commonPasswords();
  if (list.has(plain) || (stem.length >= 4 && list.has(stem))) return PASSPHRASE_TOO_COMMON;
  if (new Set(plain).size <= 2) return PASSPHRASE_TOO_COMMON;
  return undefined;
}

/** scrypt's cost: N = 2^15, r = 8 (32 MiB, tens of milliseconds), a 32-byte hash. */
const SCRYPT: ScryptOptions = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const HASH_BYTES = 32;
const PREFIX = 'scrypt1';

function derive(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, HASH_BYTES, SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt1$<salt>$<hash>`, both base64url: a salt of its own for each operator. */
export async function hashPassphrase(passphrase: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(passphrase, salt);
  return [PREFIX, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** A hash no passphrase matches, checked for an unknown email so that both take as long. */
export const NO_PASSPHRASE = `${PREFIX}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(HASH_BYTES).toString('base64url')}`;

export async function passphraseMatches(passphrase: string, stored: string): Promise<boolean> {
  const [prefix, salt, hash] = stored.split('$');
  if (prefix !== PREFIX || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const given = await derive(passphrase, Buffer.from(salt, 'base64url'));
  return (
    given.length === expected.length && timingSafeEqual(given, expected) && stored !== NO_PASSPHRASE
  );
}
