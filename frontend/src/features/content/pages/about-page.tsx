import { FormattedMessage } from 'react-intl';
import { PageHeading } from '../../../components/page-title';
import { RegisterCta } from '../components/register-cta';
import { Section } from '../../../components/section';
import { Detail } from '../../../components/details-list';

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
      <PageHeading titleId="about.title" />
      <p className="section__lead">
        <FormattedMessage id="about.lead" />
      </p>
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
        <blockquote className="quote">
          <p>
            <FormattedMessage id="about.quote" />
          </p>
        </blockquote>
      </Section>
      <RegisterCta />
    </article>
  );
}
