import { Inject, Injectable } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Locale } from '../../../../common/locale';
import { LiveTour } from '../../../../tour/live-tour';
import { eventNotFound, slotNotFound } from '../../../../tour/domain/tour-errors';
import { parseSheetAnswers } from '../../../../registrations/domain/registration';
import { inSeatOrder, seatNumberOf } from '../../../../registrations/queries/seat-order';
import { printHold, reviewDream, stillPersonal } from '../../domain/sheet-decisions';
import type { SheetNotReadyReason } from '../../domain/sheet-errors';
import { GetPerformersSheetQuery } from './get-performers-sheet.query';
import type {
  PerformersSheetDto,
  SheetDreamDto,
  SheetSlotDto,
} from './performers-sheet.response.dto';

interface SheetRow {
  id: string;
  name: string | null;
  email: string | null;
  whatsapp: string | null;
  dream: string | null;
  locale: Locale;
  dreamed_captured: boolean;
  sheet_dream: string | null;
  sheet_dream_approved_by: string | null;
  sheet_dream_approved_at: Date | null;
  sheet_still_personal_accepted: boolean;
  sheet_answers: string | null;
}

/** A dream of the sheet, and what holds it back from the print (null when nothing does). */
export interface ReviewedDream {
  dream: SheetDreamDto;
  hold: SheetNotReadyReason | null;
}

/** A slot's sheet as the sheet and the print both start from: its slot, its dreams reviewed. */
@Injectable()
export class SheetReviews {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly catalogue: LiveTour,
  ) {}

  /** The slot (an unknown event or slot is an error) and its seated dreams, reviewed. */
  async of(
    event: string,
    time: string,
  ): Promise<{ slot: SheetSlotDto; reviewed: ReviewedDream[] }> {
    const slot = sheetSlot(this.catalogue, event, time);
    return { slot, reviewed: await reviewSheet(this.dataSource, event, time) };
  }
}

/**
 * A slot's sheet, read from registration_view: its seated people by seat order, each dream
 * anonymised with its own author's name, email and phone, which are read for that and never
 * answered, and the reviewer's answers.
 */
@QueryHandler(GetPerformersSheetQuery)
export class GetPerformersSheetQueryHandler implements IQueryHandler<GetPerformersSheetQuery> {
  constructor(private readonly sheets: SheetReviews) {}

  async execute({ event, time }: GetPerformersSheetQuery): Promise<PerformersSheetDto> {
    const { slot, reviewed } = await this.sheets.of(event, time);
    return {
      ...slot,
      dreams: reviewed.map((item) => item.dream),
      openSuspicions: reviewed.reduce((sum, item) => sum + item.dream.openSuspicions, 0),
      printable: reviewed.every((item) => item.hold === null),
    };
  }
}

/** The slot a sheet is for, as its head reads; an unknown event or slot is an error. */
function sheetSlot(catalogue: LiveTour, event: string, time: string): SheetSlotDto {
  const found = catalogue.findSlot(event, time);
  if (!found) {
    throw catalogue.findEvent(event) ? slotNotFound(event, time) : eventNotFound(event);
  }
  return {
    event,
    city: found.event.city,
    venue: found.event.venue,
    localised: found.event.localised ?? {},
    timeZone: found.event.timeZone,
    time,
    startsAt: found.slot.startsAt,
  };
}

/** The slot's seated dreams, reviewed: the sheet's and the print's one reading. */
async function reviewSheet(
  dataSource: DataSource,
  event: string,
  time: string,
): Promise<ReviewedDream[]> {
  const rows = await inSeatOrder<SheetRow>(
    dataSource,
    { event, time },
    [
      'id',
      'name',
      'email',
      'whatsapp',
      'dream',
      'locale',
      'dreamed_captured',
      'sheet_dream',
      'sheet_dream_approved_by',
      'sheet_dream_approved_at',
      'sheet_still_personal_accepted',
      'sheet_answers',
    ],
    { seatedOnly: true },
  );
  return rows.map((row) => reviewRow(row));
}

function reviewRow(row: SheetRow & { seat: number | null }): ReviewedDream {
  const subject = {
    dream: row.dream,
    name: row.name,
    email: row.email,
    whatsapp: row.whatsapp,
    locale: row.locale,
    sheetAnswers: parseSheetAnswers(row.sheet_answers ?? undefined),
  };
  const review = reviewDream(subject);
  const personal = row.sheet_dream === null ? [] : stillPersonal(subject, row.sheet_dream);
  return {
    dream: {
      seat: seatNumberOf(row),
      registrationId: row.id,
      language: row.locale,
      original: review.original,
      anonymised: { text: review.text, spans: review.spans },
      openSuspicions: review.openSuspicions,
      approvedText: row.sheet_dream,
      stillPersonal: personal,
      stillPersonalAccepted: row.sheet_still_personal_accepted,
      approvedBy: row.sheet_dream_approved_by,
      approvedAt: row.sheet_dream_approved_at?.toISOString() ?? null,
      dreamedCaptured: row.dreamed_captured,
    },
    hold: printHold(review, personal, row.sheet_still_personal_accepted),
  };
}
