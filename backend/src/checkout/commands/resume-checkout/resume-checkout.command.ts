import { Command } from '@nestjs/cqrs';

export interface ResumeCheckoutResult {
  registrationId: string;
  url: string;
  expiresAt: string;
}

export class ResumeCheckoutCommand extends Command<ResumeCheckoutResult> {
  constructor(readonly registrationId: string) {
    super();
  }
}
