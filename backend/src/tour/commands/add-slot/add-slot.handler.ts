import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { addSlot, refuseUnnamedEvent } from '../../domain/tour';
import { TourStore } from '../../tour-store';
import { AddSlotCommand } from './add-slot.command';

/**
 * Adding a slot to an event: SlotAdded, named by its start in the event's zone unless given a
 * name. Decided by the tour's domain (addSlot), recorded by the one write path (TourStore) with
 * the operator as its actor.
 */
@CommandHandler(AddSlotCommand)
export class AddSlotHandler implements ICommandHandler<AddSlotCommand> {
  constructor(private readonly store: TourStore) {}

  async execute({ change, actor }: AddSlotCommand): Promise<void> {
    refuseUnnamedEvent(change.slug);
    await this.store.change(change.slug, adminMetadata(actor), ({ state }) =>
      addSlot(state, { type: 'AddSlot', ...change }),
    );
  }
}
