import type { ParameterRule } from './parameter-rule';
import { dateTimeFormat } from './intl-formats';

/**
 * Time zones as requests name them: an IANA zone the runtime knows. The longest IANA names
 * (America/Argentina/ComodRivadavia, an old link) have 32 characters; a value longer than this
 * bound is refused before the runtime is asked.
 */
export const LONGEST_TIME_ZONE = 64;

/**
 * The shape of an IANA name (Europe/Bucharest, EST5EDT, Etc/GMT+2): a runtime that also reads
 * offsets (+02:00) as zones is not asked about them.
 */
export const TIME_ZONE: ParameterRule = {
  maxLength: LONGEST_TIME_ZONE,
  pattern: /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/,
  shape: 'a time zone such as Europe/Bucharest',
};

/**
 * The IANA name of a time zone, spelled as IANA does (`europe/bucharest` is Europe/Bucharest), or
 * undefined for anything else: never a throw, whatever the value.
 */
export function canonicalTimeZone(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    value.length > LONGEST_TIME_ZONE ||
    !TIME_ZONE.pattern!.test(value)
  ) {
    return undefined;
  }
  try {
    return dateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
