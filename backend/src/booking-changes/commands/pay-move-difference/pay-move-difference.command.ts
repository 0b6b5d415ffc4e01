import { Command } from '@nestjs/cqrs';
import type { DifferenceCheckoutDto } from '../move-from-email/move-from-email.response.dto';

export class PayMoveDifferenceCommand extends Command<DifferenceCheckoutDto> {
  constructor(
    /** The signed token of the email's move link. */
    readonly token: unknown,
    readonly correlationId: string,
  ) {
    super();
  }
}
