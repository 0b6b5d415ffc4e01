import { Module } from '@nestjs/common';
import { RegistrationsModule } from '../../registrations/registrations.module';
import { CheckInHandler } from './commands/check-in/check-in.handler';
import { CheckInHttpController } from './commands/check-in/check-in.http.controller';
import { MarkNoShowsHandler } from './commands/mark-no-shows/mark-no-shows.handler';
import { MarkNoShowsHttpController } from './commands/mark-no-shows/mark-no-shows.http.controller';
import { UndoCheckInHandler } from './commands/undo-check-in/undo-check-in.handler';
import { UndoCheckInHttpController } from './commands/undo-check-in/undo-check-in.http.controller';
import { GetCheckInQueryHandler } from './queries/get-check-in/get-check-in.query-handler';
import { GetDoorCountsHttpController } from './queries/get-door-counts/get-door-counts.http.controller';
import { GetDoorCountsQueryHandler } from './queries/get-door-counts/get-door-counts.query-handler';
import { GetDoorListHttpController } from './queries/get-door-list/get-door-list.http.controller';
import { GetDoorListQueryHandler } from './queries/get-door-list/get-door-list.query-handler';

/**
 * The door: a slot's door list, check-ins, their undo and the no-shows, each an event in the
 * registration's stream written through the registrations core's one write path.
 */
@Module({
  imports: [RegistrationsModule],
  controllers: [
    GetDoorListHttpController,
    GetDoorCountsHttpController,
    CheckInHttpController,
    UndoCheckInHttpController,
    MarkNoShowsHttpController,
  ],
  providers: [
    GetDoorListQueryHandler,
    GetDoorCountsQueryHandler,
    GetCheckInQueryHandler,
    CheckInHandler,
    UndoCheckInHandler,
    MarkNoShowsHandler,
  ],
})
export class DoorModule {}
