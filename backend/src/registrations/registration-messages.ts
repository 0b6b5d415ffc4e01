import {
  sealMessageFacts,
  type MessageFacts,
  type SealedMessageFacts,
} from '../notifications/message-facts';
import type { NotificationKind } from '../notifications/outbox';
import { paidThroughProvider } from './domain/payment-decisions';
import {
  holdsTicket,
  type RegistrationState,
  type RegistrationStatus,
} from './domain/registration';
import { registrationStreamId } from './domain/registration-events';

/** An email about a registration, queued by the transaction that recorded its cause. */
export interface RegistrationMessage {
  kind: NotificationKind;
  registrationId: string;
  /** Non-personal details the message needs (amounts, reasons); never names or addresses. */
  payload?: Record<string, unknown>;
  /** The global position of the event that caused it, for the audit trail. */
  causedByPosition?: number;
}

/** What the messages need to know of a registration (notifications' MessageFacts). */
export function messageFactsOf(state: RegistrationState): MessageFacts {
  return {
    email: state.email,
    name: state.name,
    locale: state.locale,
    event: state.event,
    time: state.time,
    status: state.status,
    holdExpiresAt: state.holdExpiresAt,
    refunds: paidThroughProvider(state),
    seated: holdsTicket(state.status),
    moveDueUntil: state.pendingMove?.expiresAt ?? null,
  };
}

/** The facts of a registration, sealed with its personal-data key, as an outbox row keeps them. */
export function sealedMessageFactsOf(state: RegistrationState, key: Buffer): SealedMessageFacts {
  return sealMessageFacts(key, registrationStreamId(state.id), messageFactsOf(state));
}

/**
 * The statuses in which a registration may have a message waiting whose words depend on its
 * facts as they are when it is sent: an offer (sent only while the offer is open) and a seat's
 * confirmation (its ticket, and whether cancelling refunds).
 */
const FACTS_READ_WHEN_SENT: readonly RegistrationStatus[] = ['offered', 'paid', 'confirmed'];

/**
 * Whether a change of a registration from `before` to `after` must write its facts again into
 * its messages still waiting (refreshMessageFacts): it left or changed within one of those
 * statuses. An erasure does not: it cancels the messages and shreds the key.
 */
export function messageFactsChanged(before: RegistrationState, after: RegistrationState): boolean {
  if (after.status === 'deleted' || !FACTS_READ_WHEN_SENT.includes(before.status)) return false;
  return JSON.stringify(messageFactsOf(before)) !== JSON.stringify(messageFactsOf(after));
}
