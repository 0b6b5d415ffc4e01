import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { RecordedEvent } from '../../src/event-store/event-store.types';
import { NOTIFICATION_KINDS } from '../../src/notifications/outbox';
import { isReceiptKind } from '../../src/notifications/messages/render-message';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { evolve, type RegistrationState } from '../../src/registrations/domain/registration';
import type { RegistrationEvent } from '../../src/registrations/domain/registration-events';
import { MESSAGES_OF_EVENTS, messagesOfRecorded } from '../../src/registrations/messages-of-events';
import type { DecodedRegistrationEvent } from '../../src/registrations/registration-event-codec';
import { loadRegistration } from '../../src/registrations/registration-store';
import { WaitingListOfferWorker } from '../../src/waiting-list/waiting-list-offer-worker';
import { adminRequest, login } from '../admin/admin-client';
import { payInSandbox } from '../http';
import { registerVisitor } from '../payments/payment-fixtures';
import { appsOnOwnDatabase } from '../test-app';
import { catalogueWithSeats } from '../test-tour';

interface OutboxRow {
  kind: string;
  registration_id: string;
  caused_by_position: string | null;
  payload: Record<string, unknown>;
}

function decoded(event: RegistrationEvent, globalPosition: number): DecodedRegistrationEvent {
  return {
    event,
    recorded: { globalPosition } as RecordedEvent,
    personalDataErased: false,
  };
}

describe('the table of the emails each recorded event causes', () => {
  const ours = appsOnOwnDatabase([{ catalogue: catalogueWithSeats(2) }]);

  /** Each email's row, with the registration's history, checked against the table. */
  async function explainedByTheTable(rows: OutboxRow[]): Promise<void> {
    for (const row of rows) {
      const { history } = await loadRegistration(ours.app.dataSource, row.registration_id);
      if (row.caused_by_position === null) {
        // Armed again for a moved slot (the planner): only ever a reminder.
        expect(row.kind).toBe('show-reminder');
        continue;
      }
      const position = Number(row.caused_by_position);
      const index = history.findIndex((item) => item.recorded.globalPosition === position);
      expect(index).toBeGreaterThanOrEqual(0);
      const before = history
        .slice(0, index)
        .reduce<RegistrationState | undefined>(
          (state, item) => evolve(state, item.event),
          undefined,
        );
      // The events recorded with it: those of its transaction (one instant).
      const at = history[index].recorded.recordedAt.getTime();
      const together = history.filter(
        (item, other) => other >= index && item.recorded.recordedAt.getTime() === at,
      );
      const answered = messagesOfRecorded(before, together).filter(
        (message) => message.causedByPosition === position,
      );
      expect(answered.map((message) => message.kind)).toContain(row.kind);
    }
  }

  it('queues, for each kind of event that causes mail, the messages the table names, and no other', async () => {
    const app = ours.app;
    const cookie = await login(app.url);
    const nudges = jest.spyOn(app.app.get(OutboxWorker), 'nudge');
    const rows = (): Promise<OutboxRow[]> =>
      app.dataSource.query(
        `SELECT kind, registration_id, caused_by_position, payload FROM outbox
          WHERE kind = ANY($1::text[]) ORDER BY id`,
        // A receipt's email follows the seller's stream of receipts, not a registration's
        // event: test/money/accounts-and-receipts.spec.ts holds those.
        [NOTIFICATION_KINDS.filter((kind) => !isReceiptKind(kind))],
      );
    const kindsOf = async (id: string) =>
      (await rows()).filter((row) => row.registration_id === id).map((row) => row.kind);

    // Two seats: a paid one and one paid at the desk; two on the waiting list.
    const paid = await registerVisitor(app.url);
    const atDesk = await registerVisitor(app.url);
    const confirmed = await registerVisitor(app.url);
    const offered = await registerVisitor(app.url);
    expect(confirmed.waitingList).toBe(true);
    expect(offered.waitingList).toBe(true);
    // RegistrationCreated on the waiting list: "you are on the waiting list", woken at once.
    expect(await kindsOf(confirmed.registrationId)).toEqual(['waiting-list-joined']);
    expect(await kindsOf(paid.registrationId)).toEqual([]);
    expect(nudges).toHaveBeenCalled();

    // PaymentConfirmed: the confirmation and the reminder.
    nudges.mockClear();
    expect((await payInSandbox(paid.url!)).status).toBe(303);
    expect(await kindsOf(paid.registrationId)).toEqual(['payment-confirmed', 'show-reminder']);
    expect(nudges).toHaveBeenCalled();

    // PaidFlagSet seating a held person: the reminder alone.
    const flagged = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${atDesk.registrationId}/paid`,
      { paid: true },
    );
    expect(flagged.status).toBeLessThan(300);
    expect(await kindsOf(atDesk.registrationId)).toEqual(['show-reminder']);

    // RegistrationCancelled: the cancellation, with its refund.
    nudges.mockClear();
    const cancelled = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${paid.registrationId}/cancel`,
      { refund: true },
    );
    expect(cancelled.status).toBeLessThan(300);
    expect(await kindsOf(paid.registrationId)).toEqual([
      'payment-confirmed',
      'show-reminder',
      'registration-cancelled',
    ]);
    const [cancellation] = (await rows()).filter((row) => row.kind === 'registration-cancelled');
    expect(cancellation.payload).toMatchObject({ by: 'operator', paid: true, refund: true });
    expect(cancellation.payload.amountMinor).toEqual(expect.any(Number));
    expect(nudges).toHaveBeenCalled();

    // WaitlistConfirmed: the seat's confirmation and the reminder.
    const confirming = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${confirmed.registrationId}/confirm`,
      {},
    );
    expect(confirming.status).toBeLessThan(300);
    expect(await kindsOf(confirmed.registrationId)).toEqual([
      'waiting-list-joined',
      'waiting-list-confirmed',
      'show-reminder',
    ]);

    // WaitingListOfferMade: a seat freed by a cancellation, offered by the worker.
    await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${atDesk.registrationId}/cancel`,
      { refund: false },
    );
    nudges.mockClear();
    expect((await app.app.get(WaitingListOfferWorker).runOnce()).offered).toBe(1);
    expect(await kindsOf(offered.registrationId)).toEqual([
      'waiting-list-joined',
      'waiting-list-offer',
    ]);
    expect(nudges).toHaveBeenCalled();

    // Every email row there is, is one the table answers for the event that caused it.
    await explainedByTheTable(await rows());
    nudges.mockRestore();
  });

  it('names the refund notices by the reason, and none for a cancellation’s own refund', () => {
    const refunded = (reason: string) =>
      messagesOfRecorded(
        {
          id: 'r',
          status: 'refunded',
          payments: [],
        } as unknown as RegistrationState,
        [
          decoded(
            {
              type: 'PaymentRefunded',
              data: {
                registrationId: 'r',
                paymentIntentId: 'pi',
                amountMinor: 3500,
                currency: 'ron',
                reason,
              },
            } as unknown as RegistrationEvent,
            7,
          ),
        ],
      ).map((message) => message.kind);
    expect(refunded('late-payment-no-free-seat')).toEqual(['late-payment-refunded']);
    expect(refunded('no-seat')).toEqual(['late-payment-refunded']);
    expect(refunded('amount-mismatch')).toEqual(['payment-refunded']);
    expect(refunded('second-payment')).toEqual(['payment-refunded']);
    expect(refunded('late-payment-slot-closed')).toEqual(['payment-refunded']);
    expect(refunded('move-difference-unused')).toEqual(['payment-refunded']);
    // The part a cheaper move gives back is told by the move's own email.
    expect(refunded('move-price-difference')).toEqual([]);
    expect(refunded('cancelled')).toEqual([]);
  });

  it('lists each kind of event that causes mail, and the table is the only way a message is queued', () => {
    expect(Object.keys(MESSAGES_OF_EVENTS).sort()).toEqual(
      [
        'BookingMoved',
        'BookingReceived',
        'MoveSeatHeld',
        'PaidFlagSet',
        'PaymentConfirmed',
        'PaymentRefunded',
        'RegistrationCancelled',
        'RegistrationCreated',
        'WaitingListOfferMade',
        'WaitlistConfirmed',
      ].sort(),
    );
    // Outside the outbox's own module, only the registrations' store writes registrations'
    // emails (notificationsInsert), and only the refunds go in by enqueueNotification; the
    // operators' two emails have their one helper each.
    const source = path.join(__dirname, '../../src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (file.endsWith('.ts') && !file.includes(`${path.sep}migrations${path.sep}`)) {
          files.push(file);
        }
      }
    };
    walk(source);
    const using = (pattern: RegExp) =>
      files
        .filter((file) => pattern.test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(source, file).split(path.sep).join('/'))
        .sort();
    expect(using(/INSERT INTO outbox/)).toEqual(['notifications/outbox.ts']);
    expect(using(/notificationsInsert\(/)).toEqual([
      'notifications/outbox.ts',
      'registrations/registration-store.ts',
    ]);
    expect(using(/enqueueNotification\(/)).toEqual([
      'checkout/refund-worker.ts',
      'notifications/outbox.ts',
    ]);
    expect(using(/enqueueInvitation\(/)).toEqual([
      'notifications/outbox.ts',
      'operators/commands/invite-operator/invite-operator.handler.ts',
    ]);
    expect(using(/enqueueOperatorNotice\(/)).toEqual([
      'notifications/outbox.ts',
      'operators/account/factor-notices.ts',
    ]);
    const refunds = readFileSync(path.join(source, 'checkout/refund-worker.ts'), 'utf8');
    expect(refunds.match(/enqueueNotification\(sql, \{\s+kind: (\w+)/)?.[1]).toBe('PAYMENT_REFUND');
  });
});
