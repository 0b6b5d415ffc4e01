import { Command } from '@nestjs/cqrs';
import type { MoveFromEmailResponseDto } from './move-from-email.response.dto';

export class MoveFromEmailCommand extends Command<MoveFromEmailResponseDto> {
  constructor(
    /** The signed token of the email's move link. */
    readonly token: unknown,
    readonly event: string,
    readonly time: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
