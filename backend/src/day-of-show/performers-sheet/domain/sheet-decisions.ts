import { setDreamCaptured } from '../../../registrations/domain/operator-decisions';
import {
  assertExists,
  holdsTicket,
  type RegistrationState,
  type RegistrationStatus,
} from '../../../registrations/domain/registration';
import type { RegistrationEvent } from '../../../registrations/domain/registration-events';
import { textRule } from '../../../common/text';
import { DREAM_MAX_CHARACTERS } from '../../../registrations/domain/registration-rules';
import { SheetError } from './sheet-errors';

/**
 * Who is on a slot's sheet: the people seated for the performance, those holding a ticket (a
 * paid or confirmed seat; a hold or an offer may still lapse), as the door counts them. They are
 * numbered by seat order: their registrations ordered by (created_at, id).
 */
export { SEATED_STATUSES } from '../../../registrations/domain/registration';

export function isSeated(status: RegistrationStatus): boolean {
  return holdsTicket(status);
}

/** An approved text may run longer than its dream: a neutral word can be longer than a name. */
export const SHEET_DREAM_MAX_CHARACTERS = 2 * DREAM_MAX_CHARACTERS;
export const SHEET_DREAM_RULE = textRule(1, SHEET_DREAM_MAX_CHARACTERS, true);

/**
 * The operator approves `text` as this registration's dream on its slot's sheet: recorded as
 * SheetDreamApproved (the same text approved again records nothing), and the dream is captured,
 * as the console's toggle records it (the same decision, setDreamCaptured).
 */
export function approveSheetDream(
  state: RegistrationState | undefined,
  slot: { event: string; time: string },
  text: string,
  approvedBy: string,
  now: Date,
): RegistrationEvent[] {
  const registration = assertExists(state);
  if (
    registration.event !== slot.event ||
    registration.time !== slot.time ||
    !isSeated(registration.status)
  ) {
    throw new SheetError(
      'invalid',
      `Registration ${registration.id} is not seated in this slot: only the dreams of its paid or confirmed seats are on its sheet.`,
      'dreams',
    );
  }
  const approved: RegistrationEvent[] =
    registration.sheetDream === text
      ? []
      : [
          {
            type: 'SheetDreamApproved',
            data: {
              registrationId: registration.id,
              approvedBy,
              approvedAt: now.toISOString(),
              sheetDream: text,
            },
          },
        ];
  return [...approved, ...setDreamCaptured(registration, true)];
}
