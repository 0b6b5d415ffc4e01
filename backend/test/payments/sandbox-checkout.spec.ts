import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { LiveTour } from '../../src/tour/live-tour';
import { loadConfig } from '../../src/config/config';
import { FileMailTransport } from '../../src/notifications/mail-transport';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { PaymentGateway } from '../../src/payments/payment-gateway';
import type { TestDatabase } from '../test-database';
import { appsOnOwnDatabase, startTestApp, type TestApp } from '../test-app';
import { OPEN_SLOT, request } from '../http';
import { deliver, registerVisitor, sessionEvent } from './payment-fixtures';
import { storedEvents } from '../read-models';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';

interface Page {
  status: number;
  text: string;
  location: string | null;
}

async function page(url: string, form?: Record<string, string>): Promise<Page> {
  const response = await fetch(url, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return {
    status: response.status,
    text: await response.text(),
    location: response.headers.get('location'),
  };
}

describe('the sandbox checkout, over HTTP', () => {
  let database: TestDatabase;
  let app: TestApp;
  let mailDir: string;

  const ours = appsOnOwnDatabase();

  beforeAll(async () => {
    app = ours.app;
    database = ours.database;
    mailDir = await mkdtemp(path.join(tmpdir(), 'sandbox-mail-'));
  });

  afterAll(async () => {
    await rm(mailDir, { recursive: true, force: true });
  });

  /** The checkout page's address on this test server (the public URL names localhost). */
  function local(checkoutUrl: string): string {
    return `${app.url}${new URL(checkoutUrl).pathname}`;
  }

  async function status(id: string): Promise<string> {
    const [row] = await app.dataSource.query('SELECT status FROM registration_view WHERE id = $1', [
      id,
    ]);
    return row.status;
  }

  const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

  it('registers, shows the page, declines the declining card, pays, and queues the email', async () => {
    const email = `ioana.${Date.now()}@example.com`;
    const registered = await registerVisitor(app.url, { locale: 'ro', email });
    expect(registered.status).toBe(200);
    expect(registered.url).toMatch(/\/sandbox\/checkout\/cs_sandbox_[\w-]+$/);
    const checkout = local(registered.url!);
    const sessionId = checkout.split('/').pop()!;

    const shown = await page(checkout);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('<html lang="ro">');
    expect(shown.text).toContain('Plată de test');
    expect(shown.text).toContain('aceasta este o pagină de plată de test'.replace(/^a/, 'A'));
    expect(shown.text).toContain('București');
    expect(shown.text).not.toContain('Bucharest');
    // The slot by its day in Romanian words, as the tour places it (the tests' tour: a month
    // ahead), not by its key.
    expect(shown.text).not.toContain(OPEN_SLOT);
    const startsAt = app.app.get(LiveTour).startOf('bucharest', OPEN_SLOT)!;
    expect(shown.text).toContain(
      new Intl.DateTimeFormat('ro', { dateStyle: 'full', timeZone: 'Europe/Bucharest' }).format(
        startsAt,
      ),
    );
    expect(shown.text).toContain('35\u00a0RON');
    for (const field of ['cardNumber', 'expiry', 'cvc'])
      expect(shown.text).toContain(`name="${field}"`);
    expect(shown.text).toContain(
      `href="${app.config.publicUrl}/?register=true&#38;payment=cancelled&#38;registration=${registered.registrationId}"`,
    );

    const declined = await page(checkout, { ...GOOD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(declined.text).toContain(
      'Cardul tău a fost refuzat. Te rugăm să încerci din nou cu alt card.',
    );
    expect(declined.text).toContain('name="cardNumber"');
    expect(await status(registered.registrationId)).toBe('held');

    const badExpiry = await page(checkout, { ...GOOD, expiry: '01/20' });
    expect(badExpiry.status).toBe(400);
    expect(badExpiry.text).toContain('dată de expirare viitoare');
    const otherCard = await page(checkout, { ...GOOD, cardNumber: '5555 5555 5555 4444' });
    expect(otherCard.status).toBe(400);

    const paid = await page(checkout, GOOD);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${app.config.publicUrl}/confirmation?session_id=${sessionId}`);
    expect(await status(registered.registrationId)).toBe('paid');
    const events = (
      await storedEvents(app.dataSource, `registration-${registered.registrationId}`)
    ).map(({ type, data, metadata }) => ({
      type,
      actor: metadata.actor,
      provider_event: data.providerEventId ?? null,
    }));
    expect(events.map((event: { type: string }) => event.type)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'PaymentConfirmed',
      'SeatNumbered',
    ]);
    expect(events[2]).toMatchObject({ actor: 'payment-provider' });
    expect(events[2].provider_event).toMatch(/^evt_sandbox_completed_/);

    // Paying again (a double click, the back button) changes nothing and lands on the same page.
    const again = await page(checkout, GOOD);
    expect(again.status).toBe(303);
    expect((await page(checkout)).status).toBe(303);
    const confirmed = await storedEvents(
      app.dataSource,
      `registration-${registered.registrationId}`,
      'PaymentConfirmed',
    );
    expect(confirmed).toHaveLength(1);

    const capacity = await request<Record<string, Record<string, { registered: number }>>>(
      app.url,
      'GET',
      '/api/capacity',
    );
    expect(capacity.body.bucharest[OPEN_SLOT].registered).toBe(1);

    const outbox = await app.dataSource.query(
      'SELECT id, kind, sent_at FROM outbox WHERE registration_id = $1 ORDER BY id',
      [registered.registrationId],
    );
    // The confirmation, and the reminder held until the hours before the slot.
    expect(outbox).toEqual([
      expect.objectContaining({ kind: 'payment-confirmed', sent_at: null }),
      expect.objectContaining({ kind: 'show-reminder', sent_at: null }),
      // The confirmation, and the payment's receipt (docs/money.md).
      expect.objectContaining({ kind: 'payment-receipt', sent_at: null }),
    ]);
    const worker = new OutboxWorker(
      app.dataSource,
      app.config,
      app.app.get(LiveTour),
      new FileMailTransport(mailDir),
      app.app.get(VisitorLinks),
      app.app.get(TicketIssuer),
      app.app.get(EarlierMessageFacts),
    );
    expect(await worker.runOnce()).toEqual({ sent: 2, failed: 0, cancelled: 0 });
    const files = (await readdir(mailDir)).sort();
    expect(files).toHaveLength(2);
    const eml = await readFile(
      path.join(
        mailDir,
        files.find((file) => file.includes(`outbox-${outbox[0].id}.`))!,
      ),
      'utf8',
    );
    // The recipient as one structured address: the name, then the address in angle brackets.
    expect(eml.split('\n').filter((line) => line.startsWith('To: '))).toEqual([
      expect.stringMatching(/^To: [^<>,]+ <[^<>,]+>$/),
    ]);
    expect(eml).toContain(`<${email}>`);
    expect(eml).toContain(
      `Message-ID: <outbox-${outbox[0].id}.${registered.registrationId}@localhost>`,
    );
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('Content-Type: text/calendar');
  });

  it("expires after its 30 minutes like Stripe's: the page says so and takes no payment", async () => {
    const registered = await registerVisitor(app.url);
    const checkout = local(registered.url!);
    const sessionId = checkout.split('/').pop()!;
    const [session] = await app.dataSource.query(
      'SELECT expires_at, created_at FROM sandbox_checkout_sessions WHERE id = $1',
      [sessionId],
    );
    const minutes =
      (new Date(session.expires_at).getTime() - new Date(session.created_at).getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30.1);

    await app.dataSource.query(
      `UPDATE sandbox_checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [sessionId],
    );
    const shown = await page(checkout);
    expect(shown.status).toBe(410);
    expect(shown.text).toContain('This payment page has expired');
    const refused = await page(checkout, GOOD);
    expect(refused.status).toBe(410);
    expect(await status(registered.registrationId)).toBe('held');
  });

  it('answers 404 for a session it does not know', async () => {
    expect((await page(`${app.url}/sandbox/checkout/cs_sandbox_nope`)).status).toBe(404);
  });

  it('shares one webhook secret between app processes, kept in the database', async () => {
    const second = await startTestApp(database.url);
    try {
      const first = await app.app.get(PaymentGateway).webhookSecret();
      const other = await second.app.get(PaymentGateway).webhookSecret();
      expect(first).toMatch(/^whsec_sandbox_/);
      expect(other).toBe(first);
      const rows = await app.dataSource.query(
        `SELECT value FROM app_settings WHERE key = 'sandbox_webhook_secret'`,
      );
      expect(rows).toEqual([{ value: first }]);

      // A payment page opened by one process, paid through the other.
      const registered = await registerVisitor(app.url);
      const sessionId = registered.url!.split('/').pop()!;
      const paid = await page(`${second.url}/sandbox/checkout/${sessionId}`, GOOD);
      expect(paid.status).toBe(303);
      expect(await status(registered.registrationId)).toBe('paid');
    } finally {
      await second.close();
    }
  });

  it('uses SANDBOX_WEBHOOK_SECRET when it is set, and refuses deliveries signed otherwise', async () => {
    const fixed = await startTestApp(database.url, {
      SANDBOX_WEBHOOK_SECRET: 'whsec_fixed_for_ops',
    });
    try {
      expect(await fixed.app.get(PaymentGateway).webhookSecret()).toBe('whsec_fixed_for_ops');
      const registered = await registerVisitor(fixed.url);
      const sessionId = registered.url!.split('/').pop()!;
      const event = sessionEvent('checkout.session.completed', {
        id: sessionId,
        registrationId: registered.registrationId,
      });
      expect((await deliver(fixed.url, event, 'whsec_wrong')).status).toBe(400);
      expect((await deliver(fixed.url, event, 'whsec_fixed_for_ops')).status).toBe(200);
    } finally {
      await fixed.close();
    }
  });
});

describe('the sandbox in production', () => {
  const production = {
    NODE_ENV: 'production',
    ADMIN_PASSWORD: 'a-long-enough-password',
    PUBLIC_URL: 'https://tickets.example.org',
  };

  it('refuses to start without a Stripe key unless SANDBOX_PAYMENTS=true', () => {
    expect(() => loadConfig(production)).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY is required in production (or set SANDBOX_PAYMENTS=true to take test payments)',
    );
    let config;
    try {
      config = loadConfig({ ...production, SANDBOX_PAYMENTS: 'true' });
    } catch (error) {
      // Other production requirements may apply; the payment one must not be among them.
      expect(String(error)).not.toMatch(/STRIPE|SANDBOX/);
    }
    if (config) expect(config.sandboxPayments).toBe(true);
  });

  it('uses Stripe whenever both Stripe keys are set', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.stripe).toBeDefined();
    expect(config.sandboxPayments).toBe(false);
  });
});
