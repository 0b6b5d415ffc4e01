import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { AnnounceEvent } from '../../domain/tour';

/** Announce an event: its slug, places, date, time zone, price and status. */
export class AnnounceEventCommand extends Command<void> {
  constructor(
    readonly change: Omit<AnnounceEvent, 'type' | 'currency'> & { currency?: string },
    readonly actor: AdminActor,
  ) {
    super();
  }
}
