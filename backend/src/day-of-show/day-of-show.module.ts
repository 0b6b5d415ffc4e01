import { Module } from '@nestjs/common';
import { DoorModule } from './door/door.module';
import { PerformersSheetModule } from './performers-sheet/performers-sheet.module';
import { TicketsModule } from './tickets/tickets.module';

/**
 * The day of the show, a capability above the registrations core: the tickets (tickets/) and the
 * door (door/: its list, check-ins, undo and no-shows), and the
 * performers' sheet (performers-sheet/: the slot's dreams, anonymised, reviewed and approved).
 */
@Module({
  imports: [TicketsModule, DoorModule, PerformersSheetModule],
})
export class DayOfShowModule {}
