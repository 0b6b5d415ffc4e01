import { FormattedMessage } from 'react-intl';
import { PageTitle } from '../../../components/page-title';
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
      <PageTitle id="about.title" />
      <p className="eyebrow">
        <FormattedMessage id="about.eyebrow" />
      </p>
      <h1>
        <FormattedMessage id="about.title" />
      </h1>
      <p className="section__lead">
        <FormattedMessage id="about.lead" />
      </p>
      <p>
        <FormattedMessage id="about.body1" />
      </p>
      <p>
        <FormattedMessage id="about.body2" />
      </p>
      <section className="section" aria-labelledby="details-title">
        <h2 id="details-title">
          <FormattedMessage id="about.details.title" />
        </h2>
        <dl className="details-grid">
          {DETAILS.map((detail) => (
            <div key={detail} className="card">
              <dt>
                <FormattedMessage id={`about.details.${detail}.label`} />
              </dt>
              <dd>
                <FormattedMessage id={`about.details.${detail}.value`} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="section" aria-labelledby="about-vision-title">
        <h2 id="about-vision-title">
          <FormattedMessage id="vision.title" />
        </h2>
        <blockquote className="quote">
          <p>
            <FormattedMessage id="about.quote" />
          </p>
        </blockquote>
      </section>
      <RegisterCta />
    </article>
  );
}
