import { createPublicKey, verify } from 'node:crypto';
import {
  newTicketKey,
  readTicket,
  signTicket,
  ticketKeyFromPem,
  ticketKeyToPem,
  ticketValidUntil,
  type TicketKey,
} from '../../src/day-of-show/tickets/ticket-code';

const REGISTRATION = '0b5b6a8e-3c1f-4f7e-9a55-3c1e1d2f4a10';
const TICKET = { r: REGISTRATION, e: 'bucharest', s: 'Oct 30 - 7:30pm', u: 1_761_890_400 };

function ring(...keys: TicketKey[]) {
  return (keyId: string) => keys.find((key) => key.keyId === keyId);
}

function payloadOf(code: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(code.split('.')[1], 'base64url').toString('utf8'));
}

describe('ticket codes (Ed25519)', () => {
  const key = newTicketKey();

  it('is T1.<payload>.<signature>, base64url without padding, the payload as the contract names it', () => {
    const code = signTicket(TICKET, key);
    expect(code).toMatch(/^T1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(payloadOf(code)).toEqual({ k: key.keyId, ...TICKET });
    // Anyone with the published key verifies it, as a door device does: over `T1.<payload>`.
    const [prefix, payload, signature] = code.split('.');
    const published = createPublicKey(key.publicKey.export({ type: 'spki', format: 'pem' }));
    expect(
      verify(
        null,
        Buffer.from(`${prefix}.${payload}`, 'ascii'),
        published,
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(true);
    expect(readTicket(code, ring(key))).toEqual({ ok: true, payload: { k: key.keyId, ...TICKET } });
  });

  it('refuses an altered payload as forged', () => {
    const code = signTicket(TICKET, key);
    const [prefix, , signature] = code.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...payloadOf(code), s: 'Oct 31 - 7:30pm' }),
    ).toString('base64url');
    expect(readTicket(`${prefix}.${altered}.${signature}`, ring(key))).toEqual({
      ok: false,
      defect: 'forged',
    });
  });

  it('refuses an altered signature, and one with padding, as forged', () => {
    const code = signTicket(TICKET, key);
    const last = code.at(-1) === 'A' ? 'B' : 'A';
    expect(readTicket(code.slice(0, -1) + last, ring(key))).toMatchObject({ defect: 'forged' });
    const [prefix, payload, signature] = code.split('.');
    const bytes = Buffer.from(signature, 'base64url');
    bytes[0] ^= 1;
    expect(readTicket(`${prefix}.${payload}.${bytes.toString('base64url')}`, ring(key))).toEqual({
      ok: false,
      defect: 'forged',
    });
  });

  it('refuses a code signed by another key, even one that names ours', () => {
    const other = newTicketKey();
    const byOther = signTicket(TICKET, other);
    expect(readTicket(byOther, ring(key))).toEqual({ ok: false, defect: 'forged' });
    // Another key's signature over a payload that names our key id.
    const [, , signature] = signTicket(TICKET, other).split('.');
    const naming = Buffer.from(JSON.stringify({ k: key.keyId, ...TICKET })).toString('base64url');
    expect(readTicket(`T1.${naming}.${signature}`, ring(key))).toEqual({
      ok: false,
      defect: 'forged',
    });
  });

  it('reads what is not a ticket at all as unreadable', () => {
    for (const code of [
      '',
      'hello',
      'https://example.com/',
      'T2.abc.def',
      'T1.abc',
      'T1.!!!.abc',
      `T1.${Buffer.from('not json').toString('base64url')}.abc`,
      `T1.${Buffer.from(JSON.stringify({ k: 'x', r: 'not-a-uuid', e: 'a', s: 'b', u: 1 })).toString('base64url')}.abc`,
    ]) {
      expect(readTicket(code, ring(key))).toEqual({ ok: false, defect: 'unreadable' });
    }
  });

  it('keeps verifying after the key is stored and read back (PKCS#8 PEM)', () => {
    const again = ticketKeyFromPem(ticketKeyToPem(key));
    expect(again.keyId).toBe(key.keyId);
    expect(readTicket(signTicket(TICKET, key), ring(again))).toMatchObject({ ok: true });
  });

  it('is valid until the end of the slot day where the event is, plus the margin', () => {
    // 30 October 2025, 7:30pm in Bucharest (EET, UTC+2): the day ends at 22:00 UTC.
    expect(
      ticketValidUntil(new Date('2025-10-30T17:30:00Z'), 'Europe/Bucharest', 6).toISOString(),
    ).toBe('2025-10-31T04:00:00.000Z');
    // 25 October 2025, the eve of the change back to EET: that day ends at 21:00 UTC (EEST).
    expect(
      ticketValidUntil(new Date('2025-10-25T16:30:00Z'), 'Europe/Bucharest', 0).toISOString(),
    ).toBe('2025-10-25T21:00:00.000Z');
    // A slot at 23:30 in Rome ends its day half an hour later.
    expect(ticketValidUntil(new Date('2026-03-12T22:30:00Z'), 'Europe/Rome', 0).toISOString()).toBe(
      '2026-03-12T23:00:00.000Z',
    );
  });
});
