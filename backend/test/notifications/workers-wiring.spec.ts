import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { registerVisitor } from '../payments/payment-fixtures';
import { waitFor } from '../wait-for';

describe('the in-process workers (WORKERS=true)', () => {
  let app: TestApp | undefined;
  let dataDir: string;

  const opened = appsOnOwnDatabase([]);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'workers-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("start with the app, send a paid visitor's confirmation as an .eml under DATA_DIR/outbox, and stop on close", async () => {
    app = await opened.start({ env: { WORKERS: 'true', DATA_DIR: dataDir } });
    const email = `wired.${Date.now()}@example.com`;
    const registered = await registerVisitor(app.url, { email });
    const checkout = `${app.url}${new URL(registered.url!).pathname}`;
    const paid = await fetch(checkout, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cardNumber=4242424242424242&expiry=12%2F34&cvc=123',
    });
    expect(paid.status).toBe(303);

    const outboxDir = path.join(dataDir, 'outbox');
    const files = await waitFor(async () => {
      const names = await readdir(outboxDir).catch(() => [] as string[]);
      return names.some((name) => name.endsWith('.eml')) ? names : undefined;
    }, 10_000);
    const eml = await readFile(
      path.join(
        outboxDir,
        files.find((name) => name.endsWith('.eml'))!,
      ),
      'utf8',
    );
    // The recipient as one structured address: the name, then the address in angle brackets.
    expect(eml.split('\n').filter((line) => line.startsWith('To: '))).toEqual([
      expect.stringMatching(/^To: [^<>,]+ <[^<>,]+>$/),
    ]);
    expect(eml).toContain(`<${email}>`);
    expect(eml).toContain('Subject: Your place is confirmed: Dream Darkroom, Bucharest');
    // The file is written before the worker records the message as sent: wait for that too.
    const row = await waitFor(async () => {
      const [outbox] = await app!.dataSource.query(
        `SELECT sent_at, attempts FROM outbox
          WHERE registration_id = $1 AND kind = 'payment-confirmed'`,
        [registered.registrationId],
      );
      return outbox?.sent_at ? (outbox as { sent_at: Date; attempts: number }) : undefined;
    }, 10_000);
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(1);

    const started = Date.now();
    await app.close();
    app = undefined;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
