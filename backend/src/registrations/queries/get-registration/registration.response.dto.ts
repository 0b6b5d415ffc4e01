import { ApiProperty } from '@nestjs/swagger';
import { EXISTING_REGISTRATION_STATUSES } from '../../domain/registration';

/** What a visitor may see of their own registration, by its id. */
export class RegistrationDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ description: 'Phone Number' })
  whatsapp: string;

  @ApiProperty({ example: 'bucharest' })
  event: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time: string;

  @ApiProperty()
  waitingList: boolean;

  @ApiProperty()
  paid: boolean;

  @ApiProperty({
    enum: EXISTING_REGISTRATION_STATUSES,
    description: 'Where the registration stands.',
  })
  status: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}
