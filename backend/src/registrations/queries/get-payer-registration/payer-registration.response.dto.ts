import { ApiProperty } from '@nestjs/swagger';

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
}
