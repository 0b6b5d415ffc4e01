import { Module } from '@nestjs/common';
import { RegistrationsModule } from '../../registrations/registrations.module';
import { ApprovePerformersSheetHandler } from './commands/approve-performers-sheet/approve-performers-sheet.handler';
import { ApprovePerformersSheetHttpController } from './commands/approve-performers-sheet/approve-performers-sheet.http.controller';
import { GetPerformersSheetHttpController } from './queries/get-performers-sheet/get-performers-sheet.http.controller';
import {
  GetPerformersSheetQueryHandler,
  SheetReviews,
} from './queries/get-performers-sheet/get-performers-sheet.query-handler';
import { AnswerSheetSuspicionsHandler } from './commands/answer-sheet-suspicions/answer-sheet-suspicions.handler';
import { AnswerSheetSuspicionsHttpController } from './commands/answer-sheet-suspicions/answer-sheet-suspicions.http.controller';
import { PrintPerformersSheetHttpController } from './queries/print-performers-sheet/print-performers-sheet.http.controller';
import { PrintPerformersSheetQueryHandler } from './queries/print-performers-sheet/print-performers-sheet.query-handler';

/**
 * The performers' sheet: each slot's dreams, anonymised, reviewed and approved by an operator,
 * printed for the performers. Above the registrations core: its approvals are recorded in the
 * registrations' streams through their one write path (RegistrationStore).
 */
@Module({
  imports: [RegistrationsModule],
  controllers: [
    GetPerformersSheetHttpController,
    ApprovePerformersSheetHttpController,
    AnswerSheetSuspicionsHttpController,
    PrintPerformersSheetHttpController,
  ],
  providers: [
    GetPerformersSheetQueryHandler,
    ApprovePerformersSheetHandler,
    AnswerSheetSuspicionsHandler,
    PrintPerformersSheetQueryHandler,
    SheetReviews,
  ],
})
export class PerformersSheetModule {}
