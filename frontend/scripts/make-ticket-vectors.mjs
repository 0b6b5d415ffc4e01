/**
 * Writes src/features/door/model/ticket-vectors.json: tickets signed as the server signs them
 * (Ed25519 from node:crypto over the ASCII bytes of `T1.<payload>`), from fixed seeds, each with
 * the answer the door must give. The door page's verifier and the server's are both held to it.
 * Run again only to add a case: `node scripts/make-ticket-vectors.mjs`.
 */
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const keyFromSeed = (seedByte) =>
  createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, Buffer.alloc(32, seedByte)]),
    format: 'der',
    type: 'pkcs8',
  });

function publicKeyItem(keyId, privateKey, current) {
  const publicKey = createPublicKey(privateKey);
  const { x } = publicKey.export({ format: 'jwk' });
  return {
    keyId,
    algorithm: 'Ed25519',
    current,
    pem: publicKey.export({ format: 'pem', type: 'spki' }),
    jwk: { kty: 'OKP', crv: 'Ed25519', x, kid: keyId },
  };
}

const b64url = (buffer) => Buffer.from(buffer).toString('base64url');

function ticket(claims, privateKey) {
  const payload = b64url(JSON.stringify(claims));
  const signed = `T1.${payload}`;
  return `${signed}.${b64url(sign(null, Buffer.from(signed, 'ascii'), privateKey))}`;
}

const current = keyFromSeed(1);
const previous = keyFromSeed(2);
const stranger = keyFromSeed(3);

const now = '2025-10-30T17:10:00.000Z';
const validUntil = Date.parse('2025-10-31T02:00:00.000Z') / 1000;
const event = 'bucharest';
const time = 'Oct 30 - 7:30pm';
const ids = {
  seated: '0199c1a0-0000-7000-8000-00000000a001',
  arrived: '0199c1a0-0000-7000-8000-00000000a002',
  oldKey: '0199c1a0-0000-7000-8000-00000000a003',
  cancelled: '0199c1a0-0000-7000-8000-00000000a004',
  notPaid: '0199c1a0-0000-7000-8000-00000000a005',
  deleted: '0199c1a0-0000-7000-8000-00000000a006',
  otherSlot: '0199c1a0-0000-7000-8000-00000000a007',
  noShow: '0199c1a0-0000-7000-8000-00000000a008',
};
const claims = (registrationId, extra = {}) => ({
  k: 'k-2025-10',
  r: registrationId,
  e: event,
  s: time,
  u: validUntil,
  ...extra,
});

/**
 * The door names people by their door handle, never their registration id (the server's
 * doorHandleOf): the phone derives it from a scanned ticket's id to find the row, so these
 * vectors hold the phone's derivation equal to the server's.
 */
const handleOf = (registrationId) =>
  createHash('sha256')
    .update(`dream-darkroom door handle:${registrationId}`, 'utf8')
    .digest()
    .subarray(0, 16)
    .toString('base64url');

const person = (registrationId, seat, name, state, checkedInAt = null, checkedInBy = null) => ({
  handle: handleOf(registrationId),
  shortId: `#${registrationId.slice(-6).toUpperCase()}`,
  name,
  seat,
  state,
  checkedInAt,
  checkedInBy,
  // The phone, as its operator named it (none here: the check-in is named by its operator).
  checkedInDevice: null,
});

const doorList = {
  event,
  time,
  startsAt: '2025-10-30T17:30:00.000Z',
  started: false,
  syncedAt: '2025-10-30T17:05:00.000Z',
  seated: [
    person(ids.seated, 1, 'Ana Popescu', 'not-arrived'),
    person(ids.arrived, 2, 'Marco Rossi', 'checked-in', '2025-10-30T17:01:00.000Z', 'owner'),
    person(ids.oldKey, 3, 'Ioana Dumitrescu', 'not-arrived'),
    person(ids.noShow, 4, 'Luca Bianchi', 'no-show'),
  ],
  waitingList: [
    {
      handle: handleOf('0199c1a0-0000-7000-8000-00000000b001'),
      shortId: '#00B001',
      name: 'Elena Stan',
      position: 1,
    },
  ],
  revoked: [
    { handle: handleOf(ids.cancelled), reason: 'cancelled' },
    { handle: handleOf(ids.notPaid), reason: 'not-paid' },
  ],
  keys: [publicKeyItem('k-2025-10', current, true), publicKeyItem('k-2025-09', previous, false)],
};

const valid = ticket(claims(ids.seated), current);
const [, validPayload, validSignature] = valid.split('.');
const alteredPayload = b64url(JSON.stringify(claims(ids.arrived)));
const flipped = Buffer.from(validSignature, 'base64url');
flipped[10] ^= 1;

const vectors = [
  { name: 'valid', ticket: valid, expect: 'valid' },
  {
    name: 'valid under the previous key, kept after a rotation',
    ticket: ticket(claims(ids.oldKey, { k: 'k-2025-09' }), previous),
    expect: 'valid',
  },
  {
    name: 'a no-show who arrives late',
    ticket: ticket(claims(ids.noShow), current),
    expect: 'valid',
  },
  {
    name: 'already checked in',
    ticket: ticket(claims(ids.arrived), current),
    expect: 'already',
  },
  {
    name: 'altered payload (another registration under the same signature)',
    ticket: `T1.${alteredPayload}.${validSignature}`,
    expect: 'forged',
  },
  {
    name: 'altered signature',
    ticket: `T1.${validPayload}.${b64url(flipped)}`,
    expect: 'forged',
  },
  {
    name: 'signed by another key under the current key id',
    ticket: ticket(claims(ids.seated), stranger),
    expect: 'forged',
  },
  {
    name: 'a key id the list does not carry',
    ticket: ticket(claims(ids.seated, { k: 'k-unknown' }), stranger),
    expect: 'forged',
  },
  {
    name: 'expired',
    ticket: ticket(claims(ids.seated, { u: Date.parse(now) / 1000 - 60 }), current),
    expect: 'expired',
  },
  {
    name: 'another slot',
    ticket: ticket(claims(ids.otherSlot, { s: 'Oct 19 - 7:00pm' }), current),
    expect: 'wrong-slot',
  },
  {
    name: 'another event',
    ticket: ticket(claims(ids.otherSlot, { e: 'milano' }), current),
    expect: 'wrong-slot',
  },
  {
    name: 'revoked: cancelled',
    ticket: ticket(claims(ids.cancelled), current),
    expect: 'cancelled',
  },
  { name: 'revoked: not paid', ticket: ticket(claims(ids.notPaid), current), expect: 'not-paid' },
  {
    name: 'a registration no longer in the list (deleted)',
    ticket: ticket(claims(ids.deleted), current),
    expect: 'cancelled',
  },
  { name: 'a signature cut short', ticket: valid.slice(0, -2), expect: 'forged' },
  { name: 'padded', ticket: `${valid}==`, expect: 'unknown' },
  { name: 'not a ticket', ticket: 'https://example.org/', expect: 'unknown' },
  { name: 'a ticket cut short', ticket: `T1.${validPayload}`, expect: 'unknown' },
  {
    name: 'a payload that is not the ticket JSON',
    ticket: (() => {
      const payload = b64url('{"hello":"world"}');
      const signed = `T1.${payload}`;
      return `${signed}.${b64url(sign(null, Buffer.from(signed, 'ascii'), current))}`;
    })(),
    expect: 'unknown',
  },
];

writeFileSync(
  new URL('../src/features/door/model/ticket-vectors.json', import.meta.url),
  `${JSON.stringify({ now, doorList, vectors }, null, 2)}\n`,
);
