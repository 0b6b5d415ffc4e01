import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { ConcurrencyError } from '../event-store/concurrency-error';
import type { EventMetadata } from '../event-store/event-store.types';
import { forgetAnswersNamingRegistration } from '../common/idempotent-answers';
import type { Locale } from '../common/locale';
import { MailTransport } from '../notifications/mail-transport';
import { VisitorLinks } from '../notifications/visitor-links';
import { forgetRecipient, forgetRecipientErrors } from '../notifications/outbox';
import { shredPersonalDataKey } from '../personal-data/personal-data-vault';
import { LiveTour } from '../tour/live-tour';
import { visitorCancellationClosesAt } from '../tour/domain/registration-window';
import { formerHolderNoticesOf } from '../registrations/booking-change-messages';
import {
  assertVisitorMayChangeBooking,
  differencePageOf,
  handOnBooking,
  moveBooking,
  openDifferencePage,
  waitingMove,
  type MoveTarget,
} from '../registrations/domain/booking-changes';
import { seatPaymentOf } from '../registrations/domain/payment-decisions';
import {
  assertExists,
  releaseMoveSeat,
  type PendingMove,
  type RegistrationState,
} from '../registrations/domain/registration';
import {
  RegistrationNotFoundError,
  SlotNotOpenError,
} from '../registrations/domain/registration-errors';
import {
  registrationStreamId,
  type ChangedBy,
  type MoveDifference,
} from '../registrations/domain/registration-events';
import { PaymentGateway, PaymentProviderError } from '../payments/payment-gateway';
import { RefundWorker } from '../checkout/refund-worker';
import { differenceCheckoutRequest } from '../checkout/seat-checkout-request';
import { emailKey } from '../registrations/domain/registration-rules';
import { placesAndClientHolds } from '../registrations/queries/registration-reads';
import {
  newRegistration,
  RegistrationStore,
  slotKey,
  slotsOfRegistration,
  type RegistrationTransaction,
} from '../registrations/registration-store';

/** Who asks for a change, and how it is recorded. */
export interface ChangeRequester {
  by: ChangedBy;
  metadata: EventMetadata;
}

/**
 * What a move came to: the booking moved (with what became of a difference of price), or a
 * seat of the target held while the difference is paid (`checkout`: the visitor's payment
 * page; none for an operator's move, whose link is emailed to the visitor).
 */
export type MoveResult =
  | { outcome: 'moved'; difference: MoveDifference | null }
  | {
      outcome: 'payment-due';
      due: PendingMove;
      checkout: { url: string; expiresAt: string } | null;
    };

/** The new person a booking is handed on to, as they gave themselves. */
export interface NewPerson {
  name: string;
  email: string;
  whatsapp: string;
  dream: string;
  locale?: Locale;
}

/**
 * Records a booking's change of plan, the operator's or the visitor's, each in one transaction:
 * a move under both slots' locks (taken in one order), a hand-on under its slot's lock; the
 * messages their events cause queued by the store from the table of messages in the same
 * transaction, and the outbox woken after COMMIT. The visitor's changes are held to the window of cancelling from the
 * email (assertVisitorMayChangeBooking); an operator's are not.
 */
@Injectable()
export class BookingChangeRecorder {
  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: LiveTour,
    private readonly transport: MailTransport,
    private readonly gateway: PaymentGateway,
    private readonly refunds: RefundWorker,
    private readonly links: VisitorLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The visitor's window for `state`'s slot at `now`, refusing as assertVisitorMayChangeBooking. */
  private visitorMayChange(
    state: RegistrationState,
    now: Date,
    nothing: 'nothing-to-move' | 'nothing-to-hand-on',
  ): void {
    const startsAt = this.catalogue.startOf(state.event, state.time);
    const closesAt = visitorCancellationClosesAt(
      startsAt ?? now,
      this.config.cancellationClosesHoursBefore,
    );
    assertVisitorMayChangeBooking(state, { now, startsAt, closesAt }, nothing);
  }

  /**
   * Moves the booking to `target` (see moveBooking), in one transaction under the locks of its
   * slot, the target's and a seat held for a move waiting (taken in one order): a cheaper
   * target's refund is queued for the refund worker in it. A dearer target holds a seat there:
   * the visitor is answered the payment page of the difference (opened now, or the one already
   * open for that move); an operator who asked for it leaves the visitor an email with the link.
   */
  async move(
    registrationId: string,
    target: { event: string; time: string },
    requester: ChangeRequester,
    choice: { difference?: 'waive' | 'ask' } = {},
  ): Promise<MoveResult> {
    const now = new Date();
    const decided = await this.store.transaction(async (tx) => {
      const first = await this.store.load(tx, registrationId);
      const before = assertExists(first.state);
      const seats = await tx.lockSlots([...slotsOfRegistration(before), target]);
      const loaded = await this.store.load(tx, registrationId);
      const state = assertExists(loaded.state);
      if (slotsOfRegistration(state).some((slot) => !seats.has(slotKey(slot.event, slot.time)))) {
        // Moved meanwhile: the locks held are not its slots'; decided again from scratch.
        throw new ConcurrencyError(registrationStreamId(registrationId), first.version);
      }
      if (requester.by === 'visitor') this.visitorMayChange(state, now, 'nothing-to-move');
      const decision = moveBooking(
        state,
        await this.moveTarget(
          tx,
          state,
          target,
          seats.get(slotKey(target.event, target.time))!,
          requester.by,
          now,
        ),
        {
          by: requester.by,
          now,
          holdMinutes:
            requester.by === 'visitor'
              ? this.config.checkoutHoldMinutes
              : this.config.waitingListOfferMinutes,
          difference: choice.difference,
        },
      );
      const recorded = await this.store.append(tx, loaded, decision.events, requester.metadata);
      await this.refunds.queue(tx, recorded);
      return decision;
    });
    if (decided.outcome === 'moved') return { outcome: 'moved', difference: decided.difference };
    const due = { ...decided.due };
    if (requester.by === 'operator') return { outcome: 'payment-due', due, checkout: null };
    try {
      const checkout = await this.differencePage(registrationId, requester.metadata);
      return { outcome: 'payment-due', due, checkout };
    } catch (error) {
      // A page that cannot be opened leaves the booking where it was: the seat held goes back.
      if (decided.outcome === 'payment-due' && error instanceof PaymentProviderError) {
        await this.releaseUnopened(registrationId, requester.metadata);
      }
      throw error;
    }
  }

  /**
   * The visitor's payment page of the difference their booking's move waits for (the email's
   * link: the operator asked it, or the visitor came back): the one already open, or one
   * opened now with the provider, lapsing with the seat held. Clicks that race each may open one,
   * but only the first recorded is kept and answered; the others are closed at once.
   */
  async differencePage(
    registrationId: string,
    metadata: EventMetadata,
  ): Promise<{ url: string; expiresAt: string }> {
    const now = new Date();
    const loaded = await this.store.transaction((tx) => this.store.load(tx, registrationId));
    const state = assertExists(loaded.state);
    const pending = waitingMove(state, now);
    const history = loaded.history.map((item) => item.event);
    const open = differencePageOf(history, pending);
    if (open) return { url: open, expiresAt: pending.expiresAt };
    const event = this.catalogue.findEvent(pending.event);
    if (!event || !state.email) throw new SlotNotOpenError('unknown');
    // One page per move waiting: the position of the hold names it to the provider.
    const held = [...loaded.history].reverse().find((item) => item.event.type === 'MoveSeatHeld');
    let session;
    try {
      session = await this.gateway.createCheckoutSession(
        differenceCheckoutRequest(this.catalogue, event, {
          registrationId,
          time: pending.time,
          locale: state.locale,
          email: state.email,
          amountMinor: pending.amountMinor,
          currency: pending.currency,
          expiresAt: new Date(pending.expiresAt),
          // Back to the move page, in the visitor's language, paid or not.
          returnUrl: await this.links.url('move', registrationId, state.locale),
          idempotencyKey: `move-difference-${registrationId}-${held?.recorded.globalPosition ?? 0}`,
        }),
      );
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError('Payment setup failed', error);
    }
    let kept: { url: string; sessionId: string } | null;
    try {
      kept = await this.store.transaction(async (tx) => {
        const current = await this.store.load(tx, registrationId);
        const waiting = waitingMove(current.state, new Date());
        const first = differencePageOf(
          current.history.map((item) => item.event),
          waiting,
        );
        // Another click recorded its page first: that one is the move's.
        if (first) return { url: first, sessionId: waiting.sessionId! };
        await this.store.append(
          tx,
          current,
          openDifferencePage(current.state, session, new Date()),
          metadata,
        );
        return null;
      });
    } catch (error) {
      // The move ended while its page was being opened: that page is nobody's.
      await this.gateway.expireCheckoutSession(session.sessionId).catch(() => undefined);
      throw error;
    }
    if (kept) {
      if (kept.sessionId !== session.sessionId) {
        await this.gateway.expireCheckoutSession(session.sessionId).catch(() => undefined);
      }
      return { url: kept.url, expiresAt: pending.expiresAt };
    }
    return { url: session.url, expiresAt: pending.expiresAt };
  }

  /** The seat held for a move whose page could not be opened goes back (the booking stays). */
  private async releaseUnopened(registrationId: string, metadata: EventMetadata): Promise<void> {
    await this.store.transaction(async (tx) => {
      const locked = await this.store.loadUnderSlotLock(tx, registrationId);
      if (!locked?.state.pendingMove || locked.state.pendingMove.sessionId !== null) return;
      await this.store.append(tx, locked.loaded, releaseMoveSeat(locked.state, 'checkout-failed'), {
        ...metadata,
        actor: 'system',
      });
    });
  }

  private async moveTarget(
    tx: RegistrationTransaction,
    state: RegistrationState,
    target: { event: string; time: string },
    seats: MoveTarget['seats'],
    by: ChangedBy,
    now: Date,
  ): Promise<MoveTarget> {
    const found = this.catalogue.findSlot(target.event, target.time);
    const startsAt = this.catalogue.startOf(target.event, target.time);
    const open =
      !found || !startsAt
        ? 'unknown'
        : // The visitor moves only into a slot that takes registrations; an operator into any slot
          // not begun yet.
          (
              by === 'visitor'
                ? this.catalogue.isOpenForRegistration(
                    target.event,
                    target.time,
                    now,
                    this.config.registrationClosesMinutesBefore,
                  )
                : now.getTime() < startsAt.getTime()
            )
          ? 'open'
          : 'closed';
    const places =
      state.email === null
        ? []
        : await placesAndClientHolds(
            tx.manager,
            target.event,
            target.time,
            [emailKey(state.email)],
            [],
          );
    return {
      event: target.event,
      time: target.time,
      open,
      seats,
      emailKeepsPlace: places.some((row) => row.email_key !== null),
      price: found
        ? this.catalogue.priceOf(found.event)
        : { amountMinor: 0, currency: this.catalogue.currency },
    };
  }

  /**
   * Hands the booking on to `person`: see handOnBooking. The former holder is erased as an
   * operator's Delete erases (their key shredded, their queued messages cancelled, the answers
   * kept for retries and the copies of their sent messages removed), then told in a notice
   * sealed with a key of its own. Answers the new registration's id.
   */
  async handOn(
    registrationId: string,
    person: NewPerson,
    requester: ChangeRequester,
  ): Promise<string> {
    const now = new Date();
    const receivedId = randomUUID();
    return this.store.transaction(async (tx) => {
      const locked = await this.store.loadUnderSlotLock(tx, registrationId);
      if (!locked) throw new RegistrationNotFoundError();
      const { loaded } = locked;
      const state = assertExists(locked.state);
      if (requester.by === 'visitor') this.visitorMayChange(state, now, 'nothing-to-hand-on');
      const places = await placesAndClientHolds(
        tx.manager,
        state.event,
        state.time,
        [emailKey(person.email)],
        [],
      );
      const history = loaded.history.map((item) => item.event);
      const payment = seatPaymentOf(state, history);
      const { handedOn, received } = handOnBooking(
        state,
        { registrationId: receivedId, ...person, locale: person.locale ?? state.locale },
        requester.by,
        places.some((row) => row.email_key !== null),
        payment && { amountMinor: payment.amountMinor, currency: payment.currency },
      );
      const recorded = await this.store.appendAll(tx, [
        { from: loaded, events: handedOn, metadata: requester.metadata },
        { from: newRegistration(receivedId), events: received, metadata: requester.metadata },
      ]);
      // The former holder's data goes as an erasure's does.
      await shredPersonalDataKey(tx.manager, registrationStreamId(registrationId));
      await forgetRecipient(tx.manager, registrationId);
      await forgetAnswersNamingRegistration(tx.manager, registrationId);
      await forgetRecipientErrors(tx.manager, registrationId);
      await this.transport.eraseCopiesOf(registrationId);
      for (const message of formerHolderNoticesOf(recorded.flat())) {
        await this.store.queueNoticeToFormerHolder(tx, message, state);
      }
      return receivedId;
    });
  }
}
