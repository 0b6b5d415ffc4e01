import { Module } from '@nestjs/common';
import { SeatLedgerModule } from '../seat-ledger/seat-ledger.module';
import { ChangeTourHandler } from './commands/change-tour/change-tour.handler';
import { ChangeTourHttpController } from './commands/change-tour/change-tour.http.controller';
import { TourAdminHttpController } from './queries/tour-admin/tour-admin.http.controller';
import { TourAdminQueryHandler } from './queries/tour-admin/tour-admin.query-handler';
import { LiveTourSync } from './live-tour-sync';
import { TourStore } from './tour-store';

/**
 * The tour as events: the operator's changes and views of it, its one write path, and the
 * catalogue kept equal to its read model in every process.
 */
@Module({
  imports: [SeatLedgerModule],
  controllers: [TourAdminHttpController, ChangeTourHttpController],
  providers: [TourStore, ChangeTourHandler, TourAdminQueryHandler, LiveTourSync],
  exports: [LiveTourSync],
})
export class TourModule {}
