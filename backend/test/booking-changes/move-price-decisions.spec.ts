import { refundOrderOf } from '../../src/checkout/refund-worker';
import {
  handOnBooking,
  moveBooking,
  openDifferencePage,
  type MoveTarget,
} from '../../src/registrations/domain/booking-changes';
import { cancelRegistration } from '../../src/registrations/domain/cancellations';
import { MoneyLedger, movementKey } from '../../src/registrations/domain/money';
import { totalsOf } from '../../src/registrations/queries/accounts/accounts-totals';
import {
  confirmRefund,
  decideDifferencePayment,
  decideMoveLapsed,
  decideRefunded,
  NO_LEDGER_IDS,
  type ReceivedPayment,
} from '../../src/registrations/domain/payment-decisions';
import {
  evolve,
  netPaid,
  type RegistrationState,
} from '../../src/registrations/domain/registration';
import type {
  RefundRequested,
  RegistrationEvent,
} from '../../src/registrations/domain/registration-events';
import { ReadModelFold } from '../../src/registrations/projections/read-model-fold';
import { messagesOfRecorded } from '../../src/registrations/messages-of-events';
import type { DecodedRegistrationEvent } from '../../src/registrations/registration-event-codec';

const ID = '33333333-3333-4333-8333-333333333333';
const TO = '44444444-4444-4444-8444-444444444444';
const NOW = new Date('2029-12-01T10:00:00.000Z');
const NO_REFUND_IDS = { refundId: null, chargeId: null, balanceTransactionId: null };

const created: RegistrationEvent = {
  type: 'RegistrationCreated',
  data: {
    registrationId: ID,
    event: 'bucharest',
    time: 'A',
    locale: 'en',
    dreamedCaptured: false,
    placement: 'seat',
    holdExpiresAt: '2029-12-01T09:30:00.000Z',
    name: 'Ana',
    email: 'ana@example.com',
    whatsapp: '+40 712 345 678',
    dream: 'a dream',
  },
};
const paid: RegistrationEvent = {
  type: 'PaymentConfirmed',
  data: {
    registrationId: ID,
    sessionId: 'cs_1',
    paymentIntentId: 'pi_1',
    amountMinor: 3500,
    currency: 'ron',
    providerEventId: null,
    seat: 'held',
    chargeId: 'ch_1',
  },
};

function fold(events: readonly RegistrationEvent[]): RegistrationState {
  return events.reduce<RegistrationState | undefined>(evolve, undefined)!;
}

function decoded(events: readonly RegistrationEvent[]): DecodedRegistrationEvent[] {
  return events.map((event, index) => ({
    event,
    recorded: {
      globalPosition: index + 1,
      streamVersion: index + 1,
      recordedAt: new Date(NOW.getTime() + index * 1000),
    } as DecodedRegistrationEvent['recorded'],
    personalDataErased: false,
  }));
}

/** Each slot's seats taken, as the read model's fold counts them over `events`. */
function seatsTaken(events: readonly RegistrationEvent[]): Record<string, number> {
  const counts = new ReadModelFold();
  for (const item of decoded(events)) counts.apply(item);
  return Object.fromEntries(
    [...counts.slots.values()].map((slot) => [slot.time, slot.seats_taken]),
  );
}

const target = (time: string, amountMinor: number, currency = 'RON'): MoveTarget => ({
  event: time === 'N' ? 'napoli' : 'milano',
  time,
  open: 'open',
  seats: { seatLimit: 5, seatsTaken: 1 },
  emailKeepsPlace: false,
  price: { amountMinor, currency },
});

const terms = (by: 'visitor' | 'operator', difference?: 'waive' | 'ask') => ({
  by,
  now: NOW,
  holdMinutes: 15,
  difference,
});

const refundsIn = (events: readonly RegistrationEvent[]) =>
  events.flatMap((event) => (event.type === 'RefundRequested' ? [event.data] : []));

/** The difference paid on the page `sessionId` of the move waiting. */
const differencePaid = (sessionId: string, amountMinor: number): ReceivedPayment => ({
  sessionId,
  paymentIntentId: `pi_${sessionId}`,
  amountMinor,
  currency: 'ron',
  providerEventId: `evt_${sessionId}`,
  ledger: NO_LEDGER_IDS,
});

const page = (sessionId: string) => ({
  provider: 'sandbox',
  sessionId,
  url: `https://pay.example/${sessionId}`,
  expiresAt: new Date('2029-12-01T10:45:00.000Z'),
  amountMinor: 1500,
  currency: 'RON',
});

describe('a move to a slot of another price, decided', () => {
  const seat = [created, paid];

  it('to a cheaper slot: moves at once and refunds the difference from the payment; a later cancellation refunds only the rest', () => {
    const decision = moveBooking(fold(seat), target('M', 2000), terms('visitor'));
    expect(decision.outcome).toBe('moved');
    expect(decision.events.map((event) => event.type)).toEqual(['BookingMoved', 'RefundRequested']);
    expect(decision.events[0]).toMatchObject({
      data: { difference: { amountMinor: 1500, currency: 'RON', settled: 'refunded' } },
    });
    expect(refundsIn(decision.events)).toEqual([
      expect.objectContaining({
        paymentIntentId: 'pi_1',
        amountMinor: 1500,
        reason: 'move-price-difference',
        chargeId: 'ch_1',
      }),
    ]);
    // The first refund of the payment carries no number, as every refund did before.
    expect(refundsIn(decision.events)[0]).not.toHaveProperty('part');
    const moved = [...seat, ...decision.events];
    // Its confirmation keeps the seat: part of its money went back, not the seat.
    const confirmed = confirmRefund(
      fold(moved),
      moved,
      refundsIn(decision.events)[0],
      NO_REFUND_IDS,
    );
    const settled = [...moved, ...confirmed];
    expect(fold(settled)).toMatchObject({ status: 'paid', paid: true, event: 'milano' });
    expect(netPaid(fold(settled).payments)).toEqual({ amountMinor: 2000, currency: 'RON' });
    // The same confirmation again records nothing.
    expect(
      confirmRefund(fold(settled), settled, refundsIn(decision.events)[0], NO_REFUND_IDS),
    ).toEqual([]);

    const cancelled = cancelRegistration(fold(settled), 'visitor', true);
    const rest = refundsIn(cancelled);
    expect(rest).toEqual([
      expect.objectContaining({ paymentIntentId: 'pi_1', amountMinor: 2000, part: 2 }),
    ]);
    // Each refund has its own key at the provider, and its own row in the accounts.
    expect(refundOrderOf(refundsIn(decision.events)[0]).idempotencyKey).toBe('refund-pi_1');
    expect(refundOrderOf(rest[0]).idempotencyKey).toBe('refund-pi_1-2');
    const all = [...settled, ...cancelled];
    expect(netPaid(fold(all).payments)).toEqual({ amountMinor: 0, currency: 'RON' });
    // Nothing is left to refund: never more than was paid.
    expect(refundsIn(cancelRegistration(fold(settled), 'operator', true))).toHaveLength(1);
    const ledger = new MoneyLedger();
    for (const item of decoded(all)) ledger.apply(item.event, item.recorded);
    expect([...ledger.movements.keys()].sort()).toEqual(
      [
        movementKey(ID, 'payment', 'pi_1'),
        movementKey(ID, 'refund', 'pi_1'),
        `${ID}:refund:pi_1:2`,
      ].sort(),
    );
    // The seat is counted paid until the cancellation: the part a cheaper move gave back keeps it.
    const seatsPaid = (events: readonly RegistrationEvent[]) => {
      const books = new MoneyLedger();
      for (const item of decoded(events)) books.apply(item.event, item.recorded);
      return totalsOf([...books.movements.values()])[0].seatsPaid;
    };
    expect([seatsPaid(settled), seatsPaid(all)]).toEqual([1, 0]);
    // The refunds are the new slot's money, as every movement after a move.
    expect(
      [...ledger.movements.values()]
        .filter((movement) => movement.kind === 'refund')
        .map((movement) => [movement.time, movement.amountMinor, movement.state]),
    ).toEqual([
      ['M', 1500, 'refunded'],
      ['M', 2000, 'in-flight'],
    ]);
  });

  it('to a dearer slot: holds a seat there while the difference is paid, then moves into it; its payment is the seat’s too', () => {
    const decision = moveBooking(fold(seat), target('N', 5000), terms('visitor'));
    expect(decision).toMatchObject({
      outcome: 'payment-due',
      due: { event: 'napoli', time: 'N', amountMinor: 1500, currency: 'RON' },
    });
    const held = [...seat, ...decision.events];
    expect(held.at(-1)).toMatchObject({
      type: 'MoveSeatHeld',
      data: { expiresAt: '2029-12-01T10:15:00.000Z', by: 'visitor' },
    });
    // The booking stays where it is; the seat held is taken in the target.
    expect(fold(held)).toMatchObject({ event: 'bucharest', time: 'A', status: 'paid' });
    expect(seatsTaken(held)).toEqual({ A: 1, N: 1 });
    const opened = [...held, ...openDifferencePage(fold(held), page('cs_2'), NOW)];
    expect(fold(opened).pendingMove).toMatchObject({ sessionId: 'cs_2' });
    // The seat's own checkout is untouched by the difference's page.
    expect(fold(opened)).toMatchObject({ checkoutSessionId: null, stripeSessionId: 'cs_1' });

    const payment = decideDifferencePayment(fold(opened), opened, differencePaid('cs_2', 1500), {
      emailKeepsPlace: false,
    });
    if (payment.outcome !== 'confirm') throw new Error(`not confirmed: ${payment.outcome}`);
    expect(payment.events.map((event) => event.type)).toEqual([
      'BookingMoved',
      'PriceDifferencePaid',
    ]);
    const moved = [...opened, ...payment.events];
    expect(fold(moved)).toMatchObject({ event: 'napoli', time: 'N', pendingMove: null });
    expect(seatsTaken(moved)).toEqual({ A: 0, N: 1 });
    expect(netPaid(fold(moved).payments)).toEqual({ amountMinor: 5000, currency: 'RON' });
    // Delivered twice: nothing more.
    expect(
      decideDifferencePayment(fold(moved), moved, differencePaid('cs_2', 1500), {
        emailKeepsPlace: false,
      }),
    ).toMatchObject({ outcome: 'ignore' });
    // Cancelled later: both payments go back whole, the difference first (total = total paid).
    const cancelled = refundsIn(cancelRegistration(fold(moved), 'visitor', true));
    expect(cancelled.map((refund) => [refund.paymentIntentId, refund.amountMinor])).toEqual([
      ['pi_cs_2', 1500],
      ['pi_1', 3500],
    ]);
    // Moving back to the cheaper slot refunds the difference from the last payment first.
    const back = moveBooking(
      fold(moved),
      { ...target('M', 3500), event: 'milano' },
      terms('visitor'),
    );
    expect(
      refundsIn(back.events).map((refund) => [refund.paymentIntentId, refund.amountMinor]),
    ).toEqual([['pi_cs_2', 1500]]);
    // The payment is money received, in the slot it paid for; the seat is counted once.
    const ledger = new MoneyLedger();
    for (const item of decoded(moved)) ledger.apply(item.event, item.recorded);
    expect(totalsOf([...ledger.movements.values()])).toEqual([
      expect.objectContaining({ payments: 2, seatsPaid: 1, grossMinor: 5000, currency: 'RON' }),
    ]);
    expect(ledger.movements.get(movementKey(ID, 'payment', 'pi_cs_2'))).toMatchObject({
      kind: 'payment',
      reason: 'move-difference',
      amountMinor: 1500,
      event: 'napoli',
      time: 'N',
    });
    expect(messagesOfRecorded(fold(opened), decoded(payment.events)).map((m) => m.kind)).toEqual([
      'booking-moved',
      'show-reminder',
    ]);
  });

  it('a hold that lapses unpaid leaves the booking untouched and frees the seat; a payment after that goes back whole', () => {
    const decision = moveBooking(fold(seat), target('N', 5000), terms('visitor'));
    const opened = [
      ...seat,
      ...decision.events,
      ...openDifferencePage(fold([...seat, ...decision.events]), page('cs_2'), NOW),
    ];
    const expiresAt = new Date(fold(opened).pendingMove!.expiresAt);
    // Another hold's expiry (the move asked again meanwhile) is not this one's.
    expect(decideMoveLapsed(fold(opened), 'cs_2', new Date(expiresAt.getTime() + 1))).toEqual([]);
    expect(decideMoveLapsed(fold(opened), 'cs_3', expiresAt)).toEqual([]);
    const released = decideMoveLapsed(fold(opened), 'cs_2', expiresAt);
    expect(released).toEqual([
      {
        type: 'MoveSeatReleased',
        data: {
          registrationId: ID,
          event: 'napoli',
          time: 'N',
          sessionId: 'cs_2',
          reason: 'lapsed',
        },
      },
    ]);
    const lapsed = [...opened, ...released];
    expect(fold(lapsed)).toMatchObject({ event: 'bucharest', time: 'A', status: 'paid' });
    expect(seatsTaken(lapsed)).toEqual({ A: 1, N: 0 });
    const late = decideDifferencePayment(fold(lapsed), lapsed, differencePaid('cs_2', 1500), {
      emailKeepsPlace: false,
    });
    expect(late).toMatchObject({ outcome: 'refund', reason: 'move-difference-unused' });
    if (late.outcome !== 'refund') throw new Error();
    expect(refundsIn(late.events)).toEqual([
      expect.objectContaining({ paymentIntentId: 'pi_cs_2', amountMinor: 1500 }),
    ]);
    // Its refund, confirmed, leaves the seat as it was.
    const refunded = [...lapsed, ...late.events];
    const confirmed = confirmRefund(
      fold(refunded),
      refunded,
      refundsIn(late.events)[0],
      NO_REFUND_IDS,
    );
    expect(fold([...refunded, ...confirmed])).toMatchObject({ status: 'paid', event: 'bucharest' });
    expect(messagesOfRecorded(fold(refunded), decoded(confirmed)).map((m) => m.kind)).toEqual([
      'payment-refunded',
    ]);
  });

  it('a wrong amount, a person let in meanwhile, or an email already in the target: the difference goes back and the seat held is released', () => {
    const held = [...seat, ...moveBooking(fold(seat), target('N', 5000), terms('visitor')).events];
    const opened = [...held, ...openDifferencePage(fold(held), page('cs_2'), NOW)];
    const wrong = decideDifferencePayment(fold(opened), opened, differencePaid('cs_2', 1000), {
      emailKeepsPlace: false,
    });
    expect(wrong).toMatchObject({ outcome: 'refund', reason: 'amount-mismatch' });
    expect(wrong.outcome === 'refund' && wrong.events[0]).toMatchObject({
      type: 'MoveSeatReleased',
      data: { reason: 'payment-refused' },
    });
    const taken = decideDifferencePayment(fold(opened), opened, differencePaid('cs_2', 1500), {
      emailKeepsPlace: true,
    });
    expect(taken.outcome === 'refund' && taken.events[0]).toMatchObject({
      data: { reason: 'already-registered' },
    });
  });

  it('asked again while a move waits: the same slot keeps waiting, another gives it up; a cancellation or a hand-on releases its seat', () => {
    const held = [...seat, ...moveBooking(fold(seat), target('N', 5000), terms('visitor')).events];
    expect(moveBooking(fold(held), target('N', 5000), terms('visitor'))).toMatchObject({
      outcome: 'payment-pending',
      events: [],
    });
    // Elsewhere, at the seat's own price: the hold is given up and the booking moves.
    const other = moveBooking(fold(held), target('M', 3500), terms('visitor'));
    expect(other.events.map((event) => event.type)).toEqual(['MoveSeatReleased', 'BookingMoved']);
    expect(seatsTaken([...held, ...other.events])).toEqual({ A: 0, N: 0, M: 1 });
    // The same slot, the seat held full: an operator's waiver moves into the seat held.
    const full = { ...target('N', 5000), seats: { seatLimit: 1, seatsTaken: 1 } };
    const waived = moveBooking(fold(held), full, terms('operator', 'waive'));
    expect(waived).toMatchObject({
      outcome: 'moved',
      difference: { amountMinor: 1500, currency: 'RON', settled: 'waived' },
    });
    expect(seatsTaken([...held, ...waived.events])).toEqual({ A: 0, N: 1 });
    // An operator asking it of the visitor holds it anew, theirs (the visitor is emailed the link).
    const asked = moveBooking(fold(held), full, terms('operator', 'ask'));
    expect(asked.events.map((event) => event.type)).toEqual(['MoveSeatReleased', 'MoveSeatHeld']);
    expect(asked.events[1]).toMatchObject({ data: { by: 'operator' } });
    expect(seatsTaken([...held, ...asked.events])).toEqual({ A: 1, N: 1 });
    // Asked again by the operator, it keeps waiting: one email is enough.
    const again = [...held, ...asked.events];
    expect(moveBooking(fold(again), full, terms('operator', 'ask')).outcome).toBe(
      'payment-pending',
    );

    const cancelled = cancelRegistration(fold(held), 'visitor', true);
    expect(cancelled.map((event) => event.type)).toEqual([
      'MoveSeatReleased',
      'RegistrationCancelled',
      'RefundRequested',
    ]);
    expect(seatsTaken([...held, ...cancelled])).toEqual({ A: 0, N: 0 });

    const person = {
      registrationId: TO,
      name: 'Ioana',
      email: 'ioana@example.com',
      whatsapp: '+40 722 111 222',
      dream: 'her dream',
      locale: 'ro' as const,
    };
    const { handedOn, received } = handOnBooking(fold(held), person, 'operator', false, {
      amountMinor: 3500,
      currency: 'ron',
    });
    expect(handedOn[0]).toMatchObject({ type: 'MoveSeatReleased', data: { reason: 'handed-on' } });
    expect(seatsTaken([...held, ...handedOn])).toEqual({ A: 0, N: 0 });
    // The new person's booking begins where the seat is, with no move waiting.
    expect(fold(received)).toMatchObject({ event: 'bucharest', time: 'A', pendingMove: null });
  });

  it('a booking handed on carries its payments and what of them went back, so its refund is the rest', () => {
    const cheaper = moveBooking(fold(seat), target('M', 2000), terms('operator'));
    const moved = [...seat, ...cheaper.events];
    const { received } = handOnBooking(
      fold(moved),
      {
        registrationId: TO,
        name: 'Ioana',
        email: 'ioana@example.com',
        whatsapp: '+40 722 111 222',
        dream: 'her dream',
        locale: 'ro',
      },
      'visitor',
      false,
      { amountMinor: 3500, currency: 'ron' },
    );
    const cancelled = refundsIn(cancelRegistration(fold(received), 'operator', true));
    expect(cancelled).toEqual([
      expect.objectContaining({
        registrationId: TO,
        paymentIntentId: 'pi_1',
        amountMinor: 2000,
        part: 2,
      }),
    ]);
  });

  it('an operator waives or asks a dearer slot’s difference; another currency is refused; a seat without money moves as it is', () => {
    const waived = moveBooking(fold(seat), target('N', 5000), terms('operator', 'waive'));
    expect(waived.events).toEqual([
      expect.objectContaining({
        type: 'BookingMoved',
        data: expect.objectContaining({
          difference: { amountMinor: 1500, currency: 'RON', settled: 'waived' },
        }),
      }),
    ]);
    const asked = moveBooking(fold(seat), target('N', 5000), {
      ...terms('operator', 'ask'),
      holdMinutes: 60 * 24,
    });
    expect(asked).toMatchObject({
      outcome: 'payment-due',
      due: { expiresAt: '2029-12-02T10:00:00.000Z', by: 'operator' },
    });
    // The visitor is emailed the link to pay it; their own move needs no email.
    expect(
      messagesOfRecorded(fold(seat), decoded(asked.events)).map((message) => [
        message.kind,
        message.payload,
      ]),
    ).toEqual([
      [
        'move-difference-due',
        {
          event: 'napoli',
          time: 'N',
          amountMinor: 1500,
          currency: 'RON',
          expiresAt: '2029-12-02T10:00:00.000Z',
        },
      ],
    ]);
    expect(() => moveBooking(fold(seat), target('N', 3000, 'EUR'), terms('visitor'))).toThrow(
      expect.objectContaining({ code: 'move-currency-differs' }),
    );
    const cash = fold([created, { type: 'PaidFlagSet', data: { registrationId: ID, paid: true } }]);
    expect(moveBooking(cash, target('N', 3000, 'EUR'), terms('visitor'))).toMatchObject({
      outcome: 'moved',
      difference: null,
    });
  });

  it("the provider's charge.refunded confirms our refunds still in flight, adds only what it refunded beyond them, and twice is nothing", () => {
    const cheaper = moveBooking(fold(seat), target('M', 2000), terms('visitor'));
    const moved = [...seat, ...cheaper.events];
    const partial = refundsIn(cheaper.events)[0];
    const settled = [...moved, ...confirmRefund(fold(moved), moved, partial, NO_REFUND_IDS)];
    const cancel = cancelRegistration(fold(settled), 'visitor', true);
    const cancelled = [...settled, ...cancel];
    const full = {
      paymentIntentId: 'pi_1',
      amountMinor: 3500,
      currency: 'ron',
      providerEventId: 'evt_refunded',
      reason: 'refunded-at-provider',
      ledger: { refundId: 're_2', chargeId: 'ch_1', balanceTransactionId: 'txn_re_2' },
    };
    const confirmed = decideRefunded(fold(cancelled), cancelled, full);
    expect(confirmed).toEqual([
      expect.objectContaining({
        type: 'PaymentRefunded',
        data: expect.objectContaining({
          amountMinor: 2000,
          part: 2,
          reason: 'cancelled-by-visitor',
          refundId: 're_2',
        }),
      }),
    ]);
    const done = [...cancelled, ...confirmed];
    expect(decideRefunded(fold(done), done, full)).toEqual([]);
    // The refund worker's report of the same refund afterwards records nothing either.
    expect(
      confirmRefund(
        fold(done),
        done,
        refundsIn(cancel)[0] as RefundRequested['data'],
        NO_REFUND_IDS,
      ),
    ).toEqual([]);
    // A dashboard's refund of the rest, with no request of ours: a refund of its own, numbered.
    const dashboard = decideRefunded(fold(settled), settled, full);
    expect(dashboard).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          amountMinor: 2000,
          part: 2,
          reason: 'refunded-at-provider',
        }),
      }),
    ]);
    expect(fold([...settled, ...dashboard])).toMatchObject({ status: 'refunded', paid: false });
  });
});
