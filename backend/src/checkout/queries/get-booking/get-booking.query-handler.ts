import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { LiveTour } from '../../../tour/live-tour';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { VisitorLinks } from '../../../notifications/visitor-links';
import {
  visitorCancellationClosesAt,
  visitorCancellationOpen,
} from '../../../tour/domain/registration-window';
import { bookingOf } from '../../../registrations/queries/registration-reads';
import { RegistrationNotFoundError } from '../../../registrations/domain/registration-errors';
import { pastTheDoor } from '../../../registrations/domain/registration';
import type { BookingResponseDto } from './booking.response.dto';
import { GetBookingQuery } from './get-booking.query';
import { TicketIssuer } from '../../../notifications/ticket-issuer';
import { visitorTicket } from '../visitor-ticket';
import { netPaidOfRow, pendingMoveOfRow } from '../../../registrations/queries/pending-move.dto';

@QueryHandler(GetBookingQuery)
export class GetBookingQueryHandler implements IQueryHandler<GetBookingQuery> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalogue: LiveTour,
    private readonly links: VisitorLinks,
    private readonly tickets: TicketIssuer,
  ) {}

  async execute({ purpose, token }: GetBookingQuery): Promise<BookingResponseDto> {
    const now = new Date();
    const id = await this.links.registrationOf(purpose, token, now);
    const row = await bookingOf(this.dataSource, id);
    if (!row) throw new RegistrationNotFoundError();
    const startsAt = this.catalogue.startOf(row.event, row.time);
    const closesAt = startsAt
      ? visitorCancellationClosesAt(startsAt, this.config.cancellationClosesHoursBefore)
      : null;
    const past = pastTheDoor(
      { checkedInAt: row.checked_in_at === null ? null : row.checked_in_at.toISOString() },
      startsAt,
      now,
    );
    return {
      event: row.event,
      time: row.time,
      startsAt: startsAt?.toISOString() ?? null,
      name: row.name ?? '',
      status: row.status,
      cancellableUntil: closesAt?.toISOString() ?? null,
      cancellationOpen:
        past === null && closesAt !== null && visitorCancellationOpen(now, closesAt),
      pastTheDoor: past,
      offerExpiresAt:
        row.status === 'offered' && row.hold_expires_at
          ? new Date(row.hold_expires_at).toISOString()
          : null,
      ticket: await visitorTicket(this.tickets, {
        registrationId: id,
        event: row.event,
        time: row.time,
        status: row.status,
      }),
      netPaid: netPaidOfRow(row),
      pendingMove: pendingMoveOfRow(row),
    };
  }
}
