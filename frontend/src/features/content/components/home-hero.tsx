import { FormattedMessage } from 'react-intl';

export function HomeHero({ onRegister, formOpen }: { onRegister: () => void; formOpen: boolean }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__glow" aria-hidden="true" />
      <p className="eyebrow">
        <FormattedMessage id="hero.eyebrow" />
      </p>
      <h1 id="hero-title" className="hero__title">
        <FormattedMessage id="hero.title" />
      </h1>
      <p className="hero__lead">
        <FormattedMessage id="hero.lead" />
      </p>
      <p className="hero__meta">
        <FormattedMessage id="hero.meta" />
      </p>
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
