import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { enqueueNotification } from '../../src/notifications/outbox';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { LiveTour } from '../../src/tour/live-tour';
import { Metrics } from '../../src/metrics/metrics';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { startServerProcess, type ServerProcess } from '../server-process';
import { registerVisitor } from '../payments/payment-fixtures';
import { messageIdOf, SmtpStandIn } from './smtp-stand-in';
import { RecordingTransport } from './recording-transport';
import { waitFor } from '../wait-for';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';

/** The killed process's WORK_LEASE_SECONDS, in ms. */
const LEASE_MS = 5_000;

describe('an app process killed while its outbox worker is mid-batch', () => {
  const smtp = new SmtpStandIn(1);
  let database: TestDatabase;
  let app: TestApp;
  let child: ServerProcess | undefined;

  beforeAll(async () => {
    await smtp.start();
    database = await createTestDatabase();
    app = await startTestApp(database.url);
  });

  afterAll(async () => {
    if (child && child.child.exitCode === null) await child.stop('SIGKILL');
    await app?.close();
    await database?.drop();
    await smtp.stop();
  });

  it('loses no message: the rest are sent by another worker once the lease ends', async () => {
    const people: { id: string; email: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const email = `crash.${i}.${Date.now()}@example.com`;
      const registered = await registerVisitor(app.url, { email });
      people.push({ id: registered.registrationId, email });
      await enqueueNotification(app.dataSource, {
        kind: 'payment-confirmed',
        registrationId: registered.registrationId,
      });
    }

    // A real server process with its workers on, sending through SMTP (several recipients at
    // once): the first message to arrive goes, the other two hang mid-send, and then the process
    // is killed without warning.
    child = await startServerProcess({
      DATABASE_URL: database.url,
      WORKERS: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // Its claims last 5 s unrenewed rather than the default 30 s: the same recovery, sooner.
      WORK_LEASE_SECONDS: String(LEASE_MS / 1000),
    });
    // The two hang while the first is acknowledged and then marked sent: the kill comes once
    // both have happened (killing between the first's acknowledgement and its marking would
    // leave it to be sent again, which is at-least-once too, but not the case this test reads).
    const sentRows = async () =>
      (
        (await app.dataSource.query(
          'SELECT count(*)::int AS sent FROM outbox WHERE sent_at IS NOT NULL',
        )) as { sent: number }[]
      )[0].sent;
    await waitFor(
      async () => (smtp.unacknowledged.length === 2 && (await sentRows()) === 1 ? true : undefined),
      20_000,
      'the other two messages to hang and the first to be marked sent',
    );
    expect(smtp.received).toHaveLength(1);
    await child.stop('SIGKILL');

    const rows: { registration_id: string; sent_at: Date | null; attempts: number }[] =
      await app.dataSource.query(
        'SELECT registration_id, sent_at, attempts FROM outbox ORDER BY id',
      );
    expect(rows.filter((row) => row.sent_at !== null)).toHaveLength(1);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);

    const transport = new RecordingTransport();
    const survivor = new OutboxWorker(
      app.dataSource,
      app.config,
      app.app.get(LiveTour),
      transport,
      app.app.get(VisitorLinks),
      app.app.get(TicketIssuer),
      app.app.get(EarlierMessageFacts),
      app.app.get(Metrics),
    );
    const killedAt = Date.now();
    // The dead process's lease still holds the two rows; the survivor polls on the real clock
    // as a live worker does, and takes them once the lease lapses.
    expect(await survivor.runOnce()).toEqual({ sent: 0, failed: 0, cancelled: 0 });
    let sent = 0;
    while (sent < 2 && Date.now() - killedAt < LEASE_MS + 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      sent += (await survivor.runOnce()).sent;
    }
    const tookBackAfterMs = Date.now() - killedAt;
    expect(sent).toBe(2);
    expect(tookBackAfterMs).toBeLessThanOrEqual(LEASE_MS + 5_000);
    console.log(`outbox: a killed worker's messages were taken back after ${tookBackAfterMs} ms`);
    // Both rows the dead process held are counted as taken back from a lapsed lease.
    expect(await app.app.get(Metrics).render()).toContain(
      'outbox_lease_recoveries_total{work="email"} 2',
    );

    const delivered = [smtp.received[0].to[0], ...transport.sent.map((mail) => mail.to.address)];
    expect(delivered.sort()).toEqual(people.map((person) => person.email).sort());
    // The messages cut off by the crash go again under the same Message-IDs.
    const cutOff = smtp.unacknowledged.map(messageIdOf);
    expect(transport.sent.map((mail) => mail.messageId).sort()).toEqual(cutOff.sort());
    const final: { sent_at: Date | null }[] = await app.dataSource.query(
      'SELECT sent_at FROM outbox',
    );
    expect(final.every((row) => row.sent_at !== null)).toBe(true);
  }, 120_000);
});
