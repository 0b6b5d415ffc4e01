import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../../auth/admin-actor';
import {
  RegistrationStore,
  type RegistrationAppend,
} from '../../../../registrations/registration-store';
import { LiveTour } from '../../../../tour/live-tour';
import { eventNotFound, slotNotFound } from '../../../../tour/domain/tour-errors';
import { answerSuspicions } from '../../domain/sheet-decisions';
import { SheetError } from '../../domain/sheet-errors';
import { AnswerSheetSuspicionsCommand, type GivenAnswer } from './answer-sheet-suspicions.command';

/**
 * Records the reviewer's answers, one SheetSuspicionsAnswered per registration (its answers
 * sealed with the registration's key), all in one transaction: an answer refused refuses all,
 * and nothing is written.
 */
@CommandHandler(AnswerSheetSuspicionsCommand)
export class AnswerSheetSuspicionsHandler implements ICommandHandler<AnswerSheetSuspicionsCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: LiveTour,
  ) {}

  async execute(command: AnswerSheetSuspicionsCommand): Promise<void> {
    const { event, time, answers } = command;
    if (!this.catalogue.findSlot(event, time)) {
      throw this.catalogue.findEvent(event) ? slotNotFound(event, time) : eventNotFound(event);
    }
    const byRegistration = new Map<string, GivenAnswer[]>();
    for (const answer of answers) {
      const id = answer.registrationId.toLowerCase();
      const list = byRegistration.get(id) ?? [];
      if (list.some((item) => item.spanId === answer.spanId)) {
        throw new SheetError('answered-twice', 'Each suspicion may be answered once.', 'answers');
      }
      list.push(answer);
      byRegistration.set(id, list);
    }
    const now = new Date();
    const metadata = adminMetadata(command.actor);
    await this.store.transaction(async (tx) => {
      const appends: RegistrationAppend[] = [];
      for (const [registrationId, given] of byRegistration) {
        const loaded = await this.store.load(tx, registrationId);
        const events = answerSuspicions(
          loaded.state,
          { event, time },
          given,
          command.actor.sessionId,
          now,
        );
        appends.push({ from: loaded, events, metadata });
      }
      await this.store.appendAll(tx, appends);
    });
  }
}
