import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { Locale } from '../../../../common/locale';
import { Catalogue } from '../../../../tour/catalogue';
import { eventNotFound, slotNotFound } from '../../../../tour/domain/tour-errors';
import { anonymiseDream } from '../../domain/anonymise-dream';
import { REPLACEMENT_KINDS, type ReplacementKind } from '../../domain/neutral-words';
import { inSeatOrder, seatNumberOf } from '../../../../registrations/queries/seat-order';
import { GetPerformersSheetQuery } from './get-performers-sheet.query';
import type { PerformersSheetDto, SheetDreamDto } from './performers-sheet.response.dto';

interface SheetRow {
  id: string;
  name: string | null;
  dream: string | null;
  locale: Locale;
  dreamed_captured: boolean;
  sheet_dream: string | null;
  sheet_dream_approved_by: string | null;
  sheet_dream_approved_at: Date | null;
}

/**
 * A slot's sheet, read from registration_view: its seated people by seat order, each dream
 * anonymised with its own author's name, which is read for that and never answered.
 */
@QueryHandler(GetPerformersSheetQuery)
export class GetPerformersSheetQueryHandler implements IQueryHandler<GetPerformersSheetQuery> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly catalogue: Catalogue,
  ) {}

  async execute({ event, time }: GetPerformersSheetQuery): Promise<PerformersSheetDto> {
    const found = this.catalogue.findSlot(event, time);
    if (!found) {
      throw this.catalogue.findEvent(event) ? slotNotFound(event, time) : eventNotFound(event);
    }
    const rows = await inSeatOrder<SheetRow>(
      this.dataSource,
      { event, time },
      [
        'id',
        'name',
        'dream',
        'locale',
        'dreamed_captured',
        'sheet_dream',
        'sheet_dream_approved_by',
        'sheet_dream_approved_at',
      ],
      { seatedOnly: true },
    );
    return {
      event,
      city: found.event.city,
      venue: found.event.venue,
      localised: found.event.localised ?? {},
      timeZone: found.event.timeZone,
      time,
      startsAt: found.slot.startsAt,
      dreams: rows.map((row) => sheetDream(row, seatNumberOf(row))),
    };
  }
}

/** The kinds of personal detail the anonymiser finds in `text`, in REPLACEMENT_KINDS' order. */
function kindsFound(text: string, row: SheetRow): ReplacementKind[] {
  const found = new Set(
    anonymiseDream(text, row.name ?? '', row.locale).replacements.map((item) => item.kind),
  );
  return REPLACEMENT_KINDS.filter((kind) => found.has(kind));
}

function sheetDream(row: SheetRow, seat: number): SheetDreamDto {
  return {
    seat,
    registrationId: row.id,
    language: row.locale,
    anonymised: anonymiseDream(row.dream ?? '', row.name ?? '', row.locale),
    approvedText: row.sheet_dream,
    stillPersonal: row.sheet_dream === null ? [] : kindsFound(row.sheet_dream, row),
    approvedBy: row.sheet_dream_approved_by,
    approvedAt: row.sheet_dream_approved_at?.toISOString() ?? null,
    dreamedCaptured: row.dreamed_captured,
  };
}
