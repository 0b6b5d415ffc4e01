import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { editEvent, refuseUnnamedEvent } from '../../domain/tour';
import { TourStore } from '../../tour-store';
import { EditEventCommand } from './edit-event.command';

/**
 * Editing an event's details, status or automatic offers: EventDetailsEdited for what changes,
 * AutomaticOffersSwitched when the offers do. Decided by the tour's domain (editEvent), recorded
 * by the one write path (TourStore) with the operator as its actor.
 */
@CommandHandler(EditEventCommand)
export class EditEventHandler implements ICommandHandler<EditEventCommand> {
  constructor(private readonly store: TourStore) {}

  async execute({ change, actor }: EditEventCommand): Promise<void> {
    refuseUnnamedEvent(change.slug);
    await this.store.change(change.slug, adminMetadata(actor), ({ state }) =>
      editEvent(state, { type: 'EditEvent', ...change }),
    );
  }
}
