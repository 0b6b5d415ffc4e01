import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSiteInfo } from '../../../lib/site-info';
import { PageTitle } from '../../../components/page-title';
import { PageHeading } from '../../../components/page-heading';
import { Skeleton } from '../../../components/skeleton';
import { Detail } from '../../../components/details-list';
import { ReturnHomeLink } from '../../../components/return-home-link';
import { findSlot, useEvents } from '../../../lib/catalogue';
import { formatDeadline, formatSlotDate, formatSlotTime } from '../../../lib/dates';
import { cityOf } from '../../../lib/event-place';
import type { Booking } from '../api/get-booking';

/** The booking a link names: who, which event, which slot. */
/** The page of an email's link while its booking is asked for. */
export function BookingLoading() {
  return (
    <section className="page page--narrow confirmation" aria-busy="true">
      <PageTitle id="common.loading" />
      <div className="card details-skeleton">
        <Skeleton width="60%" />
        <Skeleton width="80%" />
      </div>
    </section>
  );
}

export function BookingDetails({ booking }: { booking: Booking }) {
  const intl = useIntl();
  const events = useEvents();
  const match = findSlot(events.data, booking.event, booking.time);
  const timeZone = match?.event.timeZone;
  return (
    <dl className="card details">
      <Detail labelId="confirmation.field.name">{booking.name}</Detail>
      <Detail labelId="confirmation.field.event">{cityOf(intl, booking.event, events.data)}</Detail>
      <Detail labelId="confirmation.field.date">
        {booking.startsAt
          ? formatSlotDate(booking.startsAt, intl.locale, timeZone, true)
          : booking.time}
      </Detail>
      <Detail labelId="confirmation.field.time">
        {booking.startsAt ? formatSlotTime(booking.startsAt, intl.locale, timeZone) : booking.time}
      </Detail>
    </dl>
  );
}

/**
 * A moment the page names (until when a seat is held, or may be cancelled): in the time zone of
 * the booking's event, named, as its email writes it, whatever the reader's own zone.
 */
export function useMoment(event: string | undefined): (iso: string | null | undefined) => string {
  const intl = useIntl();
  const events = useEvents();
  const timeZone = events.data?.find((candidate) => candidate.slug === event)?.timeZone;
  return (iso) => (iso ? formatDeadline(iso, intl.locale, timeZone) : '—');
}

/** The contact address, as a link, for what the page cannot do itself. */
export function useContact(): ReactNode {
  const siteInfo = useSiteInfo();
  return siteInfo.data ? (
    <a className="text-link" href={`mailto:${siteInfo.data.contactEmail}`}>
      {siteInfo.data.contactEmail}
    </a>
  ) : (
    '…'
  );
}

/** Where the link goes when the visitor cannot use it: said in the page's own words. */
export function LinkNotValid() {
  const email = useContact();
  return (
    <section className="page page--narrow confirmation">
      <PageHeading titleId="bookingLink.invalid.title" />
      <p role="alert">
        <FormattedMessage id="bookingLink.invalid.body" values={{ email }} />
      </p>
      <ReturnHomeLink />
    </section>
  );
}
