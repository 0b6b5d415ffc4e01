import { setDreamCaptured } from '../../../registrations/domain/operator-decisions';
import {
  assertExists,
  holdsTicket,
  type RegistrationState,
  type RegistrationStatus,
  type SheetAnswerRecord,
} from '../../../registrations/domain/registration';
import type { RegistrationEvent } from '../../../registrations/domain/registration-events';
import { textRule } from '../../../common/text';
import { DREAM_MAX_CHARACTERS } from '../../../registrations/domain/registration-rules';
import { anonymiseDream, personalCategories, type AnonymisedDream } from './anonymise-dream';
import { SheetError, SheetNotReady, type SheetNotReadyReason } from './sheet-errors';
import type { SpanCategory, SuspicionAnswer } from './neutral-words';

/**
 * Who is on a slot's sheet: the people seated for the performance, those holding a ticket (a
 * paid or confirmed seat; a hold or an offer may still lapse), as the door counts them. They are
 * numbered by seat order: their registrations ordered by (created_at, id).
 */
export { TICKET_HOLDING_STATUSES } from '../../../registrations/domain/registration';

export function isSeated(status: RegistrationStatus): boolean {
  return holdsTicket(status);
}

/** An approved text may run longer than its dream: a neutral word can be longer than a name. */
export const SHEET_DREAM_MAX_CHARACTERS = 2 * DREAM_MAX_CHARACTERS;
export const SHEET_DREAM_RULE = textRule(1, SHEET_DREAM_MAX_CHARACTERS, true);

/** What the sheet reads of a registration to anonymise its dream. */
export type SheetSubject = Pick<
  RegistrationState,
  'dream' | 'name' | 'email' | 'whatsapp' | 'locale' | 'sheetAnswers'
>;

/** The registration's dream as the anonymiser answers it, with the reviewer's answers. */
export function reviewDream(registration: SheetSubject): AnonymisedDream {
  return anonymiseDream(
    registration.dream ?? '',
    { name: registration.name, email: registration.email, phone: registration.whatsapp },
    registration.locale,
    registration.sheetAnswers,
  );
}

/** What the anonymiser still replaces in a text approved for this registration's dream. */
export function stillPersonal(registration: SheetSubject, text: string): SpanCategory[] {
  return personalCategories(
    text,
    { name: registration.name, email: registration.email, phone: registration.whatsapp },
    registration.locale,
  );
}

/**
 * What holds a dream back from the print: suspicions still open, or an approved text that
 * still looks personal and was not approved knowingly. Null when nothing does.
 */
export function printHold(
  review: AnonymisedDream,
  personal: readonly SpanCategory[],
  accepted: boolean,
): SheetNotReadyReason | null {
  if (review.openSuspicions > 0) return 'open-suspicions';
  if (personal.length > 0 && !accepted) return 'still-personal';
  return null;
}

function assertSeatedIn(
  state: RegistrationState | undefined,
  slot: { event: string; time: string },
): RegistrationState {
  const registration = assertExists(state);
  if (
    registration.event !== slot.event ||
    registration.time !== slot.time ||
    !isSeated(registration.status)
  ) {
    throw new SheetError(
      'not-seated-in-slot',
      `Registration ${registration.id} is not seated in this slot: only the dreams of its paid or confirmed seats are on its sheet.`,
      'dreams',
    );
  }
  return registration;
}

/**
 * The operator approves `text` as this registration's dream on its slot's sheet: recorded as
 * SheetDreamApproved (the same text approved again, as knowingly, records nothing), and the
 * dream is captured, as the console's toggle records it (the same decision, setDreamCaptured).
 * Refused (SheetNotReady) while the dream has suspicions unanswered, or when the text still
 * looks personal and `acceptStillPersonal` is not given.
 */
export function approveSheetDream(
  state: RegistrationState | undefined,
  slot: { event: string; time: string },
  text: string,
  acceptStillPersonal: boolean,
  approvedBy: string,
  now: Date,
): RegistrationEvent[] {
  const registration = assertSeatedIn(state, slot);
  const open = reviewDream(registration).openSuspicions;
  if (open > 0) {
    throw new SheetNotReady('open-suspicions', [
      { registrationId: registration.id, openSuspicions: open, stillPersonal: [] },
    ]);
  }
  const personal = stillPersonal(registration, text);
  if (personal.length > 0 && !acceptStillPersonal) {
    throw new SheetNotReady('still-personal', [
      { registrationId: registration.id, openSuspicions: 0, stillPersonal: personal },
    ]);
  }
  const accepted = personal.length > 0;
  const approved: RegistrationEvent[] =
    registration.sheetDream === text && registration.sheetStillPersonalAccepted === accepted
      ? []
      : [
          {
            type: 'SheetDreamApproved',
            data: {
              registrationId: registration.id,
              approvedBy,
              approvedAt: now.toISOString(),
              sheetDream: text,
              ...(accepted ? { stillPersonalAccepted: true } : {}),
            },
          },
        ];
  return [...approved, ...setDreamCaptured(registration, true)];
}

/**
 * The reviewer answers suspicions in this registration's dream: each `spanId` must be a
 * suspicion the anonymiser marks in the dream as it is now (answered already or not). Recorded
 * as SheetSuspicionsAnswered with the words each answer is about (sealed); answers that change
 * nothing record nothing.
 */
export function answerSuspicions(
  state: RegistrationState | undefined,
  slot: { event: string; time: string },
  answers: readonly { spanId: string; answer: SuspicionAnswer }[],
  answeredBy: string,
  now: Date,
): RegistrationEvent[] {
  const registration = assertSeatedIn(state, slot);
  const review = reviewDream(registration);
  const records: SheetAnswerRecord[] = [];
  for (const { spanId, answer } of answers) {
    const span = review.spans.find((item) => item.id === spanId && item.kind === 'suspected');
    if (!span) {
      throw new SheetError(
        'suspicion-not-found',
        `Registration ${registration.id} has no suspicion ${spanId} in its dream as it is now; read the sheet again.`,
        'answers',
      );
    }
    if (span.answer === answer) continue;
    const { offset, length } = span.original;
    records.push({ spanId, text: review.original.slice(offset, offset + length), answer });
  }
  if (records.length === 0) return [];
  return [
    {
      type: 'SheetSuspicionsAnswered',
      data: {
        registrationId: registration.id,
        answeredBy,
        answeredAt: now.toISOString(),
        sheetAnswers: JSON.stringify(records),
      },
    },
  ];
}
