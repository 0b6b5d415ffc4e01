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

/** How the payment page names a move's difference, after the slot it moves to. */
const DIFFERENCE_WORDS: Record<Locale, string> = {
  en: 'price difference',
  it: 'differenza di prezzo',
  ro: 'diferență de preț',
};

/**
 * The payment page of a move's difference: what the move waits for (its amount and currency),
 * named after the slot it moves to, in the visitor's language, lapsing with the seat held for
 * it; back to the move page (`returnUrl`) when paid or left. A page of its own with the provider
 * for each move waiting (`idempotencyKey`), never the seat's.
 */
export function differenceCheckoutRequest(
  catalogue: LiveTour,
  event: TourEvent,
  move: {
    registrationId: string;
    time: string;
    locale: Locale;
    email: string;
    amountMinor: number;
    currency: string;
    expiresAt: Date;
    returnUrl: string;
    idempotencyKey: string;
  },
): CheckoutRequest {
  const place = catalogue.placeNames(event, move.locale).city;
  const slot = catalogue.slotLabel(event.slug, move.time, move.locale);
  return {
    registrationId: move.registrationId,
    description: `${place} — ${slot} (${DIFFERENCE_WORDS[move.locale]})`,
    customerEmail: move.email,
    locale: move.locale,
    amountMinor: move.amountMinor,
    currency: move.currency,
    expiresAt: move.expiresAt,
    successUrl: `${move.returnUrl}&difference=paid`,
    cancelUrl: `${move.returnUrl}&difference=left`,
    idempotencyKey: move.idempotencyKey,
    purpose: 'move-difference',
  };
}
