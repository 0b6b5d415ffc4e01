import { Global, Module } from '@nestjs/common';
import { TicketIssuer } from '../../notifications/ticket-issuer';
import { GetTicketPublicKeysHttpController } from './get-public-keys/get-public-keys.http.controller';
import { GetTicketPublicKeysQueryHandler } from './get-public-keys/get-public-keys.query-handler';
import { TicketKeys } from './ticket-keys';
import { Tickets } from './tickets';

/**
 * The tickets: their keys, their signing and their QR codes. Global, because the confirmation
 * email and the visitor's pages (on floors below) ask for a ticket through the TicketIssuer port
 * this module provides.
 */
@Global()
@Module({
  controllers: [GetTicketPublicKeysHttpController],
  providers: [
    TicketKeys,
    Tickets,
    { provide: TicketIssuer, useExisting: Tickets },
    GetTicketPublicKeysQueryHandler,
  ],
  exports: [TicketKeys, Tickets, TicketIssuer],
})
export class TicketsModule {}
