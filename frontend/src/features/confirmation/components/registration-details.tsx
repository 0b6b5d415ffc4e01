import { FormattedMessage, useIntl } from 'react-intl';
import { Detail } from '../../../components/details-list';
import { findSlot, useEvents } from '../../../lib/catalogue';
import { formatEventDate, formatSlotDate, formatSlotTime } from '../../../lib/dates';
import { cityOf, placeName } from '../../../lib/event-place';

import type { components } from '../../../lib/api-schema';

/**
 * Where the registration stands, in the visitor's words: SPEC's CONFIRMED (paid, or confirmed
 * from the waiting list) and WAITING, PROCESSING while a held seat awaits its payment, and the
 * seat given back said as it is.
 */
export type RegistrationStatus =
  'confirmed' | 'waiting' | 'processing' | 'cancelled' | 'released' | 'refunded';

/** The visitor's word for the server's status. */
export function visitorStatus(
  status: components['schemas']['RegistrationDto']['status'],
): RegistrationStatus {
  switch (status) {
    case 'paid':
    case 'confirmed':
      return 'confirmed';
    case 'held':
    case 'offered':
      return 'processing';
    case 'waiting':
    case 'cancelled':
    case 'released':
    case 'refunded':
      return status;
  }
}

interface RegistrationDetailsProps {
  registration: {
    name: string;
    email: string;
    /** Only the payer's own confirmation has it (see get-payer-registration.ts). */
    whatsapp?: string;
    event: string;
    time: string;
  };
  status: RegistrationStatus;
}

const BADGE: Record<RegistrationStatus, string> = {
  confirmed: 'badge--open',
  waiting: 'badge--full',
  processing: 'badge--full',
  cancelled: 'badge--closed',
  released: 'badge--closed',
  refunded: 'badge--closed',
};

/**
 * What SPEC section 3 lists for the confirmation, in the visitor's language: name, email, phone
 * (when the page may show it), event, location, date and time, and where the registration stands.
 */
export function RegistrationDetails({ registration, status }: RegistrationDetailsProps) {
  const { name, email, whatsapp, event, time } = registration;
  const intl = useIntl();
  const events = useEvents();
  const match = findSlot(events.data, event, time);
  const eventName = cityOf(intl, event, events.data);

  return (
    <dl className="card details">
      <Detail labelId="confirmation.field.name">{name}</Detail>
      <Detail labelId="confirmation.field.email">{email}</Detail>
      {whatsapp !== undefined && <Detail labelId="confirmation.field.phone">{whatsapp}</Detail>}
      <Detail labelId="confirmation.field.event">{eventName}</Detail>
      {match && (
        <Detail labelId="confirmation.field.location">
          {placeName(intl, match.event, 'venue')}
        </Detail>
      )}
      <Detail labelId="confirmation.field.date">
        {match?.slot
          ? formatSlotDate(match.slot.startsAt, intl.locale, match.event.timeZone, true)
          : match
            ? formatEventDate(match.event.date, intl.locale)
            : '—'}
      </Detail>
      <Detail labelId="confirmation.field.time">
        {match?.slot
          ? formatSlotTime(match.slot.startsAt, intl.locale, match.event.timeZone)
          : time}
      </Detail>
      <Detail labelId="confirmation.field.status">
        <span className={`badge ${BADGE[status]}`}>
          <FormattedMessage id={`confirmation.status.${status}`} />
        </span>
      </Detail>
    </dl>
  );
}
