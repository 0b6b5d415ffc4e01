import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

export function RegisterCta() {
  return (
    <aside className="cta card" aria-labelledby="cta-title">
      <h2 id="cta-title">
        <FormattedMessage id="cta.title" />
      </h2>
      <p>
        <FormattedMessage id="cta.body" />
      </p>
      <Link to="/?register=true" className="button button--primary">
        <FormattedMessage id="cta.button" />
      </Link>
    </aside>
  );
}
