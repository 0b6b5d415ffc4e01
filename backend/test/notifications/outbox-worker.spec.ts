import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { LiveTour } from '../../src/tour/live-tour';
import { shredPersonalDataKey } from '../../src/personal-data/personal-data-vault';
import {
  FileMailTransport,
  MailTransport,
  SMTP_CONNECTIONS,
  SmtpMailTransport,
  type OutgoingMail,
} from '../../src/notifications/mail-transport';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { OUTBOX_BATCH, OutboxWorker } from '../../src/notifications/outbox-worker';
import { MORE_DUE } from '../../src/common/polling-worker';
import { RefundWorker } from '../../src/checkout/refund-worker';
import { passOf } from '../worker-pass';
import {
  enqueueNotification,
  markOutboxRowSent,
  workThroughOutbox,
} from '../../src/notifications/outbox';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { registerVisitor } from '../payments/payment-fixtures';
import { SmtpStandIn } from './smtp-stand-in';
import { catalogueWithSeats } from '../test-tour';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';

/**
 * Records what it is given, as the shared RecordingTransport does, and more: `behaviour` decides
 * per call whether it fails or hangs; it takes `sendsAtOnce` messages at a time, and counts how
 * many it had at once, in all and per recipient.
 */
class ScriptedTransport extends MailTransport {
  readonly description = 'test transport';
  readonly calls: OutgoingMail[] = [];
  readonly delivered: OutgoingMail[] = [];
  mostAtOnce = 0;
  mostAtOnceForOneRecipient = 0;
  private readonly sending: OutgoingMail[] = [];

  constructor(
    private readonly behaviour: (call: number) => 'ok' | 'fail' | 'hang' = () => 'ok',
    private readonly delayMs = 2,
    private readonly sendsAtOnce = 1,
  ) {
    super();
  }

  override get concurrency(): number {
    return this.sendsAtOnce;
  }

  async send(mail: OutgoingMail): Promise<void> {
    this.sending.push(mail);
    try {
      this.mostAtOnce = Math.max(this.mostAtOnce, this.sending.length);
      const forRecipient = this.sending.filter((other) => other.to.address === mail.to.address);
      this.mostAtOnceForOneRecipient = Math.max(
        this.mostAtOnceForOneRecipient,
        forRecipient.length,
      );
      await this.sendOne(mail);
    } finally {
      this.sending.splice(this.sending.indexOf(mail), 1);
    }
  }

  private async sendOne(mail: OutgoingMail): Promise<void> {
    this.calls.push(mail);
    const what = this.behaviour(this.calls.length);
    if (what === 'fail') {
      throw new Error(
        `SMTP down (call ${this.calls.length}) for <${mail.to.address}>, ${mail.to.address}`,
      );
    }
    if (what === 'hang') return new Promise<void>(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    this.delivered.push(mail);
  }
}

interface OutboxRow {
  id: string;
  kind: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  cancelled_at: Date | null;
  available_at: Date;
  payload: Record<string, unknown>;
}

describe('the outbox worker', () => {
  let database: TestDatabase;
  let app: TestApp;
  let catalogue: LiveTour;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = catalogueWithSeats(1);
    app = await startTestApp(database.url, {}, catalogue);
    // The one seat is held; everyone after lands on the waiting list, which queues an email.
    await registerVisitor(app.url);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  function worker(transport: MailTransport, on: TestApp = app): OutboxWorker {
    return new OutboxWorker(
      on.dataSource,
      on.config,
      catalogue,
      transport,
      on.app.get(VisitorLinks),
      on.app.get(TicketIssuer),
      on.app.get(EarlierMessageFacts),
    );
  }

  async function rows(ids?: string[]): Promise<OutboxRow[]> {
    return app.dataSource.query(
      `SELECT id, kind, attempts, last_error, sent_at, cancelled_at, available_at, payload
         FROM outbox ${ids ? 'WHERE registration_id = ANY($1)' : ''} ORDER BY id`,
      ids ? [ids] : [],
    );
  }

  /** Sends whatever is due now and forgets it, so each test starts from an empty queue. */
  async function drain(): Promise<void> {
    await app.dataSource.query(
      `UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL AND cancelled_at IS NULL`,
    );
  }

  async function waitingRegistrations(count: number): Promise<{ id: string; email: string }[]> {
    const made: { id: string; email: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const email = `waiting.${i}.${Date.now()}@example.com`;
      const registered = await registerVisitor(app.url, { email, name: `Person ${i}` });
      expect(registered.waitingList).toBe(true);
      made.push({ id: registered.registrationId, email });
    }
    return made;
  }

  /** Queues a "confirmed from the waiting list" message, then a late refund's, for one person. */
  async function queueConfirmedThenRefunded(registrationId: string): Promise<void> {
    await enqueueNotification(app.dataSource, { kind: 'waiting-list-confirmed', registrationId });
    await enqueueNotification(app.dataSource, {
      kind: 'late-payment-refunded',
      registrationId,
      payload: { amountMinor: 3500, currency: 'ron' },
    });
  }

  beforeEach(drain);

  it('queues "waiting-list-joined" with the registration, and the row carries no personal data', async () => {
    const [person] = await waitingRegistrations(1);
    const [row] = await rows([person.id]);
    expect(row).toMatchObject({
      kind: 'waiting-list-joined',
      attempts: 0,
      sent_at: null,
      payload: {},
    });
    const raw = JSON.stringify(
      await app.dataSource.query('SELECT * FROM outbox WHERE id = $1', [row.id]),
    );
    expect(raw).not.toContain(person.email);
    expect(raw).not.toContain('Person 0');
  });

  it('retries a transport that fails twice with back-off, then sends exactly once more', async () => {
    const [person] = await waitingRegistrations(1);
    const transport = new ScriptedTransport((call) => (call <= 2 ? 'fail' : 'ok'));
    const outbox = worker(transport);
    const t0 = Date.now() + 1000;

    expect(await outbox.runOnce(new Date(t0))).toEqual({ sent: 0, failed: 1, cancelled: 0 });
    let [row] = await rows([person.id]);
    expect(row).toMatchObject({
      attempts: 1,
      last_error: 'SMTP down (call 1) for <<address>>, <address>',
      sent_at: null,
    });
    expect(row.available_at.getTime()).toBe(t0 + 30_000);

    // Not due yet: nothing is tried.
    expect(await outbox.runOnce(new Date(t0 + 10_000))).toEqual({
      sent: 0,
      failed: 0,
      cancelled: 0,
    });
    expect(await outbox.runOnce(new Date(t0 + 30_000))).toEqual({
      sent: 0,
      failed: 1,
      cancelled: 0,
    });
    [row] = await rows([person.id]);
    expect(row).toMatchObject({
      attempts: 2,
      last_error: 'SMTP down (call 2) for <<address>>, <address>',
    });
    expect(row.available_at.getTime()).toBe(t0 + 30_000 + 60_000);

    expect(await outbox.runOnce(new Date(t0 + 90_000))).toEqual({
      sent: 1,
      failed: 0,
      cancelled: 0,
    });
    [row] = await rows([person.id]);
    expect(row.attempts).toBe(3);
    expect(row.sent_at).not.toBeNull();
    expect(transport.calls).toHaveLength(3);
    expect(transport.delivered).toHaveLength(1);
    expect(new Set(transport.calls.map((mail) => mail.messageId)).size).toBe(1);
    expect(transport.delivered[0]).toMatchObject({
      to: { address: person.email },
      from: app.config.mailFrom,
      subject: 'You are on the waiting list: Dream Darkroom, Bucharest',
    });
    expect(transport.delivered[0].text).toContain('Dear Person 0,');

    // Sent is sent.
    expect(await outbox.runOnce(new Date(t0 + 24 * 3600_000))).toEqual({
      sent: 0,
      failed: 0,
      cancelled: 0,
    });
    expect(transport.calls).toHaveLength(3);
  });

  it('works through a backlog a batch after another, and leaves a batch that all failed to the interval', async () => {
    // A rush's waiting list: two whole batches and part of a third.
    const people = await waitingRegistrations(OUTBOX_BATCH * 2 + 5);
    const transport = new ScriptedTransport();
    const outbox = worker(transport);
    expect(await passOf(outbox)).toBe(MORE_DUE);
    expect(await passOf(outbox)).toBe(MORE_DUE);
    expect(transport.delivered).toHaveLength(OUTBOX_BATCH * 2);
    expect(await passOf(outbox)).toBeUndefined();
    expect(transport.delivered.map((mail) => mail.to.address).sort()).toEqual(
      people.map((person) => person.email).sort(),
    );
    expect((await rows(people.map((person) => person.id))).every((row) => row.sent_at)).toBe(true);

    // The transport down: a whole batch fails, and the next pass waits for the interval.
    await waitingRegistrations(OUTBOX_BATCH + 1);
    expect(await passOf(worker(new ScriptedTransport(() => 'fail')))).toBeUndefined();
  });

  it('loses nothing when a worker dies mid-batch: the rest come back after the lease', async () => {
    const people = await waitingRegistrations(3);
    const ids = people.map((person) => person.id);
    const dying = new ScriptedTransport((call) => (call === 1 ? 'ok' : 'hang'));
    const t0 = Date.now() + 1000;
    void worker(dying).runOnce(new Date(t0)); // never finishes: the process "dies" here
    for (let i = 0; i < 200 && dying.calls.length < 2; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(dying.calls).toHaveLength(2);
    expect(dying.delivered).toHaveLength(1);

    const survivor = new ScriptedTransport();
    const next = worker(survivor);
    // While the lease lasts, the claimed rows are not taken by anyone else.
    expect(await next.runOnce(new Date(t0 + app.config.workLeaseMs / 2))).toEqual({
      sent: 0,
      failed: 0,
      cancelled: 0,
    });
    expect(await next.runOnce(new Date(t0 + app.config.workLeaseMs + 1))).toEqual({
      sent: 2,
      failed: 0,
      cancelled: 0,
    });

    const final = await rows(ids);
    expect(final.every((row) => row.sent_at !== null)).toBe(true);
    const everyone = [...dying.delivered, ...survivor.delivered]
      .map((mail) => mail.to.address)
      .sort();
    expect(everyone).toEqual(people.map((person) => person.email).sort());
    // The message that was in flight when the worker died goes again with the same Message-ID.
    expect(survivor.delivered.map((mail) => mail.messageId)).toContain(dying.calls[1].messageId);
  });

  it('keeps the lease while a send outlasts it, so nobody sends the message twice', async () => {
    const [person] = await waitingRegistrations(1);
    const slow = new ScriptedTransport(() => 'ok', 4_000);
    const holder = worker(slow);
    holder.leaseMs = 1_500;
    const sending = holder.runOnce();
    for (let i = 0; i < 200 && slow.calls.length < 1; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(slow.calls).toHaveLength(1);

    // Another worker asks again and again, on the real clock, for longer than the lease.
    const other = new ScriptedTransport();
    const rival = worker(other);
    rival.leaseMs = 1_500;
    const askUntil = Date.now() + 3_500;
    while (Date.now() < askUntil) {
      expect((await rival.runOnce()).sent).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await sending).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    expect(other.calls).toHaveLength(0);
    const [row] = await rows([person.id]);
    expect(row).toMatchObject({ attempts: 1 });
    expect(row.sent_at).not.toBeNull();
  });

  it('cancels, never sends, a message whose registration was erased before sending', async () => {
    const [person] = await waitingRegistrations(1);
    await shredPersonalDataKey(app.dataSource, `registration-${person.id}`);
    const transport = new ScriptedTransport();
    expect(await worker(transport).runOnce()).toEqual({ sent: 0, failed: 0, cancelled: 1 });
    const [row] = await rows([person.id]);
    expect(row.cancelled_at).not.toBeNull();
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toBe('registration erased before sending');
    expect(transport.calls).toHaveLength(0);
  });

  it('removes the copy of a message whose registration was erased while it was being sent', async () => {
    const [person] = await waitingRegistrations(1);
    const directory = await mkdtemp(path.join(tmpdir(), 'outbox-copies-'));
    try {
      // The erasure lands after the message's facts were read and before its copy is written.
      const transport = new (class extends FileMailTransport {
        override async send(mail: OutgoingMail): Promise<void> {
          await shredPersonalDataKey(app.dataSource, `registration-${person.id}`);
          await super.send(mail);
        }
      })(directory);
      expect(await worker(transport).runOnce()).toEqual({ sent: 1, failed: 0, cancelled: 0 });
      expect(await readdir(directory)).toEqual([]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('does not look for erasures after a send through a transport that keeps no copies', async () => {
    const [person] = await waitingRegistrations(1);
    let erasedCopies = 0;
    const transport = new (class extends ScriptedTransport {
      override async send(mail: OutgoingMail): Promise<void> {
        await shredPersonalDataKey(app.dataSource, `registration-${person.id}`);
        await super.send(mail);
      }
      override async eraseCopiesOf(): Promise<void> {
        erasedCopies += 1;
      }
    })();
    expect(transport.keepsCopies).toBe(false);
    expect(await worker(transport).runOnce()).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    expect(erasedCopies).toBe(0);
  });

  it('renders waiting-list-confirmed (queued by the admin confirm) and late refunds in the registration language', async () => {
    const registered = await registerVisitor(app.url, { locale: 'it', name: 'Giulia' });
    await drain();
    await queueConfirmedThenRefunded(registered.registrationId);
    const transport = new ScriptedTransport();
    expect(await worker(transport).runOnce()).toEqual({ sent: 2, failed: 0, cancelled: 0 });
    expect(transport.delivered.map((mail) => mail.subject)).toEqual([
      'Si è liberato un posto per te: Dream Darkroom, Bucarest',
      'Il tuo pagamento è stato rimborsato: Dream Darkroom, Bucarest',
    ]);
    expect(transport.delivered[0].attachments.map((file) => file.filename)).toEqual([
      'invitation.ics',
    ]);
    expect(transport.delivered[1].text).toContain('35\u00a0RON');
  });

  it("sends several recipients' messages at once through a transport that takes several, one recipient's in the order queued", async () => {
    const people = await waitingRegistrations(5);
    const [first] = people;
    await queueConfirmedThenRefunded(first.id);
    const transport = new ScriptedTransport(() => 'ok', 20, 3);
    expect(await worker(transport).runOnce()).toEqual({ sent: 7, failed: 0, cancelled: 0 });
    expect(transport.mostAtOnce).toBeGreaterThan(1);
    expect(transport.mostAtOnce).toBeLessThanOrEqual(3);
    expect(transport.mostAtOnceForOneRecipient).toBe(1);
    expect(
      transport.delivered
        .filter((mail) => mail.to.address === first.email)
        .map((mail) => mail.subject),
    ).toEqual([
      expect.stringMatching(/^You are on the waiting list/),
      expect.stringMatching(/^A place opened up for you/),
      expect.stringMatching(/^Your payment was refunded/),
    ]);
    expect(new Set(transport.delivered.map((mail) => mail.to.address))).toEqual(
      new Set(people.map((person) => person.email)),
    );
    const final = await rows(people.map((person) => person.id));
    expect(final.every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
  });

  it('ends a pass at a failure once the rows under way are done: the rows not started come back after their lease', async () => {
    const people = await waitingRegistrations(6);
    const [a, b, c] = people.map((person) => person.id);
    const started: string[] = [];
    let cStarted!: () => void;
    const cHasStarted = new Promise<void>((resolve) => (cStarted = resolve));
    let bFailed!: () => void;
    const bHasFailed = new Promise<void>((resolve) => (bFailed = resolve));
    const now = new Date();
    // Two at a time: a, then c in its place, while b fails; c finishes after b's failure.
    const pass = workThroughOutbox(
      app.dataSource,
      ['waiting-list-joined'],
      now,
      OUTBOX_BATCH,
      app.config.workLeaseMs,
      {
        handle: async (row) => {
          started.push(row.registration_id);
          if (row.registration_id === b) {
            await cHasStarted;
            bFailed();
            throw new Error('the database went away');
          }
          if (row.registration_id === c) {
            cStarted();
            await bHasFailed;
          }
          await markOutboxRowSent(app.dataSource, row.id, now);
        },
        recovered: () => undefined,
        renewalFailed: () => undefined,
      },
      2,
    );
    await expect(pass).rejects.toThrow('the database went away');
    // The row under way (c) was finished; none was started after the failure.
    expect(started).toEqual([a, b, c]);
    const after = await rows(people.map((person) => person.id));
    expect(after.filter((row) => row.sent_at !== null)).toHaveLength(2);
    // The rest are leased; once the lease is over, the next pass takes them.
    const later = new Date(now.getTime() + app.config.workLeaseMs + 1000);
    const transport = new ScriptedTransport(() => 'ok', 2, 2);
    expect(await worker(transport).runOnce(later)).toEqual({ sent: 4, failed: 0, cancelled: 0 });
  });

  it('leases its claims, and the refund worker its, for WORK_LEASE_SECONDS (30 s unless set)', async () => {
    expect(app.app.get(OutboxWorker).leaseMs).toBe(30_000);
    expect(app.app.get(RefundWorker).leaseMs).toBe(30_000);
    const shorter = await startTestApp(database.url, { WORK_LEASE_SECONDS: '7' }, catalogue);
    try {
      expect(shorter.app.get(OutboxWorker).leaseMs).toBe(7_000);
      expect(shorter.app.get(RefundWorker).leaseMs).toBe(7_000);
    } finally {
      await shorter.close();
    }
  });

  it('two app instances working the same outbox at once send each message exactly once', async () => {
    const second = await startTestApp(database.url, {}, catalogue);
    try {
      const people = await waitingRegistrations(24);
      const ids = people.map((person) => person.id);
      // Slow enough sends that neither instance can empty the queue before the other starts.
      const first = new ScriptedTransport(() => 'ok', 15);
      const other = new ScriptedTransport(() => 'ok', 15);
      const a = worker(first, app);
      const b = worker(other, second);
      const loop = async (outbox: OutboxWorker) => {
        for (;;) {
          const result = await outbox.runOnce();
          if (result.sent + result.failed + result.cancelled === 0) return;
        }
      };
      await Promise.all([loop(a), loop(b)]);
      const delivered = [...first.delivered, ...other.delivered];
      expect(delivered).toHaveLength(24);
      expect(new Set(delivered.map((mail) => mail.messageId)).size).toBe(24);
      expect(delivered.map((mail) => mail.to.address).sort()).toEqual(
        people.map((person) => person.email).sort(),
      );
      expect(first.delivered.length).toBeGreaterThan(0);
      expect(other.delivered.length).toBeGreaterThan(0);
      const final = await rows(ids);
      expect(final.every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });
});

/** A message as the outbox hands it to a transport, named by `id`. */
function message(id: string): OutgoingMail {
  return {
    messageId: `<${id}@localhost>`,
    from: 'Dream Darkroom <tickets@dream-darkroom.example>',
    to: { name: 'Ana Pop', address: 'ana@example.com' },
    subject: 'On the waiting list',
    text: 'You are on the waiting list.',
    html: '<p>You are on the waiting list.</p>',
    attachments: [],
  };
}

describe('the file transport', () => {
  it('makes its folder when a message finds it missing, the first time and after it was removed', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'outbox-files-'));
    try {
      const directory = path.join(parent, 'outbox');
      const transport = new FileMailTransport(directory);
      const fileOf = (id: string) => path.basename(transport.fileFor(message(id).messageId));
      await transport.send(message('first'));
      expect(await readdir(directory)).toEqual([fileOf('first')]);
      await rm(directory, { recursive: true });
      await transport.send(message('second'));
      expect(await readdir(directory)).toEqual([fileOf('second')]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('fails a send it cannot write, for the outbox to try again', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'outbox-files-'));
    try {
      // A file where the folder should be: writing under it fails, and so does making it.
      const directory = path.join(parent, 'outbox');
      await writeFile(directory, '');
      await expect(new FileMailTransport(directory).send(message('third'))).rejects.toThrow();
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe('the SMTP transport', () => {
  // A mail server across a network: every answer takes a while.
  const smtp = new SmtpStandIn(Infinity, 20);
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    await smtp.start();
    database = await createTestDatabase();
    app = await startTestApp(
      database.url,
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Dream Darkroom <tickets@dream-darkroom.example>',
      },
      catalogueWithSeats(1),
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await smtp.stop();
  });

  it('sends through SMTP_URL from MAIL_FROM with a stable Message-ID', async () => {
    await registerVisitor(app.url);
    const email = `smtp.${Date.now()}@example.com`;
    const waiting = await registerVisitor(app.url, { email, locale: 'ro' });
    expect(waiting.waitingList).toBe(true);
    const result = await app.app.get(OutboxWorker).runOnce();
    expect(result).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.from).toBe('tickets@dream-darkroom.example');
    expect(mail.to).toEqual([email]);
    const [row] = await app.dataSource.query('SELECT id FROM outbox WHERE registration_id = $1', [
      waiting.registrationId,
    ]);
    expect(mail.data).toContain(
      `Message-ID: <outbox-${row.id}.${waiting.registrationId}@localhost>`,
    );
    expect(mail.data).toContain('From: Dream Darkroom <tickets@dream-darkroom.example>');
    expect(mail.data).toMatch(/Content-Type: multipart\/alternative/);
  });

  it("sends a pass's messages over a few connections kept open, several at once, ten for each", async () => {
    // The slot is full (the test above): each of these joins the waiting list. More than a pass
    // of a transport that sends one at a time, less than one of the pool.
    const before = smtp.received.length;
    const queued = OUTBOX_BATCH * 2 + 5;
    for (let i = 0; i < queued; i += 1) {
      const waiting = await registerVisitor(app.url, {
        email: `pool.${i}.${Date.now()}@example.com`,
      });
      expect(waiting.waitingList).toBe(true);
    }
    const result = await app.app.get(OutboxWorker).runOnce();
    expect(result).toEqual({ sent: queued, failed: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(before + queued);
    // A connection a message before: one handshake for each, one message at a time.
    expect(smtp.sessions).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    expect(smtp.mostOpenAtOnce).toBeGreaterThan(1);
  });

  it('gives up on a server that stops answering after its socket timeout', async () => {
    const silent = await new SmtpStandIn(0).start();
    const transport = new SmtpMailTransport(`smtp://127.0.0.1:${silent.port}`, 1, {
      connectionMs: 2_000,
      greetingMs: 2_000,
      socketMs: 300,
    });
    try {
      await expect(transport.send(message('timeout'))).rejects.toThrow(/timeout/i);
      expect(silent.unacknowledged.length).toBeGreaterThan(0);
    } finally {
      transport.close();
      await silent.stop();
    }
  });
});
