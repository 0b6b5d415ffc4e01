import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { PublicQuery } from '../../../common/api-refusals';
import { RegistrationNotFoundError } from '../../../registrations/domain/registration-errors';
import { GetPayerRegistrationQuery } from './get-payer-registration.query';
import { PayerRegistrationDto } from './payer-registration.response.dto';

/**
 * The confirmation the payer sees on returning from the payment page, phone included. The key
 * is the checkout session id, which the provider puts in the success URL
 * (`/confirmation?session_id={CHECKOUT_SESSION_ID}`) and so hands only to the browser that
 * paid: it is 144 random bits or more, it is never shown on the site, the logs write it as
 * :token, and it leaves the site in no Referer (strict-origin-when-cross-origin). The
 * registration id, by contrast, travels in shareable links, so GET /api/registrations/{id}
 * keeps to SPEC's fields and never answers the phone.
 */
@ApiTags('registrations')
@Controller()
export class GetPayerRegistrationHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/checkout-sessions/:sessionId/registration')
  @Header('Cache-Control', 'no-store')
  @PublicQuery({
    operationId: 'getPayerRegistration',
    summary: 'The registration a checkout session paid for, as its payer sees it',
    description:
      'For the confirmation page the payment provider returns to: the name, email, phone and slot, and whether the payment has arrived yet. An unknown or malformed session id is answered 404.',
    ok: PayerRegistrationDto,
    refusals: [RegistrationNotFoundError],
  })
  registration(@Param('sessionId') sessionId: string): Promise<PayerRegistrationDto> {
    return this.queryBus.execute(new GetPayerRegistrationQuery(sessionId));
  }
}
