import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { nextStops, useEvents } from '../../../lib/catalogue';
import type { CatalogueEvent } from '../../../lib/catalogue';
import { formatEventDate } from '../../../lib/dates';
import { formatPrice } from '../../../lib/money';
import { placeName } from '../../../lib/event-place';
import { slotCapacity, useCapacity } from '../api/get-capacity';
import { SlotAvailability } from './slot-availability';
import { SlotLabel } from './slot-label';

/**
 * The tour's next stops as the live tour has them, each at a glance (venue, price, its open
 * slots' seats and its slots already past); when none takes registrations, what comes next.
 */
export function EventOverview() {
  const events = useEvents();

  if (events.isPending) {
    // The size of one stop's card, so that the stop replacing it does not push the page down.
    return (
      <div className="event-overview event-overview--pending">
        <p role="status" className="event-overview__main card muted">
          <FormattedMessage id="common.loading" />
        </p>
      </div>
    );
  }
  if (!events.data) {
    return (
      <p role="alert" className="notice notice--error">
        <FormattedMessage id="event.loadFailed" />
      </p>
    );
  }

  const stops = nextStops(events.data);
  if (stops.length === 0) return <TourResting events={events.data} />;
  return (
    <div className="next-stops">
      {stops.map((event) => (
        <NextStop key={event.slug} event={event} />
      ))}
    </div>
  );
}

function NextStop({ event }: { event: CatalogueEvent }) {
  const intl = useIntl();
  const capacity = useCapacity();
  const city = placeName(intl, event, 'city');
  const openSlots = event.slots.filter((slot) => slot.status === 'open');
  const closedSlots = event.slots.filter((slot) => slot.status === 'closed');

  return (
    <article className="event-overview" aria-label={city}>
      <div className="event-overview__main card">
        <p className="eyebrow">
          <FormattedMessage id="event.nextStop" />
        </p>
        <h3 className="event-overview__city">{city}</h3>
        <p className="muted">{placeName(intl, event, 'venue')}</p>
        <dl className="facts">
          <div>
            <dt>
              <FormattedMessage id="event.date" />
            </dt>
            <dd>{formatEventDate(event.date, intl.locale)}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="event.price" />
            </dt>
            <dd className="price">{formatPrice(event.priceMinor, event.currency, intl.locale)}</dd>
          </div>
        </dl>
        <h4>
          <FormattedMessage id="event.availableSlots" />
        </h4>
        <ul className="slot-list">
          {openSlots.map((slot) => (
            <li key={slot.time} className="slot-list__item">
              <SlotLabel slot={slot} timeZone={event.timeZone} />
              <SlotAvailability capacity={slotCapacity(capacity.data, event.slug, slot.time)} />
            </li>
          ))}
        </ul>
      </div>
      {closedSlots.length > 0 && (
        <div className="event-overview__past card card--muted">
          <h4>
            <FormattedMessage id="event.pastSlots" />
          </h4>
          <ul className="slot-list">
            {closedSlots.map((slot) => (
              <li key={slot.time} className="slot-list__item">
                <SlotLabel slot={slot} timeZone={event.timeZone} />
                <span className="badge badge--closed">
                  <FormattedMessage id="slot.closed" />
                </span>
              </li>
            ))}
          </ul>
          <Link to="/past-events" className="text-link">
            <FormattedMessage id="event.seePastEvents" />
          </Link>
        </div>
      )}
    </article>
  );
}

/** No stop takes registrations: the announced ones come soon, or the tour is resting. */
function TourResting({ events }: { events: readonly CatalogueEvent[] }) {
  const intl = useIntl();
  const announced = events
    .filter((event) => event.status === 'coming-soon')
    .sort((a, b) => a.date.localeCompare(b.date));

  return (
    <div className="event-overview">
      <div className="event-overview__main card">
        <p className="eyebrow">
          <FormattedMessage
            id={announced.length > 0 ? 'event.comingSoon' : 'event.resting.title'}
          />
        </p>
        {announced.length > 0 ? (
          <>
            <ul className="upcoming-stops">
              {announced.map((event) => (
                <li key={event.slug}>
                  <h3 className="event-overview__city">{placeName(intl, event, 'city')}</h3>
                  <p className="muted">
                    {placeName(intl, event, 'venue')} · {formatEventDate(event.date, intl.locale)}
                  </p>
                </li>
              ))}
            </ul>
            <p>
              <FormattedMessage id="event.upcoming.body" />
            </p>
          </>
        ) : (
          <>
            <h3 className="event-overview__city">
              <FormattedMessage id="event.resting.heading" />
            </h3>
            <p>
              <FormattedMessage id="event.resting.body" />
            </p>
          </>
        )}
      </div>
      <div className="event-overview__past card card--muted">
        <p>
          <FormattedMessage id="event.resting.past" />
        </p>
        <Link to="/past-events" className="text-link">
          <FormattedMessage id="event.seePastEvents" />
        </Link>
      </div>
    </div>
  );
}
