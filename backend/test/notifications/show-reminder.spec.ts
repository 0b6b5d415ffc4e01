import { LiveTour, type Tour } from '../../src/tour/live-tour';
import type { OutgoingMail } from '../../src/notifications/mail-transport';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { ShowReminderPlanner } from '../../src/registrations/show-reminder-planner';
import { RegistrationStore } from '../../src/registrations/registration-store';
import { CapacityChangeListener } from '../../src/seat-ledger/capacity-change-listener';
import { adminRequest, login } from '../admin/admin-client';
import { OPEN_SLOT, payInSandbox } from '../http';
import { registerVisitor } from '../payments/payment-fixtures';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { testTour } from '../test-tour';
import { RecordingTransport } from './recording-transport';

const HOUR_MS = 3_600_000;

/** The tests' tour with the open Bucharest slot starting `fromNow` ms from now. */
function tourStartingIn(fromNow: number): Tour {
  const tour = testTour();
  const slot = tour.events
    .find((event) => event.slug === 'bucharest')!
    .slots.find((candidate) => candidate.time === OPEN_SLOT)!;
  slot.startsAt = new Date(Date.now() + fromNow).toISOString();
  return tour;
}

interface ReminderRow {
  id: string;
  registration_id: string;
  not_before: Date | null;
  sent_at: Date | null;
  cancelled_at: Date | null;
  last_error: string | null;
  armed_for: string;
}

describe("the show's reminder", () => {
  // Each tour on a database of its own: the apps on one database share its tour.
  const far = new LiveTour(testTour());
  const soon = new LiveTour(tourStartingIn(3 * HOUR_MS));
  const off = new LiveTour(tourStartingIn(3 * HOUR_MS));
  // Changes close 12 hours before the slot: the reminder, 24 hours before, still offers them.
  const farApps = appsOnOwnDatabase([
    { catalogue: far, env: { CANCELLATION_CLOSES_HOURS_BEFORE: '12' } },
  ]);
  const soonApps = appsOnOwnDatabase([{ catalogue: soon }]);
  const offApps = appsOnOwnDatabase([{ catalogue: off, env: { REMINDER_HOURS_BEFORE: '0' } }]);
  const ours = {
    get apps() {
      return [farApps.app, soonApps.app, offApps.app];
    },
  };

  function workerOf(app: TestApp, transport: RecordingTransport, tour: LiveTour): OutboxWorker {
    return new OutboxWorker(
      app.dataSource,
      app.config,
      tour,
      transport,
      app.app.get(VisitorLinks),
      app.app.get(TicketIssuer),
      app.app.get(EarlierMessageFacts),
    );
  }

  function plannerOf(app: TestApp, tour: LiveTour): ShowReminderPlanner {
    return new ShowReminderPlanner(
      app.dataSource,
      app.config,
      tour,
      app.app.get(RegistrationStore),
      app.app.get(CapacityChangeListener),
    );
  }

  async function seated(app: TestApp, overrides: Record<string, unknown> = {}): Promise<string> {
    const { registrationId, url } = await registerVisitor(app.url, overrides);
    expect((await payInSandbox(url!)).status).toBe(303);
    return registrationId;
  }

  function reminders(app: TestApp, registrationId: string): Promise<ReminderRow[]> {
    return app.dataSource.query(
      `SELECT id, registration_id, not_before, sent_at, cancelled_at, last_error,
              payload->>'armedFor' AS armed_for
         FROM outbox WHERE kind = 'show-reminder' AND registration_id = $1 ORDER BY id`,
      [registrationId],
    );
  }

  const remindersIn = (transport: RecordingTransport, address?: string): OutgoingMail[] =>
    transport.sent.filter(
      (mail) =>
        /See you soon|A presto|Ne vedem curând/.test(mail.subject) &&
        (!address || mail.to.address === address),
    );

  async function sendAll(worker: OutboxWorker, now?: Date): Promise<void> {
    while ((await worker.runOnce(now)).sent > 0);
  }

  it('is held until REMINDER_HOURS_BEFORE the slot, then sent once', async () => {
    const app = ours.apps[0];
    const transport = new RecordingTransport();
    const worker = workerOf(app, transport, far);
    const id = await seated(app);
    const [row] = await reminders(app, id);
    const startsAt = far.startOf('bucharest', OPEN_SLOT)!;
    expect(row.not_before).toEqual(new Date(startsAt.getTime() - 24 * HOUR_MS));
    expect(row.armed_for).toBe(`bucharest ${OPEN_SLOT} ${startsAt.toISOString()}`);

    // Now: the confirmation leaves, the reminder is held.
    await sendAll(worker);
    expect(transport.sent.some((mail) => /confirmed/.test(mail.subject))).toBe(true);
    expect(remindersIn(transport)).toHaveLength(0);
    // A minute before its time it is still held; at its time it leaves, once.
    await sendAll(worker, new Date(row.not_before!.getTime() - 60_000));
    expect(remindersIn(transport)).toHaveLength(0);
    await sendAll(worker, new Date(row.not_before!.getTime() + 1_000));
    await sendAll(worker, new Date(row.not_before!.getTime() + 60_000));
    expect(remindersIn(transport)).toHaveLength(1);
    expect((await reminders(app, id))[0].sent_at).not.toBeNull();
    // The planner finds it armed for this start and arms nothing more.
    expect((await plannerOf(app, far).runOnce()).armed).toBe(0);
  });

  it('leaves at once for a slot starting within REMINDER_HOURS_BEFORE, with the ticket and the changes allowed', async () => {
    const app = ours.apps[1];
    const transport = new RecordingTransport();
    const id = await seated(app, { locale: 'it' });
    await sendAll(workerOf(app, transport, soon));
    const [reminder] = remindersIn(transport);
    expect(remindersIn(transport)).toHaveLength(1);
    expect(reminder.subject).toMatch(/^A presto nel buio/);
    // Its time in the show's zone, named; the place with a map; the ticket as a QR.
    expect(reminder.text).toMatch(/alle ore \d{1,2}:\d{2} GMT\+\d/);
    expect(reminder.text).toContain('https://www.openstreetmap.org/search?query=');
    expect(reminder.attachments?.map((attachment) => attachment.cid)).toContain('ticket-qr');
    expect(reminder.html).toContain('src="cid:ticket-qr"');
    // Three hours before, cancelling closed (24 hours before): no links to change it, in words.
    expect(reminder.text).not.toContain('/move?token=');
    expect(reminder.text).toContain('non si può più cambiare online');
    expect((await reminders(app, id))[0].sent_at).not.toBeNull();
  });

  it('carries the links to move, hand on and cancel while they are allowed, in the email language', async () => {
    const app = ours.apps[0];
    const transport = new RecordingTransport();
    const id = await seated(app, { locale: 'ro' });
    const [row] = await reminders(app, id);
    await sendAll(workerOf(app, transport, far), new Date(row.not_before!.getTime() + 1_000));
    const reminder = remindersIn(transport).find((mail) => mail.subject.startsWith('Ne vedem'))!;
    const links = await app.app.get(VisitorLinks);
    for (const purpose of ['move', 'hand-on', 'cancel'] as const) {
      const url = await links.url(purpose, id, 'ro');
      expect(url).toMatch(/&lang=ro$/);
      expect(reminder.text).toContain(url);
      expect(reminder.html).toContain(`href="${url.replace(/&/g, '&#38;')}"`);
    }
  });

  it('is not sent to a booking cancelled while it was held', async () => {
    const app = ours.apps[0];
    const transport = new RecordingTransport();
    const cookie = await login(app.url);
    const id = await seated(app);
    const cancelled = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${id}/cancel`,
      { refund: false },
    );
    expect(cancelled.status).toBeLessThan(300);
    const [row] = await reminders(app, id);
    await sendAll(workerOf(app, transport, far), new Date(row.not_before!.getTime() + 1_000));
    expect(remindersIn(transport)).toHaveLength(0);
    const [after] = await reminders(app, id);
    expect(after.cancelled_at).not.toBeNull();
    expect(after.last_error).toBe('no seat any more');
  });

  it('is armed again for the new start of a slot the operator moved, sent or not', async () => {
    const app = ours.apps[0];
    const transport = new RecordingTransport();
    const worker = workerOf(app, transport, far);
    const cookie = await login(app.url);
    const held = await seated(app);
    const sent = await seated(app);
    const [sentRow] = await reminders(app, sent);
    // One reminder already left (as it would have a day before the first start).
    await app.dataSource.query(`UPDATE outbox SET sent_at = now() WHERE id = $1`, [sentRow.id]);

    const newStart = new Date(far.startOf('bucharest', OPEN_SLOT)!.getTime() + 7 * 24 * HOUR_MS);
    const moved = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}`,
      { startsAt: newStart.toISOString() },
    );
    expect(moved.status).toBeLessThan(300);
    expect(far.startOf('bucharest', OPEN_SLOT)).toEqual(newStart);

    const plan = await plannerOf(app, far).runOnce();
    expect(plan.armed).toBeGreaterThanOrEqual(2);
    const armedFor = `bucharest ${OPEN_SLOT} ${newStart.toISOString()}`;
    for (const id of [held, sent]) {
      const rows = await reminders(app, id);
      const standing = rows.filter((row) => row.cancelled_at === null && row.sent_at === null);
      expect(standing).toHaveLength(1);
      expect(standing[0].armed_for).toBe(armedFor);
      expect(standing[0].not_before).toEqual(new Date(newStart.getTime() - 24 * HOUR_MS));
    }
    // The one held for the old start is cancelled, not sent.
    const [oldHeld] = await reminders(app, held);
    expect(oldHeld.cancelled_at).not.toBeNull();
    // A second pass (another process, a restart) arms nothing more.
    expect((await plannerOf(app, far).runOnce()).armed).toBe(0);

    await sendAll(worker, new Date(newStart.getTime() - 24 * HOUR_MS + 1_000));
    const addresses = new Set(remindersIn(transport).map((mail) => mail.to.address));
    expect(remindersIn(transport)).toHaveLength(addresses.size);
    // Every seated person of the slot is reminded for its new start: each email with its QR.
  }, 120_000);

  it('is off at REMINDER_HOURS_BEFORE=0', async () => {
    const app = ours.apps[2];
    const transport = new RecordingTransport();
    const id = await seated(app);
    expect(await reminders(app, id)).toEqual([]);
    await sendAll(workerOf(app, transport, off));
    expect(remindersIn(transport)).toHaveLength(0);
    expect((await plannerOf(app, off).runOnce()).armed).toBe(0);
    expect(await reminders(app, id)).toEqual([]);
  });
});
