import type { CheckInRecord, SendOutcome } from './check-in-queue';
import type { LocalVerdict } from './ticket';

export type AnswerKind =
  'valid' | 'already' | 'wrong-slot' | 'cancelled' | 'not-paid' | 'expired' | 'forged' | 'unknown';

/** What the full-screen answer shows for one scan. */
export interface DoorAnswer {
  kind: AnswerKind;
  name?: string;
  seat?: number;
  checkedInAt?: string | null;
  checkedInBy?: string | null;
  checkedInDevice?: string | null;
  /** Whose word it is: the phone's (from its door list) or, once it has answered, the server's. */
  source: 'phone' | 'server';
  /** A check-in made without a network, waiting in the queue. */
  queued?: boolean;
  /**
   * For a ticket of another slot: the slot it is for (its key, e.g. Oct 30 - 7:30pm), or, for a
   * booking moved out of this slot, the one it is in now.
   */
  ticketSlot?: { event: string; time: string };
}

export const letsIn = (kind: AnswerKind) => kind === 'valid';

export function answerFromVerdict(verdict: LocalVerdict): DoorAnswer {
  if (verdict.kind === 'valid' || verdict.kind === 'already') {
    const { person } = verdict;
    return {
      kind: verdict.kind,
      name: person.name,
      seat: person.seat,
      checkedInAt: person.checkedInAt,
      checkedInBy: person.checkedInBy,
      checkedInDevice: person.checkedInDevice,
      source: 'phone',
    };
  }
  if (verdict.kind === 'wrong-slot') {
    const { event, time } = verdict.movedTo ?? verdict.claims;
    return {
      kind: verdict.kind,
      ...(verdict.name ? { name: verdict.name } : {}),
      source: 'phone',
      ticketSlot: { event, time },
    };
  }
  return { kind: verdict.kind, source: 'phone' };
}

const SERVER_REASONS: Record<string, AnswerKind> = {
  'wrong-slot': 'wrong-slot',
  'not-paid': 'not-paid',
  cancelled: 'cancelled',
  expired: 'expired',
  forged: 'forged',
  unreadable: 'unknown',
  '404': 'unknown',
};

/** The answer a server's refusal (422 or 400 `reason`, or a 404) stands for. */
export const kindOfReason = (reason: string): AnswerKind => SERVER_REASONS[reason] ?? 'unknown';

/**
 * The server's answer to a scan's check-in over the phone's own: it knows what happened since
 * the list was fetched (another phone, a cancellation, a payment). Unanswered, the phone's
 * answer stands, queued if it let the person in.
 */
export function answerFromServer(
  phone: DoorAnswer,
  outcome: SendOutcome,
  seatOf: (checkIn: CheckInRecord) => number | undefined,
): DoorAnswer {
  switch (outcome.kind) {
    case 'accepted':
    case 'conflict': {
      const { checkIn } = outcome;
      return {
        kind: outcome.kind === 'accepted' ? 'valid' : 'already',
        name: checkIn.name || phone.name,
        seat: seatOf(checkIn) ?? phone.seat,
        checkedInAt: checkIn.checkedInAt,
        checkedInBy: checkIn.checkedInBy,
        checkedInDevice: checkIn.checkedInDevice,
        source: 'server',
      };
    }
    case 'refused':
      return {
        kind: kindOfReason(outcome.reason),
        ...(outcome.name ? { name: outcome.name } : {}),
        ...(outcome.slot ? { ticketSlot: outcome.slot } : {}),
        source: 'server',
      };
    case 'unsent':
      return letsIn(phone.kind) ? { ...phone, queued: true } : phone;
  }
}
