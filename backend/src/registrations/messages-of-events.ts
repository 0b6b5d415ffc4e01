import type { NotificationKind } from '../notifications/outbox';
import { evolve, holdsTicket, type RegistrationState } from './domain/registration';
import type { RegistrationEvent } from './domain/registration-events';
import type { DecodedRegistrationEvent } from './registration-event-codec';
import type { RegistrationMessage } from './registration-messages';

/**
 * One recorded event as the table reads it: the event, where it was recorded, the registration
 * just before and just after it, and the other events its transaction recorded for the same
 * registration (a cancellation reads the refund decided with it).
 */
export interface RecordedChange<E extends RegistrationEvent = RegistrationEvent> {
  event: E;
  globalPosition: number;
  before: RegistrationState | undefined;
  after: RegistrationState;
  together: readonly RegistrationEvent[];
}

/** The messages one kind of event causes. */
export type MessagesOfEvent<E extends RegistrationEvent> = (
  change: RecordedChange<E>,
) => RegistrationMessage[];

type MessagesTable = {
  [T in RegistrationEvent['type']]?: MessagesOfEvent<Extract<RegistrationEvent, { type: T }>>;
};

/** The email that tells the visitor their money went back, by the refund's reason. */
const NOTICE_BY_REASON: Partial<Record<string, NotificationKind>> = {
  'late-payment-no-free-seat': 'late-payment-refunded',
  'no-seat': 'late-payment-refunded',
  'late-payment-slot-closed': 'payment-refunded',
  'amount-mismatch': 'payment-refunded',
  'second-payment': 'payment-refunded',
  'move-difference-unused': 'payment-refunded',
  // An erased registration has nobody left to write to.
};

function message(
  kind: NotificationKind,
  change: RecordedChange,
  payload?: Record<string, unknown>,
): RegistrationMessage {
  return {
    kind,
    registrationId: change.after.id,
    ...(payload ? { payload } : {}),
    causedByPosition: change.globalPosition,
  };
}

/**
 * The show's reminder, armed (or armed again) for the registration's slot as it is after the
 * event, when the event leaves it seated: the store holds it until REMINDER_HOURS_BEFORE that
 * slot's start and cancels a reminder held for another. An event kind that moves a booking
 * adds this to its messages to re-arm it (a new slot or start: a reminder of its own). `again`
 * arms one more for the same start even when one was sent (a booking handed on: the new person
 * is reminded too).
 */
export function showReminder(
  change: RecordedChange,
  options: { again?: boolean } = {},
): RegistrationMessage[] {
  if (!holdsTicket(change.after.status)) return [];
  return [
    message(
      'show-reminder',
      change,
      options.again ? { armedAgain: change.globalPosition } : undefined,
    ),
  ];
}

/**
 * Which emails each recorded event causes: the one place that decides it. Every write path
 * appends through the RegistrationStore, which queues what this table answers in the appending
 * transaction and wakes the outbox after COMMIT; no caller chooses a message. An event kind not
 * in the table causes none.
 */
export const MESSAGES_OF_EVENTS: MessagesTable = {
  RegistrationCreated: (change) =>
    change.event.data.placement === 'waiting-list' ? [message('waiting-list-joined', change)] : [],
  // The email says what was paid, whatever the stop's price is by the time it is sent.
  PaymentConfirmed: (change) => [
    message('payment-confirmed', change, {
      amountMinor: change.event.data.amountMinor,
      currency: change.event.data.currency,
    }),
    ...showReminder(change),
  ],
  WaitlistConfirmed: (change) => [
    message('waiting-list-confirmed', change),
    ...showReminder(change),
  ],
  // Money taken by an operator seats a held person: no confirmation (they paid at the desk),
  // but the reminder.
  PaidFlagSet: (change) =>
    change.before && !holdsTicket(change.before.status) ? showReminder(change) : [],
  WaitingListOfferMade: (change) => [message('waiting-list-offer', change)],
  RegistrationCancelled: (change) => {
    // Every payment of the seat goes back (a move's difference too): the email says the sum.
    const refunds = change.together.flatMap((event) =>
      event.type === 'RefundRequested' ? [event.data] : [],
    );
    return [
      message('registration-cancelled', change, {
        by: change.event.data.by,
        // Whether the seat had been paid: the email says so when its money is kept.
        paid: change.before?.status === 'paid',
        refund: change.event.data.refund,
        ...(refunds.length > 0
          ? {
              amountMinor: refunds.reduce((total, refund) => total + refund.amountMinor, 0),
              currency: refunds[0].currency,
            }
          : {}),
      }),
    ];
  },
  // A booking moved sends its person the new slot (with the new ticket while it holds a seat),
  // and arms the reminder for the new slot (the old one's is cancelled).
  BookingMoved: (change) => [
    message('booking-moved', change, {
      by: change.event.data.by,
      fromEvent: change.event.data.fromEvent,
      fromTime: change.event.data.fromTime,
      // What became of a difference of price: paid, being refunded, or waived.
      ...(change.event.data.difference
        ? {
            difference: change.event.data.difference.settled,
            amountMinor: change.event.data.difference.amountMinor,
            currency: change.event.data.difference.currency,
          }
        : {}),
    }),
    ...showReminder(change),
  ],
  // An operator's move to a dearer slot, its difference asked: the visitor is sent the link to
  // pay it. The visitor's own move waits on its payment page, and needs no email.
  MoveSeatHeld: (change) =>
    change.event.data.by === 'operator'
      ? [
          message('move-difference-due', change, {
            event: change.event.data.event,
            time: change.event.data.time,
            amountMinor: change.event.data.amountMinor,
            currency: change.event.data.currency,
            expiresAt: change.event.data.expiresAt,
          }),
        ]
      : [],
  // A booking handed on begins the new person's registration: their ticket and confirmation,
  // and a reminder of their own. The former holder's notice is not the table's: the same
  // transaction erases them, so it is sealed with their facts as they were
  // (formerHolderNoticesOf, RegistrationStore.queueNoticeToFormerHolder).
  BookingReceived: (change) => [
    message('booking-received', change, { by: change.event.data.by }),
    ...showReminder(change),
  ],
  PaymentRefunded: (change) => {
    const kind = NOTICE_BY_REASON[change.event.data.reason];
    return kind
      ? [
          message(kind, change, {
            amountMinor: change.event.data.amountMinor,
            currency: change.event.data.currency,
            reason: change.event.data.reason,
          }),
        ]
      : [];
  },
};

/**
 * The messages one registration's newly recorded events cause, in their order: `from` is the
 * registration before them (undefined for a new one).
 */
export function messagesOfRecorded(
  from: RegistrationState | undefined,
  recorded: readonly DecodedRegistrationEvent[],
): RegistrationMessage[] {
  const together = recorded.map((item) => item.event);
  const messages: RegistrationMessage[] = [];
  let before = from;
  for (const { event, recorded: record } of recorded) {
    const after = evolve(before, event);
    const rule = MESSAGES_OF_EVENTS[event.type] as MessagesOfEvent<RegistrationEvent> | undefined;
    if (rule) {
      messages.push(
        ...rule({ event, globalPosition: record.globalPosition, before, after, together }),
      );
    }
    before = after;
  }
  return messages;
}
