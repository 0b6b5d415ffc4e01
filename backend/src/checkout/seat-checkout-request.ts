import type { Locale } from '../common/locale';
import type { CheckoutRequest } from '../payments/payment-gateway';
import type { LiveTour, TourEvent } from '../tour/live-tour';

/**
 * The payment page for a seat held for a registration (a hold, or a waiting-list offer): the
 * stop's price in its own currency as it is now (the page's price is recorded with it, and its
 * payment checked against it), in the visitor's language, lapsing with the seat.
 */
export function seatCheckoutRequest(
  catalogue: LiveTour,
  publicUrl: string,
  event: TourEvent,
  seat: { registrationId: string; time: string; locale: Locale; email: string; expiresAt: Date },
): CheckoutRequest {
  return {
    registrationId: seat.registrationId,
    // The slot by its current start where the show is, not by its key (which a move keeps).
    description: `${catalogue.placeNames(event, seat.locale).city} — ${catalogue.slotLabel(event.slug, seat.time, seat.locale)}`,
    customerEmail: seat.email,
    locale: seat.locale,
    amountMinor: event.priceMinor,
    currency: event.currency,
    expiresAt: seat.expiresAt,
    successUrl: `${publicUrl}/confirmation?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: paymentCancelledUrl(publicUrl, seat.registrationId),
  };
}

/** Where the payment page's Cancel leads: the screen offering to resume or give the seat back. */
export function paymentCancelledUrl(publicUrl: string, registrationId: string): string {
  return `${publicUrl}/?register=true&payment=cancelled&registration=${registrationId}`;
}
