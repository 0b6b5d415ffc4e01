import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../../auth/admin-actor';

export interface ApprovedDream {
  registrationId: string;
  text: string;
  acceptStillPersonal?: boolean;
}

/** Approves a slot's sheet, or part of it; answers nothing (the sheet is read again). */
export class ApprovePerformersSheetCommand extends Command<void> {
  constructor(
    readonly event: string,
    readonly time: string,
    readonly dreams: readonly ApprovedDream[],
    readonly actor: AdminActor,
  ) {
    super();
  }
}
