import type { Locale } from '../common/locale';
import type { SqlExecutor } from '../event-store/sql-executor';
import {
  findPersonalDataKey,
  openPersonalFields,
  sealPersonalFields,
} from '../personal-data/personal-data-vault';

/**
 * What a message needs to know of its registration, written into the outbox row by whoever
 * queues it (in the transaction that records the fact), so that the worker renders the message
 * from the row alone: the recipient, their name and language, the slot (its event and key; its
 * names and start are read from the tour when sending, so a slot moved meanwhile is named by its
 * new start), and what the links and the ticket are made from. Kept up to date while the row
 * waits (a later change of the registration writes its facts again, refreshMessageFacts).
 */
export interface MessageFacts {
  email: string | null;
  name: string | null;
  locale: Locale;
  event: string;
  time: string;
  /** The registration's status, as its fold has it: an offer's and a ticket's condition. */
  status: string;
  /** When an offered seat's hold lapses: the offer's link lives until then. */
  holdExpiresAt: string | null;
  /** Whether cancelling gives money back (the seat was paid through the provider). */
  refunds: boolean;
  /** Whether the registration holds a ticket (the registrations' holdsTicket): a reminder's condition. */
  seated?: boolean;
  /**
   * Until when a seat is held for the booking's move while its difference is paid: the link to
   * pay it lives as long (absent or null when no move waits).
   */
  moveDueUntil?: string | null;
}

/**
 * The facts as a row carries them: sealed with the registration's own personal-data key (named
 * by its stream), so that erasing the registration (shredding the key) leaves them unreadable.
 */
export interface SealedMessageFacts {
  keyStream: string;
  sealed: string;
}

export function sealMessageFacts(
  key: Buffer,
  keyStream: string,
  facts: MessageFacts,
): SealedMessageFacts {
  return { keyStream, sealed: sealPersonalFields(key, { facts: JSON.stringify(facts) }) };
}

/**
 * The key a notice to a booking's former holder is sealed with (their booking handed on, their
 * own key shredded with it): a key of its own, kept only until the notice is sent.
 */
export function formerHolderKeyStream(registrationId: string): string {
  return `former-holder-${registrationId}`;
}

export function isFormerHolderNotice(sealed: SealedMessageFacts): boolean {
  return sealed.keyStream.startsWith('former-holder-');
}

/** The facts a row carries, or undefined once their key was shredded (the person erased). */
export async function openMessageFacts(
  sql: SqlExecutor,
  sealed: SealedMessageFacts,
): Promise<MessageFacts | undefined> {
  const key = await findPersonalDataKey(sql, sealed.keyStream);
  if (!key) return undefined;
  return JSON.parse(openPersonalFields(key, sealed.sealed).facts) as MessageFacts;
}

/** Whether the facts' key is still there (false once the person was erased). */
export async function messageFactsReadable(
  sql: SqlExecutor,
  sealed: SealedMessageFacts,
): Promise<boolean> {
  return (await findPersonalDataKey(sql, sealed.keyStream)) !== undefined;
}

/** The sealed facts a row's payload carries, if it carries any. */
export function sealedFactsOf(payload: Record<string, unknown>): SealedMessageFacts | undefined {
  const facts = payload.facts as Partial<SealedMessageFacts> | undefined;
  return typeof facts?.keyStream === 'string' && typeof facts.sealed === 'string'
    ? { keyStream: facts.keyStream, sealed: facts.sealed }
    : undefined;
}

/**
 * Rows queued before messages carried their facts have none: their facts are read, sealed as
 * a new row's would be, from the registration as it is when the row is sent. A port given by
 * injection: the registrations, a floor above, provide it (RegistrationPortsModule), so that
 * this floor imports nothing of theirs.
 */
export abstract class EarlierMessageFacts {
  /** The registration's facts as it is now, sealed; undefined when it is not there. */
  abstract factsOf(
    sql: SqlExecutor,
    registrationId: string,
  ): Promise<SealedMessageFacts | undefined>;
}

/** The facts of a row, its own or (a row queued before they were written) read for it. */
export async function messageFactsOfRow(
  sql: SqlExecutor,
  row: { registration_id: string; payload: Record<string, unknown> },
  earlier: EarlierMessageFacts,
): Promise<SealedMessageFacts | undefined> {
  return sealedFactsOf(row.payload) ?? earlier.factsOf(sql, row.registration_id);
}
