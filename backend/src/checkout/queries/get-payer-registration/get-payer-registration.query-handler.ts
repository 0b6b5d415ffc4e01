import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { registrationsOfCheckoutSession } from '../../../registrations/queries/registration-reads';
import { RegistrationNotFoundError } from '../../../registrations/domain/registration-errors';
import { GetPayerRegistrationQuery } from './get-payer-registration.query';
import type { PayerRegistrationDto } from './payer-registration.response.dto';
import { TicketIssuer } from '../../../notifications/ticket-issuer';
import { visitorTicket } from '../visitor-ticket';

/** Stripe's session ids (cs_test_…, cs_live_…) and the sandbox's (cs_sandbox_…, base64url). */
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_-]{10,250}$/;

@QueryHandler(GetPayerRegistrationQuery)
export class GetPayerRegistrationQueryHandler implements IQueryHandler<GetPayerRegistrationQuery> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly tickets: TicketIssuer,
  ) {}

  async execute({ checkoutSessionId }: GetPayerRegistrationQuery): Promise<PayerRegistrationDto> {
    if (!CHECKOUT_SESSION_ID.test(checkoutSessionId)) throw new RegistrationNotFoundError();
    const rows = await registrationsOfCheckoutSession(this.dataSource, checkoutSessionId);
    const row = rows[0];
    // The read model's personal columns are nullable: a row without them confirms nothing.
    if (!row || row.name === null || row.email === null || row.whatsapp === null) {
      throw new RegistrationNotFoundError();
    }
    return {
      registrationId: row.id,
      name: row.name,
      email: row.email,
      whatsapp: row.whatsapp,
      event: row.event,
      time: row.time,
      waitingList: row.waiting_list,
      paid: row.paid,
      status: row.status,
      ticket: await visitorTicket(this.tickets, {
        registrationId: row.id,
        event: row.event,
        time: row.time,
        status: row.status,
      }),
    };
  }
}
