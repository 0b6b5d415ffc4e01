import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { ConcurrencyError } from '../event-store/concurrency-error';
import type { EventMetadata } from '../event-store/event-store.types';
import { forgetAnswersNamingRegistration } from '../common/idempotency.interceptor';
import type { Locale } from '../common/locale';
import { MailTransport } from '../notifications/mail-transport';
import { forgetRecipient, forgetRecipientErrors } from '../notifications/outbox';
import { shredPersonalDataKey } from '../personal-data/personal-data-vault';
import { LiveTour } from '../tour/live-tour';
import { visitorCancellationClosesAt } from '../tour/domain/registration-window';
import { formerHolderNoticesOf } from '../registrations/booking-change-messages';
import {
  assertVisitorMayChangeBooking,
  handOnBooking,
  moveBooking,
  type MoveTarget,
} from '../registrations/domain/booking-changes';
import { seatPaymentOf } from '../registrations/domain/payment-decisions';
import { assertExists, type RegistrationState } from '../registrations/domain/registration';
import { RegistrationNotFoundError } from '../registrations/domain/registration-errors';
import { registrationStreamId, type ChangedBy } from '../registrations/domain/registration-events';
import { emailKey } from '../registrations/domain/registration-rules';
import { placesAndClientHolds } from '../registrations/queries/registration-reads';
import {
  newRegistration,
  RegistrationStore,
  slotKey,
  type RegistrationTransaction,
} from '../registrations/registration-store';

/** Who asks for a change, and how it is recorded. */
export interface ChangeRequester {
  by: ChangedBy;
  metadata: EventMetadata;
}

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

  /** Moves the booking to `target`: see moveBooking. */
  async move(
    registrationId: string,
    target: { event: string; time: string },
    requester: ChangeRequester,
  ): Promise<void> {
    const now = new Date();
    await this.store.transaction(async (tx) => {
      const first = await this.store.load(tx, registrationId);
      const before = assertExists(first.state);
      const seats = await tx.lockSlots([{ event: before.event, time: before.time }, target]);
      const loaded = await this.store.load(tx, registrationId);
      const state = assertExists(loaded.state);
      if (state.event !== before.event || state.time !== before.time) {
        // Moved meanwhile: the locks held are not its slot's; decided again from scratch.
        throw new ConcurrencyError(registrationStreamId(registrationId), first.version);
      }
      if (requester.by === 'visitor') this.visitorMayChange(state, now, 'nothing-to-move');
      const events = moveBooking(
        state,
        await this.moveTarget(
          tx,
          state,
          target,
          seats.get(slotKey(target.event, target.time))!,
          requester.by,
          now,
        ),
        requester.by,
      );
      await this.store.append(tx, loaded, events, requester.metadata);
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
    const from = this.catalogue.findSlot(state.event, state.time);
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
      priceMinor: found?.event.priceMinor ?? 0,
      fromPriceMinor: from?.event.priceMinor ?? 0,
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
