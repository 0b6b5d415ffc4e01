import { PickType } from '@nestjs/swagger';
import { CreateRegistrationRequestDto } from '../../../checkout/commands/create-registration/create-registration.request.dto';

/**
 * The person a booking is handed on to, as registering asks for one: their name, email, phone
 * and their own dream, and the language of their emails.
 */
export class HandOnBookingRequestDto extends PickType(CreateRegistrationRequestDto, [
  'name',
  'email',
  'whatsapp',
  'dream',
  'locale',
] as const) {}
