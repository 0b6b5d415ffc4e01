import { FormattedMessage, useIntl } from 'react-intl';
import type { components } from '../lib/api-schema';
import { Section } from './section';
import './ticket-card.css';

export type Ticket = NonNullable<components['schemas']['BookingResponseDto']['ticket']>;

/**
 * A paid or confirmed seat's ticket, as the visitor shows it at the door: the QR code (the
 * server's image, black on a white quiet zone, drawn large for a phone in the dark) and the code
 * in words. Nothing when the registration has no ticket.
 */
export function TicketCard({ ticket }: { ticket: Ticket | null | undefined }) {
  const intl = useIntl();
  if (!ticket) return null;
  return (
    <Section titleId="ticket.heading" headingId="ticket-heading" className="card ticket-card">
      <p>
        <FormattedMessage id="ticket.instructions" />
      </p>
      <img
        className="ticket-card__qr"
        src={ticket.qr}
        alt={intl.formatMessage({ id: 'ticket.imageAlt' })}
        width={280}
        height={280}
      />
      <p className="ticket-card__code">
        <span>
          <FormattedMessage id="ticket.codeLabel" />
        </span>{' '}
        <code>{ticket.code}</code>
      </p>
    </Section>
  );
}
