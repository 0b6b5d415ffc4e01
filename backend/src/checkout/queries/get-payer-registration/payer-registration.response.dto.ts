import { ApiProperty } from '@nestjs/swagger';
import { NULLABLE_TICKET_PROPERTY, type TicketDto } from '../visitor-ticket';
import {
  EXISTING_REGISTRATION_STATUSES,
  type RegistrationStatus,
} from '../../../registrations/domain/registration';

/**
 * What the person who paid reads on returning from the payment page: everything SPEC lists for
 * the confirmation, the phone included. Answered only to the holder of the checkout session id.
 */
export class PayerRegistrationDto {
  @ApiProperty({ format: 'uuid' })
  registrationId: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ description: 'The phone (WhatsApp) number the visitor gave.' })
  whatsapp: string;

  @ApiProperty({ example: 'bucharest' })
  event: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time: string;

  @ApiProperty()
  waitingList: boolean;

  @ApiProperty({ description: 'False until the provider has told us the payment went through.' })
  paid: boolean;

  @ApiProperty({
    enum: EXISTING_REGISTRATION_STATUSES,
    description:
      "Where the registration stands, the domain's word (held, offered, paid, waiting, confirmed, cancelled, released, refunded).",
  })
  status: RegistrationStatus;

  @ApiProperty({
    ...NULLABLE_TICKET_PROPERTY,
    description:
      'The ticket to show at the door, once the seat is paid or confirmed; null otherwise.',
  })
  ticket: TicketDto | null;
}
