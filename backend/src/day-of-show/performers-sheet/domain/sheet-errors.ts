import { DomainError } from '../../../common/domain-error';

/** What the performers' sheet refuses (400), each with its code. */
const SHEET_CODES = {
  'not-seated-in-slot': 400,
  'suspicion-not-found': 400,
  'approved-twice': 400,
  'answered-twice': 400,
} as const;

export class SheetError extends DomainError {
  static override readonly codes = SHEET_CODES;

  constructor(code: keyof typeof SHEET_CODES, message: string, field?: string) {
    super(code, message, field);
    this.name = 'SheetError';
  }
}

/**
 * Why a sheet, or a dream of it, is not ready: suspicions the reviewer has not answered yet, or
 * a text that still looks personal and was not approved knowingly.
 */
export type SheetNotReadyReason = 'open-suspicions' | 'still-personal';

export const SHEET_NOT_READY_REASONS: readonly SheetNotReadyReason[] = [
  'open-suspicions',
  'still-personal',
];

/** A dream that holds the sheet back, as the 409 names it. */
export interface DreamNotReady {
  registrationId: string;
  openSuspicions: number;
  stillPersonal: string[];
}

/**
 * 409: the approval or the print waits for the reviewer's answers. `reason` is stable (the
 * first that applies: open suspicions before a still-personal text), `dreams` lists each dream
 * that holds it back.
 */
export class SheetNotReady extends DomainError {
  static override readonly codes = { 'sheet-not-ready': 409 };
  override readonly details: Record<string, unknown>;

  constructor(
    readonly reason: SheetNotReadyReason,
    dreams: DreamNotReady[],
  ) {
    super(
      'sheet-not-ready',
      reason === 'open-suspicions'
        ? 'Some dreams still have suspicions to answer (replace or keep) before the sheet can be approved or printed.'
        : 'Some approved texts still look personal: approve them again knowingly (acceptStillPersonal) or edit them.',
    );
    this.details = { reason, dreams };
  }
}
