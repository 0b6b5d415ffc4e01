/**
 * Logs never carry personal data: values under these keys are replaced wherever they appear,
 * and emails and phone numbers are masked inside any logged text (messages, errors, URLs).
 */
const PERSONAL_KEYS = new Set([
  'email',
  'whatsapp',
  'phone',
  'dream',
  'dreams',
  'password',
  'adminpassword',
  'cookie',
  'cookies',
  'set-cookie',
  'authorization',
  'proxy-authorization',
  'x-admin-password',
  'token',
  'secret',
  'stripe-signature',
  // Checkout session ids: whoever holds one reads the registration's payment page.
  'session_id',
  'sessionid',
]);

export const REDACTED = '[redacted]';

const EMAIL = /[^\s@<>"'(),;:/=&?]+@[^\s@<>"'(),;:/=&?]+\.[^\s@<>"'(),;:/=&?]+/g;
// International numbers (+40 712 345 678) and the usual national shapes (0712 345 678,
// (123) 456-7890, 123-456-7890); never digits inside identifiers.
const PHONE =
  /(?<![\w-])\+\d[\d\s().-]{6,}\d(?![\w-])|(?<![\w.:/-])\(?\d{3,4}\)?[\s.-]\d{3}[\s.-]\d{3,4}(?![\w-])/g;

/**
 * What PHONE needs: a '+' (its international shape) or three digits in a row (the national
 * ones). Most logged text (methods, paths, statuses, ids) has neither, nor an '@', and is then
 * returned without running the patterns: the same answer, at a fraction of the cost of a line.
 */
const MAY_HOLD_PHONE = /\+|\d{3}/;

export function scrubText(text: string): string {
  const withoutEmails = text.includes('@') ? text.replace(EMAIL, '[email]') : text;
  return MAY_HOLD_PHONE.test(withoutEmails)
    ? withoutEmails.replace(PHONE, '[phone]')
    : withoutEmails;
}

export function isPersonalKey(key: string): boolean {
  return PERSONAL_KEYS.has(key.toLowerCase());
}

/** A copy of `value` with personal keys redacted and personal text masked, to a bounded depth. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  if (value instanceof Error) {
    return {
      type: value.name,
      message: scrubText(value.message),
      stack: value.stack ? scrubText(value.stack) : undefined,
      code: (value as { code?: unknown }).code,
    };
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    copy[key] = isPersonalKey(key) ? REDACTED : scrubValue(item, depth + 1);
  }
  return copy;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A random token: a checkout session id (cs_sandbox_…, cs_live_…), an opaque key. */
const TOKEN = /^(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}$/;
/** A checkout session id of any provider (cs_test_…, cs_live_…, cs_sandbox_…), digits or not. */
const CHECKOUT_SESSION = /^cs_[A-Za-z0-9_-]{10,}$/;

/**
 * A path for the log: segments that are bearer values (a registration id, which is all it takes
 * to read that person's registration; a checkout session id) become :id and :token, the rest
 * stays as it is.
 */
function scrubPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // not percent-decodable: judged as it is
      }
      if (UUID.test(decoded)) return ':id';
      if (TOKEN.test(decoded) || CHECKOUT_SESSION.test(decoded)) return ':token';
      return segment;
    })
    .join('/');
}

/**
 * A URL for the log: bearer values in the path replaced (scrubPath), query values of personal
 * keys redacted, text masked.
 */
export function scrubUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return scrubText(scrubPath(url));
  const params = new URLSearchParams(url.slice(question + 1));
  for (const key of [...params.keys()]) {
    if (isPersonalKey(key)) params.set(key, REDACTED);
  }
  return scrubText(`${scrubPath(url.slice(0, question))}?${params.toString()}`);
}
