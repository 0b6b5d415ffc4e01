import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { decide } from '../../domain/tour';
import { eventNotFound, slotNotFound, TourError } from '../../domain/tour-errors';
import { checkSlotName, checkSlug } from '../../domain/tour-rules';
import { TourStore } from '../../tour-store';
import { ChangeTourCommand } from './change-tour.command';

/**
 * Every change to the tour: one command of the tour's domain (decide()), recorded by the one
 * write path (TourStore) with the operator as its actor.
 */
@CommandHandler(ChangeTourCommand)
export class ChangeTourHandler implements ICommandHandler<ChangeTourCommand> {
  constructor(private readonly store: TourStore) {}

  async execute({ command, actor, seatsOf }: ChangeTourCommand): Promise<void> {
    // What no event or slot can be named is not looked for: an unknown event or slot, or, to
    // announce, a bad slug.
    const badSlug = checkSlug(command.slug);
    if (badSlug && command.type === 'AnnounceEvent') {
      throw new TourError(
        'tour-field-invalid',
        `${badSlug[0].toUpperCase()}${badSlug.slice(1)}.`,
        'slug',
      );
    }
    if (badSlug) throw eventNotFound(command.slug);
    if ('time' in command && command.type !== 'AddSlot' && checkSlotName(command.time)) {
      throw slotNotFound(command.slug, command.time);
    }
    await this.store.change(command.slug, adminMetadata(actor), async ({ state, seatsTaken }) =>
      decide(
        state,
        command.type === 'EditSlot' && seatsOf !== undefined
          ? { ...command, seatsTaken: await seatsTaken(seatsOf) }
          : command,
      ),
    );
  }
}
