import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Section } from '../../../components/section';

export function RegisterCta() {
  return (
    <Section titleId="cta.title" headingId="cta-title" className="cta card" as="aside">
      <p>
        <FormattedMessage id="cta.body" />
      </p>
      <Link to="/?register=true" className="button button--primary">
        <FormattedMessage id="cta.button" />
      </Link>
    </Section>
  );
}
