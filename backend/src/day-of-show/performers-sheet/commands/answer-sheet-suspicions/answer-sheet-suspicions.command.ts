import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../../auth/admin-actor';
import type { SuspicionAnswer } from '../../domain/neutral-words';

export interface GivenAnswer {
  registrationId: string;
  spanId: string;
  answer: SuspicionAnswer;
}

/** Answers suspicions in a slot's dreams; answers nothing (the sheet is read again). */
export class AnswerSheetSuspicionsCommand extends Command<void> {
  constructor(
    readonly event: string,
    readonly time: string,
    readonly answers: readonly GivenAnswer[],
    readonly actor: AdminActor,
  ) {
    super();
  }
}
