import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useEvents } from '../../../lib/catalogue';
import { formatEventDate, formatPrice } from '../../../lib/dates';
import { slotCapacity, useCapacity } from '../api/get-capacity';
import { OPEN_EVENT } from '../rules/registration-rules';
import { SlotAvailability } from './slot-availability';
import { SlotLabel } from './slot-label';
import { catalogueTextOr } from '../../../lib/catalogue-text';

/** Bucharest at a glance: venue, price, the open slot's seats and the slot already past. */
export function EventOverview() {
  const intl = useIntl();
  const events = useEvents();
  const capacity = useCapacity();
  const event = events.data?.find((candidate) => candidate.slug === OPEN_EVENT);

  if (events.isPending) {
    return (
      <p role="status" className="muted">
        <FormattedMessage id="common.loading" />
      </p>
    );
  }
  if (!event) {
    return (
      <p role="alert" className="notice notice--error">
        <FormattedMessage id="event.loadFailed" />
      </p>
    );
  }

  const openSlots = event.slots.filter((slot) => slot.status === 'open');
  const closedSlots = event.slots.filter((slot) => slot.status === 'closed');

  return (
    <div className="event-overview">
      <div className="event-overview__main card">
        <p className="eyebrow">
          <FormattedMessage id="event.nextStop" />
        </p>
        <h3 className="event-overview__city">
          {catalogueTextOr(intl, `city.${event.slug}`, event.city)}
        </h3>
        <p className="muted">{catalogueTextOr(intl, `venue.${event.slug}`, event.venue)}</p>
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
    </div>
  );
}
