import type { Locale } from '../../domain/registration-events';
import {
  CATALOGUE_NAME_RULE,
  DREAM_RULE,
  EMAIL_MAX_CHARACTERS,
  EMAIL_PATTERN,
  NAME_RULE,
  normalizeText,
  PHONE_RULE,
  textFault,
  type TextRule,
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
 * they stand (after NFC and trimming), undefined otherwise: a quick check for the registration
 * fast path, with no messages. It may say undefined for a body the DTO would accept (an unusual
 * one then takes the Nest route, whose validation answers every case), never the other way
 * round: text fields are checked by the same rules (textFault).
 */
export function acceptRegistrationBody(body: unknown): RegistrationBody | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!FIELDS.has(key)) return undefined;
  const name = text(fields.name, NAME_RULE);
  const email = typeof fields.email === 'string' ? normalizeText(fields.email) : undefined;
  const whatsapp = text(fields.whatsapp, PHONE_RULE);
  const event = text(fields.event, CATALOGUE_NAME_RULE);
  const time = text(fields.time, CATALOGUE_NAME_RULE);
  const dream = text(fields.dream, DREAM_RULE);
  if (
    name === undefined ||
    email === undefined ||
    email.length > EMAIL_MAX_CHARACTERS ||
    !EMAIL_PATTERN.test(email) ||
    whatsapp === undefined ||
    event === undefined ||
    time === undefined ||
    dream === undefined
  ) {
    return undefined;
  }
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

/** The normalised string when it keeps its field's rule, as the DTO's TextField checks it. */
function text(value: unknown, rule: TextRule): string | undefined {
  if (typeof value !== 'string') return undefined;
  const normalized = normalizeText(value);
  return textFault(normalized, rule) === undefined ? normalized : undefined;
}
