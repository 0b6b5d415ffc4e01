import { FormattedMessage, useIntl } from 'react-intl';
import type { CatalogueEvent } from '../../../lib/catalogue';
import { formatEventDate } from '../../../lib/dates';
import { placeName } from '../../../lib/event-place';

/** The hero: the next open stop (`open`) by its city, date and price (`price`, its own). */
export function HomeHero({
  onRegister,
  formOpen,
  open,
  price,
}: {
  onRegister: () => void;
  formOpen: boolean;
  open: CatalogueEvent | undefined;
  price: string | undefined;
}) {
  const intl = useIntl();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__glow" aria-hidden="true" />
      <p className="eyebrow">
        <FormattedMessage id="hero.eyebrow" />
      </p>
      {/* elementtiming: the paint benchmark times this text (scripts/measure-paint.mjs). */}
      <h1 id="hero-title" className="hero__title" {...{ elementtiming: 'hero-text' }}>
        <FormattedMessage id="hero.title" />
      </h1>
      <p className="hero__lead">
        <FormattedMessage id="hero.lead" />
      </p>
      {open && (
        <p className="hero__meta">
          <FormattedMessage
            id="hero.meta"
            values={{
              city: placeName(intl, open, 'city'),
              date: formatEventDate(open.date, intl.locale),
              price,
            }}
          />
        </p>
      )}
      <button
        type="button"
        className="button button--primary button--large"
        onClick={onRegister}
        aria-expanded={formOpen}
        aria-controls="register"
      >
        <FormattedMessage id="hero.register" />
      </button>
    </section>
  );
}
