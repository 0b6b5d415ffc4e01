import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeading } from '../../../components/page-heading';
import { RegisterCta } from '../components/register-cta';
import { useEvents } from '../../../lib/catalogue';
import type { CatalogueEvent } from '../../../lib/catalogue';
import { formatEventDate, formatSlotTime } from '../../../lib/dates';
import { placeName } from '../../../lib/event-place';

/** The events the tour has played, the latest first. */
function pastEvents(events: readonly CatalogueEvent[]): CatalogueEvent[] {
  return events
    .filter((event) => event.status === 'completed')
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

export default function PastEventsPage() {
  const intl = useIntl();
  const events = useEvents();
  const completed = pastEvents(events.data ?? []);
  return (
    <article className="page">
      <PageHeading titleId="pastEvents.title" leadId="pastEvents.lead" />
      {events.isPending && (
        <p role="status">
          <FormattedMessage id="common.loading" />
        </p>
      )}
      {events.isError && (
        <p role="alert" className="notice notice--error">
          <FormattedMessage id="event.loadFailed" />
        </p>
      )}
      <ul className="card-grid card-grid--three">
        {completed.map((event) => (
          <li key={event.slug} className="card past-event">
            <span className="badge badge--closed">
              <FormattedMessage id="pastEvents.completed" />
            </span>
            <h2>{placeName(intl, event, 'city')}</h2>
            {event.venue !== event.city && (
              <p className="muted">{placeName(intl, event, 'venue')}</p>
            )}
            <p>{formatEventDate(event.date, intl.locale)}</p>
            <ul className="times" aria-label={intl.formatMessage({ id: 'pastEvents.times' })}>
              {event.slots.map((slot) => (
                <li key={slot.time}>
                  {formatSlotTime(slot.startsAt, intl.locale, event.timeZone)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <RegisterCta />
    </article>
  );
}
