import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SheetNotReady } from '../../domain/sheet-errors';
import { SheetReviews } from '../get-performers-sheet/get-performers-sheet.query-handler';
import type { PrintedSheetDto } from '../get-performers-sheet/performers-sheet.response.dto';
import { PrintPerformersSheetQuery } from './print-performers-sheet.query';

/**
 * What the performers get: the approved texts by seat, only once no dream of the sheet holds
 * it back (an open suspicion, then a still-personal text not approved knowingly): SheetNotReady
 * names the dreams that do.
 */
@QueryHandler(PrintPerformersSheetQuery)
export class PrintPerformersSheetQueryHandler implements IQueryHandler<PrintPerformersSheetQuery> {
  constructor(private readonly sheets: SheetReviews) {}

  async execute({ event, time }: PrintPerformersSheetQuery): Promise<PrintedSheetDto> {
    const { slot, reviewed } = await this.sheets.of(event, time);
    for (const reason of ['open-suspicions', 'still-personal'] as const) {
      const held = reviewed.filter((item) => item.hold === reason);
      if (held.length > 0) {
        throw new SheetNotReady(
          reason,
          held.map(({ dream }) => ({
            registrationId: dream.registrationId,
            openSuspicions: dream.openSuspicions,
            stillPersonal: dream.stillPersonal,
          })),
        );
      }
    }
    return {
      ...slot,
      dreams: reviewed.flatMap(({ dream }) =>
        dream.approvedText === null
          ? []
          : [{ seat: dream.seat, language: dream.language, text: dream.approvedText }],
      ),
    };
  }
}
