import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/** The shortest passphrase an operator may choose. */
export const PASSPHRASE_MIN_LENGTH = 12;
/** The longest, so that hashing one costs a bounded time. */
export const PASSPHRASE_MAX_LENGTH = 256;
/**
 * The least zxcvbn score a passphrase must reach (0–4): 4, "very unguessable", 10^10 guesses and
 * more, each a scrypt hash. Four unrelated words reach it; a word, a name and a year do not.
 */
export const PASSPHRASE_MIN_SCORE = 4;

/**
 * Each passphrase rule the join form can break: its code (stable, in the field error's `code` and
 * the answer's, for the client to choose its own words by) and the server's words for it.
 */
export const PASSPHRASE_FAULTS = {
  'passphrase-too-short': `Use at least ${PASSPHRASE_MIN_LENGTH} characters.`,
  'passphrase-too-common': 'This passphrase is too common.',
  'passphrase-personal': 'Do not build the passphrase from your name, your email or the site.',
  'passphrase-guessable':
    'This passphrase is too easy to guess: use a few words that do not belong together.',
} as const;

/** The code of a passphrase rule broken. */
export type PassphraseFault = keyof typeof PASSPHRASE_FAULTS;

/** The words of this site an attacker tries first, beside the operator's own. */
export const SITE_WORDS = [
  'dream',
  'darkroom',
  'dreamdarkroom',
  'dream darkroom',
  'command center',
  'commandcenter',
  'operator',
  'owner',
  'admin',
  'administrator',
  'box office',
  'boxoffice',
  'door',
  'ticket',
  'tickets',
  'performance',
  'tour',
];

/**
 * The judge: zxcvbn-ts with its common and English dictionaries and keyboard layouts, and the
 * most common passwords (its list of about 49,000) as a set. Loaded and built with the first
 * passphrase judged (about 1.7 MB of word lists that nothing else of the process reads).
 */
let judge: Promise<{ zxcvbn: ZxcvbnFactory; common: ReadonlySet<string> }> | undefined;
function passphraseJudge() {
  judge ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }, english]) => ({
    zxcvbn: new ZxcvbnFactory({
      dictionary: { ...dictionary, ...english.dictionary },
      graphs: adjacencyGraphs,
    }),
    common: new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  }));
  return judge;
}

/** Who the passphrase is for: their name and email are the first things tried against it. */
export interface PassphraseOwner {
  name: string;
  email: string;
}

/** The operator's name and email, whole and in parts, and the site's words. */
function userInputs(owner: PassphraseOwner): string[] {
  const email = owner.email.trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const name = owner.name.trim().toLowerCase();
  const parts = [name, name.replace(/\s+/g, ''), email, local, domain, ...name.split(/\s+/)];
  parts.push(...local.split(/[._+-]+/), ...domain.split('.'));
  return [...new Set([...parts, ...SITE_WORDS])].filter((part) => part.length >= 3);
}

/**
 * How zxcvbn-ts judges a passphrase for `owner`: its score (0–4), and whether the weakest
 * reading of it leans on the operator's name, email or the site's words. Judged as typed and
 * with its spaces and symbols taken out, the lower of the two: zxcvbn-ts prices a run of words
 * with spaces as guessing each character, so "Darkroom Dream 99" would pass as typed.
 */
export async function judgePassphrase(
  passphrase: string,
  owner: PassphraseOwner,
): Promise<{ score: ZxcvbnResult['score']; personal: boolean }> {
  const { zxcvbn } = await passphraseJudge();
  const inputs = userInputs(owner);
  const squeezed = passphrase.replace(/[^\p{L}\p{N}]+/gu, '');
  const readings = [passphrase, squeezed]
    .filter((reading) => reading.length > 0)
    .map((reading) => zxcvbn.check(reading, inputs));
  const weakest = readings.reduce((low, reading) => (reading.score < low.score ? reading : low));
  return {
    score: weakest.score,
    personal: readings.some((reading) =>
      reading.sequence.some(
        (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs',
      ),
    ),
  };
}

/**
 * Which rule a passphrase breaks (its code in PASSPHRASE_FAULTS); undefined if none.
 * Too short; too common (one of the common passwords, in any case, spaces taken out, or with
 * digits and symbols added at its end); or, as zxcvbn-ts judges it with the operator's name and
 * email and the site's words as the words tried first, below PASSPHRASE_MIN_SCORE (said as
 * built from the operator or the site when it leans on those words).
 */
export async function passphraseFault(
  passphrase: string,
  owner: PassphraseOwner,
): Promise<PassphraseFault | undefined> {
  if ([...passphrase].length < PASSPHRASE_MIN_LENGTH) return 'passphrase-too-short';
  const plain = passphrase.toLowerCase().replace(/\s+/g, '');
  const stem = plain.replace(/[^\p{L}]+$/u, '');
  const list = (await passphraseJudge()).common;
  if (list.has(plain) || (stem.length >= 4 && list.has(stem))) return 'passphrase-too-common';
  if (new Set(plain).size <= 2) return 'passphrase-too-common';
  const judged = await judgePassphrase(passphrase, owner);
  if (judged.score >= PASSPHRASE_MIN_SCORE) return undefined;
  return judged.personal ? 'passphrase-personal' : 'passphrase-guessable';
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
