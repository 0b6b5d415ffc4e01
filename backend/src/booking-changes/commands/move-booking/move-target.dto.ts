import { PickType } from '@nestjs/swagger';
import { CreateRegistrationRequestDto } from '../../../checkout/commands/create-registration/create-registration.request.dto';

/** The slot to move a booking to: its event's slug and its key, as registering names them. */
export class MoveTargetDto extends PickType(CreateRegistrationRequestDto, [
  'event',
  'time',
] as const) {}
