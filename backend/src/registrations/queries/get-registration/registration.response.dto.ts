import { ApiProperty } from '@nestjs/swagger';
import { EXISTING_REGISTRATION_STATUSES, type RegistrationStatus } from '../../domain/registration';

/**
 * What anyone holding a registration's id may read of it: the fields SPEC lists for
 * GET /api/registrations/{id}, and where it stands (so a cancelled booking never reads as
 * confirmed), and nothing more (no phone, no payment details).
 */
export class RegistrationDto {
  @ApiProperty()
  name: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ example: 'bucharest' })
  event: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time: string;

  @ApiProperty({ description: 'True while the registration is on the waiting list.' })
  waitingList: boolean;

  @ApiProperty({
    enum: EXISTING_REGISTRATION_STATUSES,
    description:
      "Where the registration stands, the domain's word (held, offered, paid, waiting, confirmed, cancelled, released, refunded).",
  })
  status: RegistrationStatus;

  @ApiProperty({
    description:
      'Whether it may still share dreams: false once cancelled, released or refunded (sharing then answers 409).',
  })
  sharesDreams: boolean;
}
