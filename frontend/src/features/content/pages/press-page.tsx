import { FormattedMessage, useIntl } from 'react-intl';
import { ExternalLink } from '../../../components/external-link';
import { PageTitle } from '../../../components/page-title';
import { TooltipProvider } from '../../../components/tooltip';
import { formatEventDate } from '../../../lib/dates';
import { useSiteInfo } from '../../../lib/site-info';
import { RegisterCta } from '../components/register-cta';
import { useSiteContent } from '../hooks/use-site-content';

export default function PressPage() {
  const intl = useIntl();
  const { featuredPress: article } = useSiteContent();
  const siteInfo = useSiteInfo();
  // Tooltips load with the pages that use them, keeping Radix popper out of the home route.
  return (
    <TooltipProvider>
      <article className="page">
        <PageTitle id="press.title" />
        <h1>
          <FormattedMessage id="press.title" />
        </h1>
        <section className="section" aria-labelledby="featured-title">
          <h2 id="featured-title">
            <FormattedMessage id="press.featured" />
          </h2>
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
        </section>
        <section className="section notice" aria-labelledby="future-title">
          <h2 id="future-title">
            <FormattedMessage id="press.future.title" />
          </h2>
          <p>
            <FormattedMessage id="press.future.body" />
          </p>
        </section>
        <section className="section" aria-labelledby="materials-title">
          <h2 id="materials-title">
            <FormattedMessage id="press.materials.title" />
          </h2>
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
        </section>
        <RegisterCta />
      </article>
    </TooltipProvider>
  );
}
