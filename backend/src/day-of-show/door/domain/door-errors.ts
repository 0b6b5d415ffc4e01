import { checkInNames } from './check-in-names';
import { DomainError } from '../../../common/domain-error';

/** Why the door refuses a person whose ticket or registration it read. */
export type DoorRefusalReason = 'wrong-slot' | 'not-paid' | 'cancelled' | 'expired';

export const DOOR_REFUSAL_REASONS: readonly DoorRefusalReason[] = [
  'wrong-slot',
  'not-paid',
  'cancelled',
  'expired',
];

/** Each refusal's code, in every answer beside its `reason`. */
const REFUSAL_CODES = {
  'wrong-slot': 'ticket-wrong-slot',
  'not-paid': 'seat-not-paid',
  cancelled: 'ticket-cancelled',
  expired: 'ticket-expired',
} as const satisfies Record<DoorRefusalReason, string>;

const REFUSAL_MESSAGES: Record<DoorRefusalReason, string> = {
  'wrong-slot': 'This ticket is for another slot.',
  'not-paid': 'This seat is not paid.',
  cancelled: 'This ticket is no longer valid: its registration was cancelled.',
  expired: 'This ticket has expired.',
};

/** 422: the ticket or registration was read, and it does not open this door. */
export class DoorRefusal extends DomainError {
  static override readonly codes = Object.fromEntries(
    Object.values(REFUSAL_CODES).map((code) => [code, 422]),
  );
  override readonly details: Record<string, unknown>;

  constructor(
    readonly reason: DoorRefusalReason,
    registration?: { name: string | null; event: string; time: string },
  ) {
    super(REFUSAL_CODES[reason], REFUSAL_MESSAGES[reason]);
    this.details = {
      reason,
      ...(registration
        ? {
            ...(registration.name === null ? {} : { name: registration.name }),
            event: registration.event,
            time: registration.time,
          }
        : {}),
    };
  }
}

export type TicketDefectReason = 'forged' | 'unreadable';

/** 400: the code is not a ticket (unreadable), or no key of ours signed it as it is (forged). */
export class TicketRejected extends DomainError {
  static override readonly codes = { 'ticket-forged': 400, 'ticket-unreadable': 400 };
  override readonly details: Record<string, unknown>;

  constructor(readonly reason: TicketDefectReason) {
    super(
      `ticket-${reason}`,
      reason === 'forged'
        ? 'This ticket was not issued by us: its signature does not verify.'
        : 'This is not a ticket code.',
      'ticket',
    );
    this.details = { reason };
  }
}

/** The first check-in, as the log has it: the operator who made it and on which phone. */
export interface FirstCheckIn {
  /** The person's door handle (doorHandleOf), never their registration id. */
  handle: string;
  name: string | null;
  checkedInAt: string;
  operatorId: string | null;
  device: string | null;
}

/**
 * 409: the person is checked in already; the first check-in in the log stands, named as the
 * door names every check-in (checkInNames): by its operator, and its phone beside.
 */
export class AlreadyCheckedIn extends DomainError {
  static override readonly codes = { 'already-checked-in': 409 };
  override readonly details: Record<string, unknown>;

  constructor(
    readonly first: FirstCheckIn,
    operatorName: string | null = null,
  ) {
    super('already-checked-in', 'Already checked in.');
    const { operatorId: _operatorId, device, ...checkIn } = first;
    this.details = {
      checkIn: { ...checkIn, ...checkInNames({ operatorName, device }) },
    };
  }
}

/** 409: an undo of a check-in that is not there. */
export class NotCheckedIn extends DomainError {
  static override readonly codes = { 'not-checked-in': 409 };

  constructor() {
    super('not-checked-in', 'This person is not checked in.');
  }
}

/** 404: the door names a slot the tour does not have. */
export class DoorSlotNotFound extends DomainError {
  static override readonly codes = { 'slot-not-found': 404 };

  constructor() {
    super('slot-not-found', 'No such event or slot.');
  }
}

/** 422: no-shows are marked once the slot has started. */
export class SlotNotStarted extends DomainError {
  static override readonly codes = { 'slot-not-started': 422 };

  constructor() {
    super('slot-not-started', 'The slot has not started yet: no-shows are marked once it has.');
  }
}
