import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import type { TicketHolder, TicketIssuer } from '../../notifications/ticket-issuer';

/** A seat's ticket as the visitor's pages show it: the QR code and the code it holds. */
export class TicketDto {
  @ApiProperty({
    description: 'The signed ticket code the QR code holds (T1.<payload>.<signature>).',
    example: 'T1.eyJrIjoibVYzc1lkMHBFNHlReDFhQiJ9.c2lnbmF0dXJl',
  })
  code!: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'Until when it opens the door.' })
  validUntil!: string;

  @ApiProperty({
    description: 'The QR code as an image (an SVG data URL): dark modules on a light quiet zone.',
    example: 'data:image/svg+xml;base64,PHN2Zz4uLi48L3N2Zz4=',
  })
  qr!: string;
}

/**
 * The `ticket` property of the visitor's pages: a TicketDto or null, written out rather than as
 * a reference, since OpenAPI 3.0's `nullable` applies only beside a `type`.
 */
export const NULLABLE_TICKET_PROPERTY: ApiPropertyOptions = {
  type: 'object',
  nullable: true,
  required: ['code', 'validUntil', 'qr'],
  properties: {
    code: {
      type: 'string',
      description: 'The signed ticket code the QR code holds (T1.<payload>.<signature>).',
    },
    validUntil: {
      type: 'string',
      format: 'date-time',
      description: 'Until when it opens the door.',
    },
    qr: {
      type: 'string',
      description: 'The QR code as an image (an SVG data URL): dark modules on a light quiet zone.',
    },
  },
};

/** The ticket of a registration for a visitor's page; null when it has none. */
export async function visitorTicket(
  issuer: TicketIssuer,
  holder: TicketHolder,
): Promise<TicketDto | null> {
  const ticket = await issuer.ticketFor(holder);
  if (!ticket) return null;
  return {
    code: ticket.code,
    validUntil: ticket.validUntil.toISOString(),
    qr: `data:image/svg+xml;base64,${Buffer.from(ticket.qrSvg, 'utf8').toString('base64')}`,
  };
}
