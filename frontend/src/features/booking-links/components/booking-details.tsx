import { FormattedMessage, useIntl } from 'react-intl';
import { findSlot, useEvents } from '../../../lib/catalogue';
import { formatSlotDate, formatSlotTime } from '../../../lib/dates';
import { cityOf } from '../../../lib/event-place';
import type { Booking } from '../api/get-booking';

/** The booking a link names: who, which event, which slot. */
export function BookingDetails({ booking }: { booking: Booking }) {
  const intl = useIntl();
  const events = useEvents();
  const match = findSlot(events.data, booking.event, booking.time);
  const timeZone = match?.event.timeZone;
  return (
    <dl className="card details">
      <div>
        <dt>
          <FormattedMessage id="confirmation.field.name" />
        </dt>
        <dd>{booking.name}</dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="confirmation.field.event" />
        </dt>
        <dd>{cityOf(intl, booking.event, events.data)}</dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="confirmation.field.date" />
        </dt>
        <dd>
          {booking.startsAt
            ? formatSlotDate(booking.startsAt, intl.locale, timeZone, true)
            : booking.time}
        </dd>
      </div>
      <div>
        <dt>
          <FormattedMessage id="confirmation.field.time" />
        </dt>
        <dd>
          {booking.startsAt
            ? formatSlotTime(booking.startsAt, intl.locale, timeZone)
            : booking.time}
        </dd>
      </div>
    </dl>
  );
}

/** A moment the page names (until when a seat is held, or may be cancelled). */
export function useMoment(): (iso: string | null | undefined) => string {
  const intl = useIntl();
  return (iso) =>
    iso ? intl.formatDate(new Date(iso), { dateStyle: 'full', timeStyle: 'short' }) : '—';
}
