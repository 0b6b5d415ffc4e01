import type { Locale } from '../../domain/registration-events';
import {
  DREAM_MAX_CHARACTERS,
  DREAM_MIN_CHARACTERS,
  EMAIL_MAX_CHARACTERS,
  EMAIL_PATTERN,
  NAME_MAX_CHARACTERS,
  PHONE_MAX_CHARACTERS,
  visibleLength,
} from '../../domain/registration-rules';

/** A registration as the command takes it: trimmed, with the optional fields filled in. */
export interface RegistrationBody {
  name: string;
  email: string;
  whatsapp: string;
  event: string;
  time: string;
  dream: string;
  dreamedCaptured: boolean;
  locale: Locale;
}

const FIELDS = new Set([
  'name',
  'email',
  'whatsapp',
  'event',
  'time',
  'dream',
  'dreamedCaptured',
  'locale',
]);
const LOCALES: readonly unknown[] = ['en', 'it', 'ro'];

/**
 * The registration in `body` when it is one that CreateRegistrationRequestDto's rules accept as
 * they stand (after trimming), undefined otherwise: a quick check for the registration fast path,
 * with no messages. It may say undefined for a body the DTO would accept (an unusual one then
 * takes the Nest route, whose validation answers every case), never the other way round.
 * Lengths are checked in UTF-16 units, never fewer than the DTO's count of the same text.
 */
export function acceptRegistrationBody(body: unknown): RegistrationBody | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!FIELDS.has(key)) return undefined;
  const name = text(fields.name, 1, NAME_MAX_CHARACTERS);
  const email = text(fields.email, 1, EMAIL_MAX_CHARACTERS);
  const whatsapp = text(fields.whatsapp, 1, PHONE_MAX_CHARACTERS);
  const event = text(fields.event, 1, Infinity);
  const time = text(fields.time, 1, Infinity);
  const dream = text(fields.dream, DREAM_MIN_CHARACTERS, Infinity);
  if (
    name === undefined ||
    email === undefined ||
    !EMAIL_PATTERN.test(email) ||
    whatsapp === undefined ||
    event === undefined ||
    time === undefined ||
    dream === undefined
  ) {
    return undefined;
  }
  const dreamLength = visibleLength(dream);
  if (dreamLength < DREAM_MIN_CHARACTERS || dreamLength > DREAM_MAX_CHARACTERS) return undefined;
  const { dreamedCaptured, locale } = fields;
  if (dreamedCaptured !== undefined && dreamedCaptured !== null) {
    if (typeof dreamedCaptured !== 'boolean') return undefined;
  }
  if (locale !== undefined && locale !== null && !LOCALES.includes(locale)) return undefined;
  return {
    name,
    email,
    whatsapp,
    event,
    time,
    dream,
    dreamedCaptured: dreamedCaptured ?? false,
    locale: (locale ?? 'en') as Locale,
  };
}

/** The trimmed string when it is one with `min` to `max` UTF-16 units and no NUL. */
function text(value: unknown, min: number, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  // trim() never removes a NUL, so the trimmed text has one exactly when the value has.
  if (trimmed.length < min || trimmed.length > max || trimmed.includes('\u0000')) return undefined;
  return trimmed;
}
