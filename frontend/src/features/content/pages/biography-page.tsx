import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { ExternalLink } from '../../../components/external-link';
import { PageTitle } from '../../../components/page-title';
import { TooltipProvider } from '../../../components/tooltip';
import { PhotoGallery } from '../components/photo-gallery';
import { RegisterCta } from '../components/register-cta';
import { Section } from '../../../components/section';
import type { PersonSlug } from '../data/site-content';
import { useSiteContent } from '../hooks/use-site-content';

export default function BiographyPage({ slug }: { slug: PersonSlug }) {
  const { people } = useSiteContent();
  const person = people.find((candidate) => candidate.slug === slug);
  if (!person) return null;
  // Tooltips load with the pages that use them, keeping Radix popper out of the home route.
  return (
    <TooltipProvider>
      <article className="page biography">
        <PageTitle text={person.name} />
        <p className="eyebrow">{person.role}</p>
        <h1>{person.name}</h1>
        <p className="section__lead">{person.summary}</p>
        {person.biography.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <Section titleId="bio.photos" headingId="photos-title">
          <PhotoGallery photos={person.photos} />
        </Section>
        {person.links.length > 0 && (
          <Section titleId="bio.links" headingId="links-title">
            <ul className="link-list">
              {person.links.map((link) => (
                <li key={link.href}>
                  <ExternalLink href={link.href} className="text-link">
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </Section>
        )}
        <p>
          <Link to="/who-we-are" className="text-link">
            <FormattedMessage id="bio.backToTeam" />
          </Link>
        </p>
        <RegisterCta />
      </article>
    </TooltipProvider>
  );
}
