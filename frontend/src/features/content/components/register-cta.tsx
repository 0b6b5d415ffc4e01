import { FormattedMessage } from 'react-intl';
import { Section } from '../../../components/section';
import { RegisterLink } from '../../../components/register-link';

export function RegisterCta() {
  return (
    <Section titleId="cta.title" headingId="cta-title" className="cta card" as="aside">
      <p>
        <FormattedMessage id="cta.body" />
      </p>
      <RegisterLink labelId="cta.button" className="button button--primary" />
    </Section>
  );
}
