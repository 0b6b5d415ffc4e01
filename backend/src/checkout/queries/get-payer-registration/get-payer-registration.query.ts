import { Query } from '@nestjs/cqrs';
import type { PayerRegistrationDto } from './payer-registration.response.dto';

export class GetPayerRegistrationQuery extends Query<PayerRegistrationDto> {
  constructor(readonly checkoutSessionId: string) {
    super();
  }
}
