import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTicket } from '../../src/day-of-show/tickets/ticket-code';

/**
 * The door page verifies tickets on the phone (frontend features/door/model/ticket.ts) and the
 * server verifies them again: both are held to one file of signed tickets and the answer each
 * must get. Here, the server's reading: what the phone calls forged the server calls forged,
 * what it calls not a ticket the server calls unreadable, and every other ticket reads.
 */
interface Vectors {
  doorList: { keys: { keyId: string; pem: string }[] };
  vectors: { name: string; ticket: string; expect: string }[];
}

const file: Vectors = JSON.parse(
  readFileSync(
    join(__dirname, '../../../frontend/src/features/door/model/ticket-vectors.json'),
    'utf8',
  ),
);
const keys = new Map(
  file.doorList.keys.map((key) => [key.keyId, { publicKey: createPublicKey(key.pem) }]),
);

describe('ticket vectors shared with the door page', () => {
  it.each(file.vectors.map((vector) => [vector.name, vector] as const))('%s', (_, vector) => {
    const reading = readTicket(vector.ticket, (keyId) => keys.get(keyId));
    const expected =
      vector.expect === 'forged'
        ? { ok: false, defect: 'forged' }
        : vector.expect === 'unknown'
          ? { ok: false, defect: 'unreadable' }
          : { ok: true };
    expect(reading).toMatchObject(expected);
  });
});
