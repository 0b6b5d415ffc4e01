import { ApiProperty } from '@nestjs/swagger';
import { EXISTING_REGISTRATION_STATUSES } from '../../domain/registration';

/** A registration as the operator sees it: every stored field of SPEC section 3 and more. */
export class AdminRegistrationDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    description: "'#' and the last 6 characters of the id, uppercased.",
    example: '#A1B2C3',
  })
  shortId: string;

  @ApiProperty({ type: String, nullable: true })
  name: string | null;

  @ApiProperty({ type: String, nullable: true })
  email: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Phone Number' })
  whatsapp: string | null;

  @ApiProperty({ example: 'bucharest' })
  event: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time: string;

  @ApiProperty()
  dreamedCaptured: boolean;

  @ApiProperty({ type: String, nullable: true })
  dream: string | null;

  @ApiProperty({ description: 'True while the registration is on the waiting list.' })
  waitingList: boolean;

  @ApiProperty()
  paid: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'The paid checkout session, if any.' })
  stripeSessionId: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The last checkout session opened.' })
  checkoutSessionId: string | null;

  @ApiProperty({
    enum: EXISTING_REGISTRATION_STATUSES,
    description: 'Where the registration stands.',
  })
  status: string;

  @ApiProperty({ enum: ['en', 'it', 'ro'] })
  locale: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  holdExpiresAt: string | null;

  @ApiProperty({ type: 'integer', description: 'Further dreams shared after registering.' })
  sharedDreams: number;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt: string;

  @ApiProperty({ type: 'integer', description: 'The number of events in the registration stream.' })
  version: number;
}
