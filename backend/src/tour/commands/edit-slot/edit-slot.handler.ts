import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { editSlot, refuseUnnamedSlot } from '../../domain/tour';
import { TourStore } from '../../tour-store';
import { EditSlotCommand } from './edit-slot.command';

/**
 * Changing a slot: SlotMoved for a new start, SlotCapacityChanged for a capacity not below the
 * seats its registrations take. Decided by the tour's domain (editSlot), recorded by the one write
 * path (TourStore) with the operator as its actor.
 */
@CommandHandler(EditSlotCommand)
export class EditSlotHandler implements ICommandHandler<EditSlotCommand> {
  constructor(private readonly store: TourStore) {}

  async execute({ change, actor }: EditSlotCommand): Promise<void> {
    refuseUnnamedSlot(change.slug, change.time);
    await this.store.change(change.slug, adminMetadata(actor), async ({ state, seatsTaken }) =>
      editSlot(state, {
        type: 'EditSlot',
        ...change,
        // The seats are read, under the slot's lock, only when the capacity is to change.
        seatsTaken: change.capacity !== undefined ? await seatsTaken(change.time) : 0,
      }),
    );
  }
}
