/**
 * The headline of a visitor's page about a booking that no longer holds a place: it says first,
 * in the visitor's words, where the booking stands now (the payment page, the booking's page and
 * the email links alike), never the page's usual title above a CANCELLED badge.
 */
const ENDED_HEADLINES = {
  cancelled: 'confirmation.now.cancelled',
  refunded: 'confirmation.now.refunded',
  released: 'confirmation.now.released',
} as const;

export type EndedStatus = keyof typeof ENDED_HEADLINES;

export const hasEnded = (status: string): status is EndedStatus => status in ENDED_HEADLINES;

export const endedHeadline = (status: EndedStatus) => ENDED_HEADLINES[status];
