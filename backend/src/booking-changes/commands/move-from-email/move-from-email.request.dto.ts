import { IntersectionType } from '@nestjs/swagger';
import { CancelFromEmailRequestDto } from '../../../checkout/commands/cancel-from-email/cancel-from-email.request.dto';
import { MoveTargetDto } from '../move-booking/move-target.dto';

/** The email link's token, and the slot to move to. */
export class MoveFromEmailRequestDto extends IntersectionType(
  CancelFromEmailRequestDto,
  MoveTargetDto,
) {}
