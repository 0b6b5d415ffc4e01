import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { completeEvent, refuseUnnamedEvent } from '../../domain/tour';
import { TourStore } from '../../tour-store';
import { CompleteEventCommand } from './complete-event.command';

/**
 * Completing an event: EventCompleted, after which the event is past and its slots closed. Decided
 * by the tour's domain (completeEvent), recorded by the one write path (TourStore) with the
 * operator as its actor.
 */
@CommandHandler(CompleteEventCommand)
export class CompleteEventHandler implements ICommandHandler<CompleteEventCommand> {
  constructor(private readonly store: TourStore) {}

  async execute({ change, actor }: CompleteEventCommand): Promise<void> {
    refuseUnnamedEvent(change.slug);
    await this.store.change(change.slug, adminMetadata(actor), ({ state }) =>
      completeEvent(state, { type: 'CompleteEvent', ...change }),
    );
  }
}
