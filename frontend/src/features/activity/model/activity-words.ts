import type { AdminMessageId } from '../../../lib/admin-session/admin-catalogue';
import type { AdminText } from '../../../lib/admin-session/use-admin-text';
import { roleLabel } from '../../../lib/admin-session/operator-display';
import type { Role } from '../../../lib/admin-session/operator-types';
import type { ActivityKind, FeedEntry } from '../api/get-activity';

/**
 * Every kind of fact the log holds (the server's list: the feed's `type` filter). The type says
 * each is here; the catalogues' test says each has a name and a sentence in every language.
 */
const KINDS: Record<ActivityKind, true> = {
  RegistrationCreated: true,
  CheckoutSessionOpened: true,
  CheckoutFailed: true,
  CheckoutExpired: true,
  PaymentConfirmed: true,
  RefundRequested: true,
  PaymentRefunded: true,
  WaitlistConfirmed: true,
  DreamEdited: true,
  DreamShared: true,
  PaidFlagSet: true,
  DreamCapturedSet: true,
  SheetDreamApproved: true,
  SheetSuspicionsAnswered: true,
  RegistrationCancelled: true,
  WaitingListOfferMade: true,
  WaitingListOfferLapsed: true,
  CheckedIn: true,
  CheckInUndone: true,
  NoShowMarked: true,
  SeatNumbered: true,
  RegistrationDeleted: true,
  TourImported: true,
  EventAnnounced: true,
  EventDetailsEdited: true,
  AutomaticOffersSwitched: true,
  EventCompleted: true,
  SlotAdded: true,
  SlotMoved: true,
  SlotCapacityChanged: true,
  SlotClosed: true,
  SlotReopened: true,
  OperatorInvited: true,
  OperatorJoined: true,
  OperatorRoleChanged: true,
  OperatorSuspended: true,
  OperatorReinstated: true,
  OperatorPasskeyAdded: true,
  OperatorPasskeyRenamed: true,
  OperatorPasskeyRemoved: true,
  OperatorTotpConfirmed: true,
  OperatorRecoveryCodesRenewed: true,
  OperatorSecondFactorReset: true,
  OperatorSteppedUp: true,
  OperatorSignedIn: true,
  OperatorSignInFailed: true,
  OperatorLockedOut: true,
  OperatorSignedOut: true,
  OperatorErased: true,
  OwnerSignedIn: true,
  OwnerSignInFailed: true,
  OwnerLockedOut: true,
  BookingMoved: true,
  BookingHandedOn: true,
  BookingReceived: true,
  MoveSeatHeld: true,
  MoveSeatReleased: true,
  PriceDifferencePaid: true,
  ReceiptIssued: true,
};

export const ACTIVITY_KINDS = Object.keys(KINDS) as ActivityKind[];

export function isActivityKind(type: string): type is ActivityKind {
  return type in KINDS;
}

/** A kind's name, as the filter offers it (the English catalogue has one for each: typed). */
export function kindLabel(kind: ActivityKind): AdminMessageId {
  return `admin.activity.kind.${kind}`;
}

/** A kind's sentence: who did what to whom. */
export function kindSentence(kind: ActivityKind): AdminMessageId {
  return `admin.activity.sentence.${kind}`;
}

/** How the page names a slot and an event (the tour's words, in the operator's language). */
export interface PlaceNames {
  event: (slug: string) => string;
  slot: (slug: string, time: string) => string;
}

/** Who did it: the operator by name, the owner, the visitor, the payment provider or the site. */
export function actorWords(entry: FeedEntry, t: AdminText): string {
  if (entry.actor === 'admin') {
    if (entry.operatorId === 'owner') return t('admin.activity.owner');
    return entry.actorName ?? t('admin.activity.anOperator');
  }
  if (entry.actor === 'visitor') return t('admin.activity.visitor');
  if (entry.actor === 'payment-provider') return t('admin.activity.paymentProvider');
  return t('admin.activity.system');
}

/** Whom it concerns: the registration's person, or the operator (by number when unnamed). */
function personWords(entry: FeedEntry, t: AdminText): string {
  if (entry.subjectName) return entry.subjectName;
  if (entry.streamId.startsWith('operator-')) {
    return entry.subjectNumber === undefined
      ? t('admin.activity.anOperator')
      : t('admin.activity.operatorNumber', { number: entry.subjectNumber });
  }
  return t('admin.activity.erasedPerson');
}

function yesNo(value: unknown): 'yes' | 'no' {
  return value === true ? 'yes' : 'no';
}

const ROLES = new Set<string>(['owner', 'box-office', 'door']);

/**
 * A fact of the log as a person reads it, in the operator's language: who did what to whom
 * (the time is said beside it). Only what the sentence needs is read from the fact: never a
 * dream's text, an email or a phone, whatever the fact holds.
 */
export function activitySentence(
  entry: FeedEntry,
  t: AdminText,
  names: PlaceNames,
  locale: string,
): string {
  if (!isActivityKind(entry.type)) return entry.type;
  const payload = entry.payload;
  const flag =
    entry.type === 'PaidFlagSet'
      ? yesNo(payload.paid)
      : entry.type === 'DreamCapturedSet'
        ? yesNo(payload.dreamedCaptured)
        : yesNo(payload.enabled);
  const role = typeof payload.role === 'string' && ROLES.has(payload.role) ? payload.role : null;
  const sentence = t(kindSentence(entry.type), {
    actor: actorWords(entry, t),
    person: personWords(entry, t),
    event: entry.event ? names.event(entry.event) : t('admin.activity.tour'),
    slot:
      entry.event && entry.time ? names.slot(entry.event, entry.time) : t('admin.activity.tour'),
    waiting: payload.placement === 'waiting-list' ? 'yes' : 'no',
    flag,
    role: role ? t(roleLabel(role as Role)) : '',
    capacity: typeof payload.capacity === 'number' ? payload.capacity : 0,
    minutes: typeof payload.minutes === 'number' ? payload.minutes : 0,
    seat: typeof payload.seat === 'number' ? payload.seat : '',
    number: typeof payload.number === 'number' ? payload.number : '',
    refund: payload.kind === 'refund' ? 'yes' : 'no',
  });
  return sentence.charAt(0).toLocaleUpperCase(locale) + sentence.slice(1);
}
