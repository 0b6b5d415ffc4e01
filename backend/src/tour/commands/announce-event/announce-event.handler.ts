import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { announceEvent, refuseInvalidSlug } from '../../domain/tour';
import { TourStore } from '../../tour-store';
import { LiveTour } from '../../live-tour';
import { AnnounceEventCommand } from './announce-event.command';

/**
 * Announcing an event of the tour: EventAnnounced, with automatic offers on. Decided by the tour's
 * domain (announceEvent), recorded by the one write path (TourStore) with the operator as its
 * actor.
 */
@CommandHandler(AnnounceEventCommand)
export class AnnounceEventHandler implements ICommandHandler<AnnounceEventCommand> {
  constructor(
    private readonly store: TourStore,
    private readonly catalogue: LiveTour,
  ) {}

  async execute({ change, actor }: AnnounceEventCommand): Promise<void> {
    refuseInvalidSlug(change.slug);
    // An event announced without a currency is priced in the tour's.
    const currency = change.currency ?? this.catalogue.currency;
    await this.store.change(change.slug, adminMetadata(actor), ({ state }) =>
      announceEvent(state, { type: 'AnnounceEvent', ...change, currency }),
    );
  }
}
