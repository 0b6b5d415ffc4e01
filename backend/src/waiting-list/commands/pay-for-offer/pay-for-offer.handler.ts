import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LiveTour } from '../../../tour/live-tour';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { VisitorLinks } from '../../../notifications/visitor-links';
import { PaymentGateway, PaymentProviderError } from '../../../payments/payment-gateway';
import {
  assertExists,
  assertVisitorMayChange,
  openCheckoutSession,
  resumableCheckout,
  type RegistrationState,
} from '../../../registrations/domain/registration';
import {
  InvalidTransitionError,
  SlotNotOpenError,
} from '../../../registrations/domain/registration-errors';
import { RegistrationStore } from '../../../registrations/registration-store';
import { seatCheckoutRequest } from '../../../checkout/seat-checkout-request';
import { PayForOfferCommand, type OfferCheckout } from './pay-for-offer.command';

const OFFER_LAPSED = 'This offer has lapsed: the seat went to the next person waiting.';

/** Why a link's offer cannot be paid for any more. */
function noOpenOffer(state: RegistrationState): InvalidTransitionError {
  if (state.status === 'paid' || state.status === 'confirmed') {
    return new InvalidTransitionError(
      'already-paid',
      'This seat is already yours: it is paid or confirmed.',
    );
  }
  if (state.status === 'cancelled')
    return new InvalidTransitionError('already-cancelled', 'This booking is cancelled.');
  return new InvalidTransitionError('offer-lapsed', OFFER_LAPSED);
}

/**
 * The payment link of a waiting-list offer: the payment page already open for it (the
 * visitor's Resume, resumableCheckout), or a new one opened through the gateway, held as long
 * as the offer. An offer has one page: clicks that race (in any process) each may open one with
 * the provider, but only the first recorded is kept and answered to all; the others (unless the
 * provider answered with that same page) are closed at once. Paying it is recorded by the webhook's PaymentRecorder like any seat's.
 */
@CommandHandler(PayForOfferCommand)
export class PayForOfferHandler implements ICommandHandler<PayForOfferCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: LiveTour,
    private readonly gateway: PaymentGateway,
    private readonly links: VisitorLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: PayForOfferCommand): Promise<OfferCheckout> {
    const now = new Date();
    const id = await this.links.registrationOf('offer', command.token, now);
    const loaded = await this.store.transaction((tx) => this.store.load(tx, id));
    const state = assertExists(loaded.state);
    assertVisitorMayChange(state, this.catalogue.startOf(state.event, state.time), now);
    if (state.status !== 'offered' || !state.holdExpiresAt) throw noOpenOffer(state);
    const expiresAt = state.holdExpiresAt;
    const open = resumableCheckout(
      state,
      loaded.history.map((item) => item.event),
      now,
    );
    if (open) return open;
    if (new Date(expiresAt).getTime() <= now.getTime()) {
      // Past its time: the sweeper is about to end it.
      throw new InvalidTransitionError('offer-lapsed', OFFER_LAPSED);
    }
    const event = this.catalogue.findEvent(state.event);
    if (!event || !state.email) throw new SlotNotOpenError('unknown');

    let session;
    try {
      session = await this.gateway.createCheckoutSession(
        seatCheckoutRequest(this.catalogue, this.config.publicUrl, event, {
          registrationId: id,
          time: state.time,
          locale: state.locale,
          email: state.email,
          expiresAt: new Date(expiresAt),
        }),
      );
    } catch (error) {
      // The offer stays: the visitor may try the link again while it is held.
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError('Payment setup failed', error);
    }
    let recorded: { url: string; expiresAt: string; sessionId: string | null } | null;
    try {
      recorded = await this.store.transaction(async (tx) => {
        const current = await this.store.load(tx, id);
        const offered = assertExists(current.state);
        // Another click (in this process or another) recorded its page first: that one is the
        // offer's page, and this one is closed below, never handed out.
        const first = resumableCheckout(
          offered,
          current.history.map((item) => item.event),
          now,
        );
        if (first) return { ...first, sessionId: offered.checkoutSessionId };
        if (offered.status !== 'offered') throw noOpenOffer(offered);
        await this.store.append(tx, current, openCheckoutSession(offered, session), {
          actor: 'visitor',
          correlationId: command.correlationId,
        });
        return null;
      });
    } catch (error) {
      // The offer ended while its page was being opened (lapsed, confirmed, cancelled): that
      // page is nobody's, so it is closed before anyone can pay it.
      await this.gateway.expireCheckoutSession(session.sessionId).catch(() => undefined);
      throw error;
    }
    if (recorded) {
      // Stripe answers racing clicks with one page (the registration is its idempotency key):
      // that page is the offer's, so only another one is closed.
      if (recorded.sessionId !== session.sessionId) {
        await this.gateway.expireCheckoutSession(session.sessionId).catch(() => undefined);
      }
      return { url: recorded.url, expiresAt: recorded.expiresAt };
    }
    return { url: session.url, expiresAt };
  }
}
