import { ApiProperty } from '@nestjs/swagger';

/**
 * What anyone holding a registration's id may read of it: the fields SPEC lists for
 * GET /api/registrations/{id}, and nothing more (no phone, no payment state).
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

  @ApiProperty()
  waitingList: boolean;
}
