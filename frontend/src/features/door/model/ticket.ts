import type { DoorList, SeatedPerson, TicketKey } from './door-list';
import { doorHandleOf } from './door-handle';

/**
 * What a ticket code says once its signature holds: `T1.<payload>.<signature>`, the payload
 * base64url JSON `{k, r, e, s, u}` (key id, registration id, event, slot, valid until in Unix
 * seconds), the signature Ed25519 over the ASCII bytes of `T1.<payload>`. Nothing personal.
 */
export interface TicketClaims {
  keyId: string;
  registrationId: string;
  event: string;
  time: string;
  validUntil: number;
}

/**
 * The door's answer to a scanned code, decided on the phone from the door list it holds.
 * `unknown`: not a ticket at all; `forged`: a ticket whose signature does not hold under any key
 * the list carries.
 */
export type LocalVerdict =
  | { kind: 'valid'; claims: TicketClaims; person: SeatedPerson }
  | { kind: 'already'; claims: TicketClaims; person: SeatedPerson }
  | {
      kind: 'wrong-slot';
      claims: TicketClaims;
      /** A booking moved out of this slot: where it is now, and its name (the list's). */
      movedTo?: { event: string; time: string };
      name?: string;
    }
  | { kind: 'cancelled'; claims: TicketClaims }
  | { kind: 'not-paid'; claims: TicketClaims }
  | { kind: 'expired'; claims: TicketClaims }
  | { kind: 'forged' }
  | { kind: 'unknown' };

const PREFIX = 'T1';

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  try {
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

function asClaims(json: unknown): TicketClaims | null {
  if (typeof json !== 'object' || json === null) return null;
  const { k, r, e, s, u } = json as Record<string, unknown>;
  if (typeof k !== 'string' || typeof r !== 'string' || !UUID.test(r)) return null;
  if (typeof e !== 'string' || typeof s !== 'string') return null;
  if (typeof u !== 'number' || !Number.isSafeInteger(u)) return null;
  return { keyId: k, registrationId: r, event: e, time: s, validUntil: u };
}

export interface ParsedTicket {
  claims: TicketClaims;
  signed: Uint8Array<ArrayBuffer>;
  /** Null when the signature part cannot be an Ed25519 signature: the ticket is then forged. */
  signature: Uint8Array<ArrayBuffer> | null;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The parts of a ticket code, or null for anything that is not one (not yet verified). The
 * server reads a code by the same rules (backend day-of-show/tickets/ticket-code.ts): a code
 * that parses but is spelt otherwise than as issued (padding, stray bits) counts as forged.
 */
export function parseTicket(code: string): ParsedTicket | null {
  const parts = code.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const [, encoded, signaturePart] = parts as [string, string, string];
  if (!BASE64URL.test(encoded) || !BASE64URL.test(signaturePart)) return null;
  const payload = fromBase64Url(encoded);
  if (!payload) return null;
  let claims: TicketClaims | null;
  try {
    claims = asClaims(JSON.parse(new TextDecoder().decode(payload)));
  } catch {
    return null;
  }
  if (!claims) return null;
  const signature = fromBase64Url(signaturePart);
  const canonical =
    signature !== null &&
    signature.length === 64 &&
    toBase64Url(signature) === signaturePart &&
    toBase64Url(payload) === encoded;
  return {
    claims,
    signed: new TextEncoder().encode(`${PREFIX}.${encoded}`),
    signature: canonical ? signature : null,
  };
}

/** Keys imported once per door list fetched (the list's own key objects). */
const imported = new WeakMap<TicketKey, Promise<CryptoKey>>();

function importKey(key: TicketKey): Promise<CryptoKey> {
  let cryptoKey = imported.get(key);
  if (!cryptoKey) {
    cryptoKey = crypto.subtle.importKey(
      'jwk',
      { kty: 'OKP', crv: 'Ed25519', x: key.jwk.x },
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    imported.set(key, cryptoKey);
  }
  return cryptoKey;
}

/**
 * Ed25519 in WebCrypto (Chrome 137, Safari 17, Firefox 129 and later); on a browser without it,
 * @noble/ed25519 (fetched only then), strict as node:crypto is (RFC 8032, not ZIP 215).
 */
async function ed25519Holds(
  key: TicketKey,
  signature: Uint8Array<ArrayBuffer>,
  signed: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  let cryptoKey: CryptoKey;
  try {
    cryptoKey = await importKey(key);
  } catch {
    const publicKey = fromBase64Url(key.jwk.x);
    if (!publicKey) return false;
    const { verifyAsync } = await import('@noble/ed25519');
    return verifyAsync(signature, signed, publicKey, { zip215: false }).catch(() => false);
  }
  return crypto.subtle.verify({ name: 'Ed25519' }, cryptoKey, signature, signed);
}

/**
 * Imports the door list's keys now, and where WebCrypto cannot, fetches the fallback verifier,
 * so that it is among the files the door page keeps for opening offline.
 */
export async function prepareTicketVerification(keys: TicketKey[]): Promise<void> {
  const key = keys[0];
  if (!key) return;
  try {
    await importKey(key);
  } catch {
    await import('@noble/ed25519');
  }
}

/** Whether the ticket's signature holds under the key it names, among the keys given. */
export async function signatureHolds(ticket: ParsedTicket, keys: TicketKey[]): Promise<boolean> {
  const key = keys.find((candidate) => candidate.keyId === ticket.claims.keyId);
  if (!key || !ticket.signature) return false;
  try {
    return await ed25519Holds(key, ticket.signature, ticket.signed);
  } catch {
    return false;
  }
}

/**
 * The door's answer from the door list alone, without the network: the signature first, then
 * the slot, then whether the ticket was revoked (or its registration is gone), then its validity,
 * then whether the person is already in. `checkedIn` overrides the list for check-ins this phone
 * made since the list was fetched.
 */
export async function verifyTicket(
  code: string,
  list: DoorList,
  now: Date,
  localCheckIns: ReadonlyMap<
    string,
    { at: string; by: string | null; device: string | null }
  > = new Map(),
): Promise<LocalVerdict> {
  const ticket = parseTicket(code);
  if (!ticket) return { kind: 'unknown' };
  if (!(await signatureHolds(ticket, list.keys))) return { kind: 'forged' };
  const { claims } = ticket;
  if (claims.event !== list.event || claims.time !== list.time) {
    return { kind: 'wrong-slot', claims };
  }
  // The list names people by their door handle: the ticket's id is turned into one to find them.
  const handle = await doorHandleOf(claims.registrationId);
  const revoked = list.revoked.find((entry) => entry.handle === handle);
  if (revoked?.reason === 'wrong-slot') {
    // Its booking moved to another slot: named there, as the server's check-in names it.
    return {
      kind: 'wrong-slot',
      claims,
      ...(revoked.movedTo ? { movedTo: revoked.movedTo } : {}),
      ...(revoked.name ? { name: revoked.name } : {}),
    };
  }
  if (revoked) return { kind: revoked.reason, claims };
  const person = list.seated.find((entry) => entry.handle === handle);
  if (!person) return { kind: 'cancelled', claims };
  if (claims.validUntil * 1000 < now.getTime()) return { kind: 'expired', claims };
  const local = localCheckIns.get(person.handle);
  if (local && person.state !== 'checked-in') {
    return {
      kind: 'already',
      claims,
      person: {
        ...person,
        state: 'checked-in',
        checkedInAt: local.at,
        checkedInBy: local.by,
        checkedInDevice: local.device,
      },
    };
  }
  return { kind: person.state === 'checked-in' ? 'already' : 'valid', claims, person };
}
