import { Module } from '@nestjs/common';
import { TicketsModule } from './tickets/tickets.module';

/**
 * The day of the show, a capability above the registrations core: the tickets (tickets/) and the
 * door (door/: its list, check-ins, undo and no-shows).
 */
@Module({
  imports: [TicketsModule],
})
export class DayOfShowModule {}
