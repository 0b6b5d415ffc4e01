import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { RegisterCta } from '../components/register-cta';
import { Section } from '../../../components/section';
import { useSiteContent } from '../hooks/use-site-content';

export default function WhoWeArePage() {
  const { people } = useSiteContent();
  return (
    <article className="page">
      <PageHeading titleId="team.title" leadId="team.lead" />
      <ul className="card-grid card-grid--three team">
        {people.map((person) => (
          <li key={person.slug}>
            <Link to={`/${person.slug}`} className="card card--link team-card">
              <img src={person.photos[0]?.src} alt="" width="300" height="360" />
              <h2>{person.name}</h2>
              <p className="eyebrow">{person.role}</p>
              <p>{person.summary}</p>
            </Link>
          </li>
        ))}
      </ul>
      <Section titleId="team.collaborators.title" headingId="collaborators-title">
        <p>
          <FormattedMessage id="team.collaborators.body" />
        </p>
      </Section>
      <RegisterCta />
    </article>
  );
}
