import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { announceEvent, refuseInvalidSlug } from '../../domain/tour';
import { TourStore } from '../../tour-store';
import { AnnounceEventCommand } from './announce-event.command';

/**
 * Announcing an event of the tour: EventAnnounced, with automatic offers on. Decided by the tour's
 * domain (announceEvent), recorded by the one write path (TourStore) with the operator as its
 * actor.
 */
@CommandHandler(AnnounceEventCommand)
export class AnnounceEventHandler implements ICommandHandler<AnnounceEventCommand> {
  constructor(private readonly store: TourStore) {}

  async execute({ change, actor }: AnnounceEventCommand): Promise<void> {
    refuseInvalidSlug(change.slug);
    await this.store.change(change.slug, adminMetadata(actor), ({ state }) =>
      announceEvent(state, { type: 'AnnounceEvent', ...change }),
    );
  }
}
