import { FormattedMessage } from 'react-intl';
import { Detail } from '../../../components/details-list';
import { PageHeading } from '../../../components/page-heading';
import { Section } from '../../../components/section';
import { Quote } from '../components/quote';
import { RegisterCta } from '../components/register-cta';

const DETAILS = [
  'duration',
  'capacity',
  'equipment',
  'warning',
  'accessibility',
  'language',
] as const;

export default function AboutPage() {
  return (
    <article className="page">
      <p className="eyebrow">
        <FormattedMessage id="about.eyebrow" />
      </p>
      <PageHeading titleId="about.title" leadId="about.lead" />
      <p>
        <FormattedMessage id="about.body1" />
      </p>
      <p>
        <FormattedMessage id="about.body2" />
      </p>
      <Section titleId="about.details.title" headingId="details-title">
        <dl className="details-grid">
          {DETAILS.map((detail) => (
            <Detail key={detail} labelId={`about.details.${detail}.label`} className="card">
              <FormattedMessage id={`about.details.${detail}.value`} />
            </Detail>
          ))}
        </dl>
      </Section>
      <Section titleId="vision.title" headingId="about-vision-title">
        <Quote id="about.quote" />
      </Section>
      <RegisterCta />
    </article>
  );
}
