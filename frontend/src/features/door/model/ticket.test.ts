/** @jest-environment node */
import type { DoorList } from './door-list';
import { parseTicket, verifyTicket } from './ticket';
import vectorFile from './ticket-vectors.json';
import { doorHandleOf } from './door-handle';
import { answerFromVerdict } from './door-answer';

const { vectors } = vectorFile;
const doorList = vectorFile.doorList as DoorList;
const now = new Date(vectorFile.now);

describe('a ticket verified on the door phone (the shared vectors)', () => {
  it.each(vectors.map((vector) => [vector.name, vector] as const))('%s', async (_, vector) => {
    const verdict = await verifyTicket(vector.ticket, doorList, now);
    expect(verdict.kind).toBe(vector.expect);
  });

  it('covers each answer the door gives', () => {
    expect(new Set(vectors.map((vector) => vector.expect))).toEqual(
      new Set([
        'valid',
        'already',
        'forged',
        'expired',
        'wrong-slot',
        'cancelled',
        'not-paid',
        'unknown',
      ]),
    );
  });
});

describe('local verification against the list the phone holds', () => {
  const valid = vectors.find((vector) => vector.name === 'valid')!.ticket;

  it('names the seated person of a valid ticket', async () => {
    const verdict = await verifyTicket(valid, doorList, now);
    expect(verdict).toMatchObject({ kind: 'valid', person: { name: 'Ana Popescu', seat: 1 } });
  });

  it('answers already checked in for a check-in this phone made since the list was fetched', async () => {
    const local = new Map([
      [
        await doorHandleOf(parseTicket(valid)!.claims.registrationId),
        { at: '2025-10-30T17:09:00.000Z', by: 'Bianca Box', device: 'Door phone 1' },
      ],
    ]);
    const verdict = await verifyTicket(valid, doorList, now, local);
    expect(verdict).toMatchObject({
      kind: 'already',
      person: {
        checkedInAt: '2025-10-30T17:09:00.000Z',
        checkedInBy: 'Bianca Box',
        checkedInDevice: 'Door phone 1',
      },
    });
  });

  it('refuses every ticket once the list carries no key (nothing to verify with)', async () => {
    expect((await verifyTicket(valid, { ...doorList, keys: [] }, now)).kind).toBe('forged');
  });

  it('refuses a ticket revoked since (cancelled after the list was first fetched)', async () => {
    const handle = await doorHandleOf(parseTicket(valid)!.claims.registrationId);
    const list: DoorList = {
      ...doorList,
      seated: doorList.seated.filter((person) => person.handle !== handle),
      revoked: [...doorList.revoked, { handle, reason: 'cancelled' }],
    };
    expect((await verifyTicket(valid, list, now)).kind).toBe('cancelled');
  });

  it('refuses the old ticket of a booking moved to another slot, naming where it is now', async () => {
    const handle = await doorHandleOf(parseTicket(valid)!.claims.registrationId);
    const movedTo = { event: 'milano', time: 'Nov 2 - 8:00pm' };
    const list: DoorList = {
      ...doorList,
      seated: doorList.seated.filter((person) => person.handle !== handle),
      revoked: [...doorList.revoked, { handle, reason: 'wrong-slot', movedTo, name: 'Ana Pop' }],
    };
    const verdict = await verifyTicket(valid, list, now);
    expect(verdict).toMatchObject({ kind: 'wrong-slot', movedTo, name: 'Ana Pop' });
    expect(answerFromVerdict(verdict)).toEqual({
      kind: 'wrong-slot',
      name: 'Ana Pop',
      source: 'phone',
      ticketSlot: movedTo,
    });
  });

  it('expires a ticket at its own validity, not before', async () => {
    const { validUntil } = parseTicket(valid)!.claims;
    expect((await verifyTicket(valid, doorList, new Date(validUntil * 1000))).kind).toBe('valid');
    expect((await verifyTicket(valid, doorList, new Date(validUntil * 1000 + 1000))).kind).toBe(
      'expired',
    );
  });
});

describe('on a browser whose WebCrypto has no Ed25519', () => {
  it.each(vectors.map((vector) => [vector.name, vector] as const))(
    '%s (verified by @noble/ed25519)',
    async (_, vector) => {
      const importKey = jest
        .spyOn(crypto.subtle, 'importKey')
        .mockRejectedValue(new DOMException('Unrecognized name.', 'NotSupportedError'));
      const list: DoorList = {
        ...doorList,
        // Key objects of their own, so none imported by WebCrypto earlier in this file is reused.
        keys: doorList.keys.map((key) => ({ ...key })),
      };
      try {
        expect((await verifyTicket(vector.ticket, list, now)).kind).toBe(vector.expect);
      } finally {
        importKey.mockRestore();
      }
    },
  );
});

describe('the door handle', () => {
  it('is derived on the phone as the server derives it, so a scanned ticket finds its row', async () => {
    // The vectors' door list was written with the server's derivation (node:crypto).
    const valid = vectors.find((vector) => vector.name === 'valid')!.ticket;
    const handle = await doorHandleOf(parseTicket(valid)!.claims.registrationId);
    expect(doorList.seated.map((person) => person.handle)).toContain(handle);
    expect(handle).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(doorList)).not.toContain(parseTicket(valid)!.claims.registrationId);
  });
});
