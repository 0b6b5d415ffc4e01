import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { RefundWorker } from '../../src/checkout/refund-worker';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';
import { FileMailTransport } from '../../src/notifications/mail-transport';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import type { AccountsDto } from '../../src/registrations/queries/accounts/accounts.response.dto';
import { LiveTour } from '../../src/tour/live-tour';
import { adminRequest, login } from '../admin/admin-client';
import { OPEN_SLOT, payInSandbox } from '../http';
import { readyOperator } from '../operators/operator-client';
import { deliver, registerVisitor, sessionEvent, STRIPE_ENV } from '../payments/payment-fixtures';
import { answerSessionCreation, STAND_IN_FEE, StripeStandIn } from '../payments/stripe-stand-in';
import { snapshotReadModels, storedEvents } from '../read-models';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { catalogueWithSeats } from '../test-tour';
import { pdfAttachmentOf, pdfText } from './pdf-text';

const SELLER = {
  SELLER_NAME: 'Asociația Teatrul Visător',
  SELLER_ADDRESS: 'Strada Știrbei Vodă 2, București',
  SELLER_TAX_ID: 'RO 12345678',
};
const RECEIPTS = 'receipts-ro-12345678';

interface ReceiptData {
  number: number;
  kind: 'payment' | 'refund';
  movement: string;
  amountMinor: number;
  currency: string;
  providerReference: string | null;
  reverses: number | null;
  registrationId: string;
}

/** A checkout.session.completed of `amountMinor` `currency`, paid by `pi_<id>`. */
function paidEvent(id: string, sessionId: string, amountMinor = 3500, currency = 'ron') {
  const event = sessionEvent('checkout.session.completed', {
    id: sessionId,
    registrationId: id,
    paymentIntent: `pi_${id}`,
  });
  const object = (event.data as { object: Record<string, unknown> }).object;
  object.amount_total = amountMinor;
  object.currency = currency;
  return event;
}

async function receipts(app: TestApp): Promise<ReceiptData[]> {
  return (await storedEvents<{ data: ReceiptData }>(app.dataSource, RECEIPTS)).map(
    (row) => row.data,
  );
}

/** One CSV line's cells: quoted ones unquoted, their doubled quotes made one. */
function cellsOf(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map(([, cell]) =>
    cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell,
  );
}

async function csvOf(app: TestApp, cookie: string): Promise<{ status: number; lines: string[] }> {
  const response = await fetch(`${app.url}/api/admin/accounts.csv`, { headers: { cookie } });
  const text = await response.text();
  return { status: response.status, lines: text.replace(/^\uFEFF/, '').split('\r\n') };
}

describe('receipts and the accounts, from the log', () => {
  const stripe = new StripeStandIn();
  let app: TestApp;
  let cookie: string;
  let mailDir: string;
  let refundCount = 0;

  beforeAll(async () => {
    await stripe.start();
    mailDir = await mkdtemp(path.join(tmpdir(), 'receipts-mail-'));
  });

  const ours = appsOnOwnDatabase(() => [
    {
      env: { ...STRIPE_ENV, STRIPE_API_URL: stripe.url, ...SELLER },
      catalogue: catalogueWithSeats(20),
    },
  ]);

  beforeAll(async () => {
    app = ours.app;
    cookie = await login(app.url);
    answerSessionCreation(stripe);
    stripe.on((received) => {
      if (received.method !== 'POST' || received.path !== '/v1/refunds') return undefined;
      refundCount += 1;
      return {
        status: 200,
        body: { id: `re_${refundCount}`, object: 'refund', status: 'succeeded' },
      };
    });
  });

  afterAll(async () => {
    await stripe.stop();
    await rm(mailDir, { recursive: true, force: true });
  });

  async function held(locale = 'ro') {
    const registered = await registerVisitor(app.url, { locale });
    expect(registered.status).toBe(200);
    const [row] = await app.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [registered.registrationId],
    );
    return { id: registered.registrationId, sessionId: row.checkout_session_id as string };
  }

  function outboxWorker(): OutboxWorker {
    return new OutboxWorker(
      app.dataSource,
      app.config,
      app.app.get(LiveTour),
      new FileMailTransport(mailDir),
      app.app.get(VisitorLinks),
      app.app.get(TicketIssuer),
      app.app.get(EarlierMessageFacts),
    );
  }

  it('gives each payment and refund one receipt, numbered without gaps, the accounts, CSV and log agreeing to the minor unit, after a rebuild too', async () => {
    // Paid as priced: a seat and a receipt.
    const kept = await held('ro');
    expect((await deliver(app.url, paidEvent(kept.id, kept.sessionId))).body.outcome).toBe(
      'confirmed',
    );
    // Paid in the wrong currency: money received (a receipt) and sent back (a refund receipt).
    const wrong = await held('it');
    expect(
      (await deliver(app.url, paidEvent(wrong.id, wrong.sessionId, 3500, 'eur'))).body.outcome,
    ).toBe('refund-requested');
    // Paid, then cancelled with a refund by the operator: in flight until the provider confirms.
    const cancelled = await held('en');
    await deliver(app.url, paidEvent(cancelled.id, cancelled.sessionId));
    const cancel = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${cancelled.id}/cancel`,
      { refund: true },
    );
    expect(cancel.status).toBe(200);
    // One held seat, not paid yet: pending.
    await held('ro');

    // Before the refund worker: the two refunds are in flight; three payments have receipts.
    let accounts = await adminRequest<AccountsDto>(app.url, cookie, 'GET', '/api/admin/accounts');
    expect(accounts.status).toBe(200);
    expect(accounts.body.totals).toEqual([
      {
        currency: 'EUR',
        payments: 1,
        seatsPaid: 0,
        grossMinor: 3500,
        refunds: 0,
        refundedMinor: 0,
        refundsInFlight: 1,
        refundsInFlightMinor: 3500,
        netMinor: 3500,
        feesMinor: null,
      },
      {
        currency: 'RON',
        payments: 2,
        seatsPaid: 1,
        grossMinor: 7000,
        refunds: 0,
        refundedMinor: 0,
        refundsInFlight: 1,
        refundsInFlightMinor: 3500,
        netMinor: 7000,
        // The provider's books report a fee for each of the two payments (the stand-in's).
        feesMinor: 2 * STAND_IN_FEE.fee,
      },
    ]);
    expect((await receipts(app)).map((receipt) => [receipt.number, receipt.kind])).toEqual([
      [1, 'payment'],
      [2, 'payment'],
      [3, 'payment'],
    ]);

    const refunds = app.app.get(RefundWorker);
    expect(await refunds.runOnce()).toEqual({ refunded: 2, failed: 0 });

    const given = await receipts(app);
    expect(given.map((receipt) => receipt.number)).toEqual([1, 2, 3, 4, 5]);
    const byMovement = new Map(given.map((receipt) => [receipt.movement, receipt]));
    expect(byMovement.size).toBe(5);
    // Each refund's receipt names the receipt of the payment it reverses.
    for (const refund of given.filter((receipt) => receipt.kind === 'refund')) {
      const original = given.find(
        (receipt) => receipt.kind === 'payment' && receipt.registrationId === refund.registrationId,
      )!;
      expect(refund.reverses).toBe(original.number);
      expect(refund.amountMinor).toBe(original.amountMinor);
      expect(refund.currency).toBe(original.currency);
      expect(refund.providerReference).toMatch(/^re_\d+$/);
      expect(original.providerReference).toBe(`pi_${refund.registrationId}`);
    }

    accounts = await adminRequest<AccountsDto>(app.url, cookie, 'GET', '/api/admin/accounts');
    const [eur, ron] = accounts.body.totals;
    expect(eur).toMatchObject({ grossMinor: 3500, refundedMinor: 3500, netMinor: 0 });
    expect(eur).toMatchObject({ refundsInFlight: 0, refundsInFlightMinor: 0 });
    expect(ron).toMatchObject({ grossMinor: 7000, refundedMinor: 3500, netMinor: 3500 });
    expect(ron).toMatchObject({ seatsPaid: 1, refunds: 1, refundsInFlight: 0 });
    const stop = accounts.body.stops.find((each) => each.event === 'bucharest')!;
    const slot = stop.slots.find((each) => each.time === OPEN_SLOT)!;
    expect(slot.heldSeats).toBe(1);
    expect(slot.totals).toEqual(accounts.body.totals);
    expect(stop.totals).toEqual(accounts.body.totals);

    // The log's money facts, added up by hand, are the accounts.
    const logged = { payments: 0, refunds: 0 };
    for (const id of [kept.id, wrong.id, cancelled.id]) {
      for (const row of await storedEvents(app.dataSource, `registration-${id}`)) {
        const amount = row.data.amountMinor as number;
        if (row.type === 'PaymentConfirmed') logged.payments += amount;
        if (row.type === 'RefundRequested' && row.data.reason === 'amount-mismatch')
          logged.payments += amount;
        if (row.type === 'PaymentRefunded') logged.refunds += amount;
      }
    }
    expect(logged).toEqual({
      payments: eur.grossMinor + ron.grossMinor,
      refunds: eur.refundedMinor + ron.refundedMinor,
    });

    // The CSV: one line a payment and a refund, each with its receipt, summing to the accounts.
    const csv = await csvOf(app, cookie);
    expect(csv.status).toBe(200);
    const [header, ...lines] = csv.lines;
    const columns = cellsOf(header);
    expect(columns.slice(0, 7)).toEqual([
      'date',
      'stop',
      'slot',
      'kind',
      'state',
      'amount',
      'currency',
    ]);
    const rows = lines.map((line) =>
      Object.fromEntries(cellsOf(line).map((cell, index) => [columns[index], cell])),
    );
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => Number(row.receipt_number)).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const currency of ['EUR', 'RON']) {
      const of = rows.filter((row) => row.currency === currency);
      const minor = of.reduce((sum, row) => sum + Number(row.amount_minor), 0);
      const decimal = of.reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0);
      const totals = accounts.body.totals.find((each) => each.currency === currency)!;
      expect(minor).toBe(totals.netMinor);
      expect(decimal).toBe(totals.netMinor);
    }
    for (const row of rows) {
      const receipt = given.find((each) => each.number === Number(row.receipt_number))!;
      expect(row.kind).toBe(receipt.kind);
      expect(row.provider_reference).toBe(receipt.providerReference);
      expect(Math.abs(Number(row.amount_minor))).toBe(receipt.amountMinor);
      expect(row.reverses_receipt).toBe(receipt.reverses === null ? '' : String(receipt.reverses));
      expect(row.stop).toBe('Bucharest');
    }
    expect(rows.find((row) => row.kind === 'refund')!.amount).toBe('-35.00');

    // A rebuild gives the same rows, and the same answers.
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, app.app.get(LiveTour));
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
    expect(
      (await adminRequest<AccountsDto>(app.url, cookie, 'GET', '/api/admin/accounts')).body,
    ).toEqual(accounts.body);
    expect((await csvOf(app, cookie)).lines).toEqual(csv.lines);

    // The emails: each receipt in its visitor's language, its PDF attached.
    const worker = outboxWorker();
    let result;
    do result = await worker.runOnce();
    while (result.sent > 0);
    const files = await readdir(mailDir);
    const emls = await Promise.all(files.map((file) => readFile(path.join(mailDir, file), 'utf8')));
    const withPdf = emls.filter((eml) => eml.includes('Content-Type: application/pdf'));
    expect(withPdf).toHaveLength(5);

    const refundOfWrong = given.find(
      (receipt) => receipt.kind === 'refund' && receipt.registrationId === wrong.id,
    )!;
    const italian = withPdf.find((eml) => eml.includes(`ricevuta-${refundOfWrong.number}.pdf`))!;
    expect(italian).toBeDefined();
    const italianText = await pdfText(pdfAttachmentOf(italian).pdf);
    expect(italianText).toContain('Ricevuta di rimborso');
    expect(italianText).toContain(`n. ${refundOfWrong.reverses}`);
    expect(italianText).toContain('Annulla');
    expect(italianText).toContain('Asociația Teatrul Visător');
    expect(italianText).toContain('RO 12345678');
    expect(italianText).toContain(refundOfWrong.providerReference!);
    expect(italianText).toMatch(/35,00 EUR|35 EUR/);

    const paymentOfKept = given.find((receipt) => receipt.registrationId === kept.id)!;
    const romanian = withPdf.find((eml) => eml.includes(`chitanta-${paymentOfKept.number}.pdf`))!;
    const { filename, pdf } = pdfAttachmentOf(romanian);
    expect(filename).toBe(`chitanta-${paymentOfKept.number}.pdf`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const romanianText = await pdfText(pdf);
    for (const words of [
      'Chitanță',
      `Chitanța nr. ${paymentOfKept.number}`,
      'Strada Știrbei Vodă 2, București',
      'Vânzător',
      'Suma plătită',
      '35 RON',
      `pi_${kept.id}`,
      'Referința procesatorului de plăți',
    ]) {
      expect(romanianText.replace(/\s+/g, ' ')).toContain(words);
    }
  });

  it('lets the owner and the box office read the accounts, and refuses the door and nobody', async () => {
    const boxOffice = await readyOperator(app, cookie, 'box-office', 'Maria Box');
    const door = await readyOperator(app, cookie, 'door', 'Dan Door');
    for (const path of ['/api/admin/accounts', '/api/admin/accounts.csv']) {
      const asOwner = await fetch(`${app.url}${path}`, { headers: { cookie } });
      expect(asOwner.status).toBe(200);
      const asBoxOffice = await fetch(`${app.url}${path}`, {
        headers: { cookie: boxOffice.cookie },
      });
      expect(asBoxOffice.status).toBe(200);
      const asDoor = await fetch(`${app.url}${path}`, { headers: { cookie: door.cookie } });
      expect(asDoor.status).toBe(403);
      expect(await asDoor.json()).toMatchObject({
        statusCode: 403,
        message: 'Your role does not allow this.',
      });
      const asNobody = await fetch(`${app.url}${path}`);
      expect(asNobody.status).toBe(401);
    }
  });
});

describe('receipts through the sandbox', () => {
  let mailDir: string;

  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'sandbox-receipts-'));
  });

  const ours = appsOnOwnDatabase(() => [{ env: SELLER, catalogue: catalogueWithSeats(20) }]);

  afterAll(async () => {
    await rm(mailDir, { recursive: true, force: true });
  });

  it('gives a sandbox payment and its refund their receipts, in English, with the sandbox’s ids', async () => {
    const app = ours.app;
    const cookie = await login(app.url);
    const registered = await registerVisitor(app.url, { locale: 'en' });
    const id = registered.registrationId;
    expect((await payInSandbox(`${app.url}${new URL(registered.url!).pathname}`)).status).toBe(303);
    const cancel = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${id}/cancel`,
      { refund: true },
    );
    expect(cancel.status).toBe(200);
    expect(await app.app.get(RefundWorker).runOnce()).toEqual({ refunded: 1, failed: 0 });

    const given = await receipts(app);
    expect(given.map(({ number, kind, reverses }) => ({ number, kind, reverses }))).toEqual([
      { number: 1, kind: 'payment', reverses: null },
      { number: 2, kind: 'refund', reverses: 1 },
    ]);
    const [payment] = await storedEvents<{ data: { paymentIntentId: string } }>(
      app.dataSource,
      `registration-${id}`,
      'PaymentConfirmed',
    );
    expect(given[0].providerReference).toBe(payment.data.paymentIntentId);
    expect(given[1].providerReference).toMatch(/^re_sandbox_/);
    const accounts = await adminRequest<AccountsDto>(app.url, cookie, 'GET', '/api/admin/accounts');
    expect(accounts.body.totals).toEqual([
      expect.objectContaining({
        currency: 'RON',
        payments: 1,
        seatsPaid: 0,
        grossMinor: 3500,
        refundedMinor: 3500,
        netMinor: 0,
      }),
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
    await worker.runOnce();
    const emls = await Promise.all(
      (await readdir(mailDir)).map((file) => readFile(path.join(mailDir, file), 'utf8')),
    );
    const refundMail = emls.find((eml) => eml.includes('receipt-2.pdf'))!;
    expect(refundMail).toContain('Subject: Your refund receipt no. 2');
    const text = (await pdfText(pdfAttachmentOf(refundMail).pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('Refund receipt');
    expect(text).toContain('Reverses receipt no. 1');
    expect(text).toContain('Amount refunded 35 RON');
    expect(text).toContain(given[1].providerReference!);
  });
});

describe('receipt numbers under a rush across two app processes', () => {
  const stripe = new StripeStandIn();

  beforeAll(async () => {
    await stripe.start();
    answerSessionCreation(stripe);
  });

  const ours = appsOnOwnDatabase(() => [
    {
      env: { ...STRIPE_ENV, STRIPE_API_URL: stripe.url, ...SELLER },
      catalogue: catalogueWithSeats(40),
    },
    {
      env: { ...STRIPE_ENV, STRIPE_API_URL: stripe.url, ...SELLER },
      catalogue: catalogueWithSeats(40),
    },
  ]);

  afterAll(async () => {
    await stripe.stop();
  });

  it('gives 1 to N, each once, whichever process records each payment', async () => {
    const [first, second] = ours.apps;
    const holds: { id: string; sessionId: string }[] = [];
    for (let index = 0; index < 24; index += 1) {
      const registered = await registerVisitor(first.url);
      expect(registered.status).toBe(200);
      const [row] = await first.dataSource.query(
        'SELECT checkout_session_id FROM registration_view WHERE id = $1',
        [registered.registrationId],
      );
      holds.push({ id: registered.registrationId, sessionId: row.checkout_session_id });
    }
    // Every payment at once, half to each process; an answer that is not a 200 (a process
    // busy past its deadlines) is delivered again, as Stripe does, until it is answered.
    const delivered = async (index: number) => {
      const { id, sessionId } = holds[index];
      const event = paidEvent(id, sessionId);
      for (let attempt = 0; ; attempt += 1) {
        const answer = await deliver((index + attempt) % 2 === 0 ? first.url : second.url, event);
        if (answer.status === 200) return answer.body.outcome;
        if (attempt === 5) throw new Error(`delivery answered ${answer.status}`);
      }
    };
    const outcomes = await Promise.all(holds.map((_, index) => delivered(index)));
    // A delivery whose first answer was lost, though its payment was recorded, is a duplicate.
    for (const outcome of outcomes) expect(['confirmed', 'duplicate']).toContain(outcome);
    const paid: { status: string }[] = await first.dataSource.query(
      'SELECT status FROM registration_view WHERE id = ANY($1::uuid[])',
      [holds.map((hold) => hold.id)],
    );
    expect(paid.map((row) => row.status)).toEqual(holds.map(() => 'paid'));
    const given = await receipts(first);
    expect(given.map((receipt) => receipt.number)).toEqual(
      Array.from({ length: 24 }, (_, index) => index + 1),
    );
    expect(new Set(given.map((receipt) => receipt.registrationId)).size).toBe(24);
    const numbered: { receipt_number: number }[] = await first.dataSource.query(
      'SELECT receipt_number FROM money_movements ORDER BY receipt_number',
    );
    expect(numbered.map((row) => row.receipt_number)).toEqual(
      given.map((receipt) => receipt.number),
    );
  });
});
