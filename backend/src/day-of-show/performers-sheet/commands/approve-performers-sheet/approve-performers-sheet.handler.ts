import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../../auth/admin-actor';
import {
  RegistrationStore,
  type RegistrationAppend,
} from '../../../../registrations/registration-store';
import { LiveTour } from '../../../../tour/live-tour';
import { eventNotFound, slotNotFound } from '../../../../tour/domain/tour-errors';
import { approveSheetDream } from '../../domain/sheet-decisions';
import { SheetError } from '../../domain/sheet-errors';
import { ApprovePerformersSheetCommand } from './approve-performers-sheet.command';

/**
 * Records each approved dream (SheetDreamApproved, and DreamCapturedSet where the dream was not
 * captured yet) in its registration's stream, all in one transaction: a refused dream refuses
 * the whole approval, and nothing is written: a dream with suspicions unanswered, or a text that
 * still looks personal without acceptStillPersonal, is refused (409, SheetNotReady).
 */
@CommandHandler(ApprovePerformersSheetCommand)
export class ApprovePerformersSheetHandler implements ICommandHandler<ApprovePerformersSheetCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: LiveTour,
  ) {}

  async execute(command: ApprovePerformersSheetCommand): Promise<void> {
    const { event, time, dreams } = command;
    if (!this.catalogue.findSlot(event, time)) {
      throw this.catalogue.findEvent(event) ? slotNotFound(event, time) : eventNotFound(event);
    }
    const ids = dreams.map((dream) => dream.registrationId.toLowerCase());
    if (new Set(ids).size !== ids.length) {
      throw new SheetError('approved-twice', 'Each registration may be approved once.', 'dreams');
    }
    const now = new Date();
    const metadata = adminMetadata(command.actor);
    await this.store.transaction(async (tx) => {
      const appends: RegistrationAppend[] = [];
      for (const dream of dreams) {
        const loaded = await this.store.load(tx, dream.registrationId.toLowerCase());
        const events = approveSheetDream(
          loaded.state,
          { event, time },
          dream.text,
          dream.acceptStillPersonal === true,
          command.actor.sessionId,
          now,
        );
        appends.push({ from: loaded, events, metadata });
      }
      await this.store.appendAll(tx, appends);
    });
  }
}
