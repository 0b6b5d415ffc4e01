import { ApiProperty, PickType } from '@nestjs/swagger';
import { NULLABLE_TICKET_PROPERTY, type TicketDto } from '../visitor-ticket';
import { RegistrationDto } from '../../../registrations/queries/get-registration/registration.response.dto';

/**
 * What the person who paid reads on returning from the payment page: everything SPEC lists for
 * the confirmation, the phone included. Answered only to the holder of the checkout session id.
 * The fields anyone with the id reads are RegistrationDto's.
 */
export class PayerRegistrationDto extends PickType(RegistrationDto, [
  'name',
  'email',
  'event',
  'time',
  'status',
] as const) {
  @ApiProperty({ format: 'uuid' })
  registrationId: string;

  @ApiProperty({ description: 'The phone (WhatsApp) number the visitor gave.' })
  whatsapp: string;

  @ApiProperty()
  waitingList: boolean;

  @ApiProperty({ description: 'False until the provider has told us the payment went through.' })
  paid: boolean;

  @ApiProperty({
    ...NULLABLE_TICKET_PROPERTY,
    description:
      'The ticket to show at the door, once the seat is paid or confirmed; null otherwise.',
  })
  ticket: TicketDto | null;
}
