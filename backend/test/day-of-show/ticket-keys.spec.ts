import { request } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import {
  newTicketKey,
  readTicket,
  signTicket,
  ticketKeyToPem,
} from '../../src/day-of-show/tickets/ticket-code';
import { rotateTicketKey } from '../../src/day-of-show/tickets/ticket-keys';
import { createPublicKey } from 'node:crypto';

interface PublishedKeys {
  keys: {
    keyId: string;
    algorithm: string;
    current: boolean;
    pem: string;
    jwk: { kty: string; crv: string; x: string; kid: string };
  }[];
}

const TICKET = {
  r: '0b5b6a8e-3c1f-4f7e-9a55-3c1e1d2f4a10',
  e: 'bucharest',
  s: 'Oct 30 - 7:30pm',
  u: 1_761_890_400,
};

describe('GET /api/tickets/public-key, the key kept in the database and its rotation', () => {
  const opened = appsOnOwnDatabase([]);
  const { apps } = opened;

  function start(env: Record<string, string> = {}): Promise<TestApp> {
    return opened.start({ env });
  }

  async function keysOf(app: TestApp): Promise<PublishedKeys['keys']> {
    const response = await request<PublishedKeys>(app.url, 'GET', '/api/tickets/public-key');
    expect(response.status).toBe(200);
    return response.body.keys;
  }

  it('publishes one generated key, shared by every process, as PEM and JWK', async () => {
    const [first, second] = await Promise.all([start(), start()]);
    const [fromFirst, fromSecond] = await Promise.all([keysOf(first), keysOf(second)]);
    expect(fromFirst).toEqual(fromSecond);
    expect(fromFirst).toHaveLength(1);
    const [key] = fromFirst;
    expect(key).toMatchObject({ algorithm: 'Ed25519', current: true });
    expect(key.jwk).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: key.keyId });
    // The JWK and the PEM are the same key.
    const fromJwk = createPublicKey({ key: { ...key.jwk }, format: 'jwk' });
    expect(fromJwk.export({ type: 'spki', format: 'pem' })).toBe(key.pem);
  });

  it('after a rotation, publishes the new key as current and keeps the old one valid', async () => {
    const before = await keysOf(apps[0]);
    const newKeyId = await rotateTicketKey(apps[0].dataSource);
    const after = await keysOf(await start());
    expect(after.map((key) => [key.keyId, key.current])).toEqual([
      [newKeyId, true],
      [before[0].keyId, false],
    ]);
  });

  it('signs with TICKET_SIGNING_KEY when it is set, and still publishes the stored keys', async () => {
    const configured = newTicketKey();
    const pem = ticketKeyToPem(configured).replace(/\n/g, '\\n');
    const app = await start({ TICKET_SIGNING_KEY: pem });
    const keys = await keysOf(app);
    expect(keys[0]).toMatchObject({ keyId: configured.keyId, current: true });
    expect(keys.slice(1).every((key) => !key.current)).toBe(true);
    expect(keys).toHaveLength(3);
    const code = signTicket(TICKET, configured);
    const published = new Map(
      keys.map((key) => [key.keyId, { publicKey: createPublicKey(key.pem) }]),
    );
    expect(readTicket(code, (id) => published.get(id))).toMatchObject({ ok: true });
  });
});
