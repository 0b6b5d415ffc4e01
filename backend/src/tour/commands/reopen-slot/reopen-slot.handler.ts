import { Inject } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { reopenSlot, refuseUnnamedSlot } from '../../domain/tour';
import { TourStore } from '../../tour-store';
import { ReopenSlotCommand } from './reopen-slot.command';

/**
 * Reopening a closed slot: SlotReopened, unless it is open already or registration for it has
 * closed by the clock. Decided by the tour's domain (reopenSlot), recorded by the one write path
 * (TourStore) with the operator as its actor.
 */
@CommandHandler(ReopenSlotCommand)
export class ReopenSlotHandler implements ICommandHandler<ReopenSlotCommand> {
  constructor(
    private readonly store: TourStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ change, actor }: ReopenSlotCommand): Promise<void> {
    refuseUnnamedSlot(change.slug, change.time);
    await this.store.change(change.slug, adminMetadata(actor), ({ state }) =>
      reopenSlot(state, {
        type: 'ReopenSlot',
        ...change,
        closesMinutesBefore: this.config.registrationClosesMinutesBefore,
      }),
    );
  }
}
