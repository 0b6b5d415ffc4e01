import { Module } from '@nestjs/common';
import { SeatLedgerModule } from '../seat-ledger/seat-ledger.module';
import { AnnounceEventHandler } from './commands/announce-event/announce-event.handler';
import { AnnounceEventHttpController } from './commands/announce-event/announce-event.http.controller';
import { EditEventHandler } from './commands/edit-event/edit-event.handler';
import { EditEventHttpController } from './commands/edit-event/edit-event.http.controller';
import { CompleteEventHandler } from './commands/complete-event/complete-event.handler';
import { CompleteEventHttpController } from './commands/complete-event/complete-event.http.controller';
import { AddSlotHandler } from './commands/add-slot/add-slot.handler';
import { AddSlotHttpController } from './commands/add-slot/add-slot.http.controller';
import { EditSlotHandler } from './commands/edit-slot/edit-slot.handler';
import { EditSlotHttpController } from './commands/edit-slot/edit-slot.http.controller';
import { CloseSlotHandler } from './commands/close-slot/close-slot.handler';
import { CloseSlotHttpController } from './commands/close-slot/close-slot.http.controller';
import { ReopenSlotHandler } from './commands/reopen-slot/reopen-slot.handler';
import { ReopenSlotHttpController } from './commands/reopen-slot/reopen-slot.http.controller';
import { TourAdminHttpController } from './queries/tour-admin/tour-admin.http.controller';
import { TourAdminQueryHandler } from './queries/tour-admin/tour-admin.query-handler';
import { GetTourEventQueryHandler } from './queries/tour-admin/get-tour-event.query-handler';
import { LiveTourSync } from './live-tour-sync';
import { TourStore } from './tour-store';

/**
 * The tour as events: the operator's use cases on it (commands/, one folder each: its command,
 * handler, route and request), the views of it (queries/), its one write path, and the live
 * tour kept equal to its read model in every process.
 */
@Module({
  imports: [SeatLedgerModule],
  controllers: [
    TourAdminHttpController,
    AnnounceEventHttpController,
    EditEventHttpController,
    CompleteEventHttpController,
    AddSlotHttpController,
    EditSlotHttpController,
    CloseSlotHttpController,
    ReopenSlotHttpController,
  ],
  providers: [
    TourStore,
    TourAdminQueryHandler,
    GetTourEventQueryHandler,
    LiveTourSync,
    AnnounceEventHandler,
    EditEventHandler,
    CompleteEventHandler,
    AddSlotHandler,
    EditSlotHandler,
    CloseSlotHandler,
    ReopenSlotHandler,
  ],
  exports: [LiveTourSync],
})
export class TourModule {}
