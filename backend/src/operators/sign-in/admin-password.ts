import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Compares a candidate with the configured password in constant time: both are hashed to the
 * same length first, so neither the content nor the length of the secret leaks through timing.
 */
export function passwordMatches(candidate: string, expected: string): boolean {
  return timingSafeEqual(digest(candidate), digest(expected));
}
