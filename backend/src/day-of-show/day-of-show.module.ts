import { Module } from '@nestjs/common';
import { DoorModule } from './door/door.module';
import { TicketsModule } from './tickets/tickets.module';

/**
 * The day of the show, a capability above the registrations core: the tickets (tickets/) and the
 * door (door/: its list, check-ins, undo and no-shows).
 */
@Module({
  imports: [TicketsModule, DoorModule],
})
export class DayOfShowModule {}
