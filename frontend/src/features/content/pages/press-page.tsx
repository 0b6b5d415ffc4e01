import { FormattedMessage, useIntl } from 'react-intl';
import { ExternalLink } from '../../../components/external-link';
import { PageHeading } from '../../../components/page-heading';
import { TooltipProvider } from '../../../components/tooltip';
import { RegisterCta } from '../components/register-cta';
import { Section } from '../../../components/section';
import { formatEventDate } from '../../../lib/dates';
import { useSiteInfo } from '../../../lib/site-info';
import { useSiteContent } from '../hooks/use-site-content';

export default function PressPage() {
  const intl = useIntl();
  const { featuredPress: article } = useSiteContent();
  const siteInfo = useSiteInfo();
  // Tooltips load with the pages that use them, keeping Radix popper out of the home route.
  return (
    <TooltipProvider>
      <article className="page">
        <PageHeading titleId="press.title" />
        <Section titleId="press.featured" headingId="featured-title">
          <article className="card press-article">
            <img src={article.image.src} alt={article.image.alt} width="400" height="240" />
            <div>
              <p className="eyebrow">
                {article.outlet} · {formatEventDate(article.date, intl.locale)}
              </p>
              <h3>{article.title}</h3>
              <p>{article.excerpt}</p>
              <ExternalLink href={article.href} className="button button--ghost">
                <FormattedMessage id="press.readArticle" />
              </ExternalLink>
            </div>
          </article>
        </Section>
        <Section titleId="press.future.title" headingId="future-title" className="section notice">
          <p>
            <FormattedMessage id="press.future.body" />
          </p>
        </Section>
        <Section titleId="press.materials.title" headingId="materials-title">
          <p>
            <FormattedMessage id="press.materials.body" />
          </p>
          <p>
            <FormattedMessage id="press.contact" />{' '}
            {siteInfo.data ? (
              <a className="text-link" href={`mailto:${siteInfo.data.pressEmail}`}>
                {siteInfo.data.pressEmail}
              </a>
            ) : (
              <FormattedMessage id="common.loading" />
            )}
          </p>
        </Section>
        <RegisterCta />
      </article>
    </TooltipProvider>
  );
}
