import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { dateTimeFormat } from '../../common/intl-formats';

/**
 * A ticket is a signed code, not a secret looked up: `T1.<payload>.<signature>`, the payload
 * base64url (no padding) of the JSON below, the signature base64url of the Ed25519 signature over
 * the ASCII bytes of `T1.<payload>`. A door device verifies it with the published public key and
 * no network. It names the registration, the event, the slot and how long it is valid; nothing
 * personal.
 */
export const TICKET_PREFIX = 'T1';

export interface TicketPayload {
  /** The signing key's id (ticketKeyId). */
  k: string;
  /** The registration id. */
  r: string;
  /** The event's slug. */
  e: string;
  /** The slot's key as the API names it, e.g. `Oct 30 - 7:30pm`. */
  s: string;
  /** Valid until, Unix seconds. */
  u: number;
}

/** A ticket signing key: its id, the private half (only where tickets are issued) and the public. */
export interface TicketKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** The longest ticket code a request may carry (a real one is about 250 characters). */
export const TICKET_CODE_MAX_LENGTH = 1024;

/** A key's id: the first 16 base64url characters of the SHA-256 of its public key (SPKI, DER). */
export function ticketKeyId(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64url').slice(0, 16);
}

export function newTicketKey(): TicketKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { keyId: ticketKeyId(publicKey), privateKey, publicKey };
}

/** A key from its private half as PKCS#8 PEM; an error naming what is wrong otherwise. */
export function ticketKeyFromPem(pem: string): TicketKey {
  const privateKey = createPrivateKey({ key: pem, format: 'pem' });
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`a ticket signing key must be Ed25519, not ${privateKey.asymmetricKeyType}`);
  }
  const publicKey = createPublicKey(privateKey);
  return { keyId: ticketKeyId(publicKey), privateKey, publicKey };
}

export function ticketKeyToPem(key: TicketKey): string {
  return key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** The published form of a key: SPKI PEM and JWK (RFC 8037, OKP/Ed25519). */
export interface PublishedTicketKey {
  keyId: string;
  algorithm: 'Ed25519';
  current: boolean;
  pem: string;
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string };
}

export function publishTicketKey(key: TicketKey, current: boolean): PublishedTicketKey {
  const jwk = key.publicKey.export({ format: 'jwk' });
  return {
    keyId: key.keyId,
    algorithm: 'Ed25519',
    current,
    pem: key.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    jwk: { kty: 'OKP', crv: 'Ed25519', x: String(jwk.x), kid: key.keyId },
  };
}

export function signTicket(payload: Omit<TicketPayload, 'k'>, key: TicketKey): string {
  const body: TicketPayload = {
    k: key.keyId,
    r: payload.r,
    e: payload.e,
    s: payload.s,
    u: payload.u,
  };
  const signed = `${TICKET_PREFIX}.${Buffer.from(JSON.stringify(body), 'utf8').toString('base64url')}`;
  const signature = sign(null, Buffer.from(signed, 'ascii'), key.privateKey);
  return `${signed}.${signature.toString('base64url')}`;
}

/** Why a code is refused before its registration is looked at. */
export type TicketDefect = 'unreadable' | 'forged';

export type TicketReading =
  { ok: true; payload: TicketPayload } | { ok: false; defect: TicketDefect };

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Reads and verifies a code: `unreadable` when it is not a ticket code at all (another QR, a
 * truncated scan), `forged` when it reads as one but no key of ours signed it as it is (an
 * altered payload, another key, an unknown key id). Validity in time is the caller's to judge.
 */
export function readTicket(
  code: string,
  keyById: (keyId: string) => Pick<TicketKey, 'publicKey'> | undefined,
): TicketReading {
  const parts = code.split('.');
  if (parts.length !== 3 || parts[0] !== TICKET_PREFIX) return { ok: false, defect: 'unreadable' };
  const [, encoded, signature] = parts;
  if (!BASE64URL.test(encoded) || !BASE64URL.test(signature)) {
    return { ok: false, defect: 'unreadable' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, defect: 'unreadable' };
  }
  if (!isTicketPayload(payload)) return { ok: false, defect: 'unreadable' };
  const key = keyById(payload.k);
  if (!key) return { ok: false, defect: 'forged' };
  const signatureBytes = Buffer.from(signature, 'base64url');
  // Exactly the code as issued: no padding, no other spelling of the same bytes.
  if (signatureBytes.length !== 64 || signatureBytes.toString('base64url') !== signature) {
    return { ok: false, defect: 'forged' };
  }
  if (Buffer.from(encoded, 'base64url').toString('base64url') !== encoded) {
    return { ok: false, defect: 'forged' };
  }
  const valid = verify(
    null,
    Buffer.from(`${TICKET_PREFIX}.${encoded}`, 'ascii'),
    key.publicKey,
    signatureBytes,
  );
  return valid ? { ok: true, payload } : { ok: false, defect: 'forged' };
}

/** The key id a code names, read without verifying anything (to find the key). */
export function ticketKeyIdOf(code: string): string | undefined {
  const encoded = code.split('.')[1];
  if (!encoded || !BASE64URL.test(encoded)) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    const keyId = (payload as { k?: unknown } | null)?.k;
    return typeof keyId === 'string' ? keyId : undefined;
  } catch {
    return undefined;
  }
}

function isTicketPayload(value: unknown): value is TicketPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { k, r, e, s, u } = value as Record<string, unknown>;
  return (
    typeof k === 'string' &&
    typeof r === 'string' &&
    UUID.test(r) &&
    typeof e === 'string' &&
    typeof s === 'string' &&
    typeof u === 'number' &&
    Number.isSafeInteger(u)
  );
}

/**
 * Until when a ticket for a slot is valid: the end of the slot's day in the event's time zone
 * (the next local midnight), plus `marginHours` (a late show, a clock a little off).
 */
export function ticketValidUntil(startsAt: Date, timeZone: string, marginHours: number): Date {
  return new Date(localMidnight(startsAt, timeZone, 1).getTime() + marginHours * 3_600_000);
}

/**
 * The slot's day in the event's time zone, from the local midnight that begins it to the one
 * that ends it: the door believes a device's clock only within it.
 */
export function slotDay(startsAt: Date, timeZone: string): { from: Date; until: Date } {
  return {
    from: localMidnight(startsAt, timeZone, 0),
    until: localMidnight(startsAt, timeZone, 1),
  };
}

/** The local midnight `days` after the start of `at`'s day in `timeZone`. */
function localMidnight(at: Date, timeZone: string, days: number): Date {
  const day = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(at)
    .reduce<Record<string, number>>((parts, part) => {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
      return parts;
    }, {});
  const midnightAsUtc = Date.UTC(day.year, day.month - 1, day.day + days);
  // The zone's offset at that wall-clock moment, found from the guess and refined once (a
  // daylight-saving change on the day moves it).
  let instant = midnightAsUtc - zoneOffsetMs(new Date(midnightAsUtc), timeZone);
  instant = midnightAsUtc - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
    .formatToParts(at)
    .reduce<Record<string, number>>((all, part) => {
      if (part.type !== 'literal') all[part.type] = Number(part.value);
      return all;
    }, {});
  const asUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}
