import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../../auth/admin-actor';
import { RegistrationStore } from '../../../../registrations/registration-store';
import { LiveTour } from '../../../../tour/live-tour';
import { markNoShow } from '../../domain/door-decisions';
import { seatedNotArrivedIdsOfSlot } from '../../../../registrations/queries/registration-reads';
import { DoorSlotNotFound, SlotNotStarted } from '../../domain/door-errors';
import { MarkNoShowsCommand } from './mark-no-shows.command';

/**
 * Records NoShowMarked for each seated person of a started slot not checked in, in one
 * transaction, each decided from their own stream (a check-in recorded meanwhile conflicts on
 * the version and the whole pass is decided again).
 */
@CommandHandler(MarkNoShowsCommand)
export class MarkNoShowsHandler implements ICommandHandler<MarkNoShowsCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: LiveTour,
  ) {}

  async execute(command: MarkNoShowsCommand): Promise<string[]> {
    const startsAt =
      this.catalogue.findSlot(command.event, command.time) &&
      this.catalogue.startOf(command.event, command.time);
    if (!startsAt) throw new DoorSlotNotFound();
    if (Date.now() < startsAt.getTime()) throw new SlotNotStarted();
    return this.store.transaction(async (tx) => {
      const candidates = await seatedNotArrivedIdsOfSlot(tx.manager, command.event, command.time);
      const appends = [];
      for (const { id } of candidates) {
        const loaded = await this.store.load(tx, id);
        if (!loaded.state) continue;
        const events = markNoShow(loaded.state);
        if (events.length > 0) {
          appends.push({ from: loaded, events, metadata: adminMetadata(command.actor) });
        }
      }
      await this.store.appendAll(tx, appends);
      return appends.map((append) => append.from.registrationId);
    });
  }
}
