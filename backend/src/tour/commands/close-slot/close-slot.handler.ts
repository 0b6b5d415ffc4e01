import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { closeSlot, refuseUnnamedSlot } from '../../domain/tour';
import { TourStore } from '../../tour-store';
import { CloseSlotCommand } from './close-slot.command';

/**
 * Closing a slot to registration: SlotClosed, unless it is closed already. Decided by the tour's
 * domain (closeSlot), recorded by the one write path (TourStore) with the operator as its actor.
 */
@CommandHandler(CloseSlotCommand)
export class CloseSlotHandler implements ICommandHandler<CloseSlotCommand> {
  constructor(private readonly store: TourStore) {}

  async execute({ change, actor }: CloseSlotCommand): Promise<void> {
    refuseUnnamedSlot(change.slug, change.time);
    await this.store.change(change.slug, adminMetadata(actor), ({ state }) =>
      closeSlot(state, { type: 'CloseSlot', ...change }),
    );
  }
}
