import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeading } from '../../../components/page-heading';
import { ReturnHomeLink } from '../../../components/return-home-link';
import { useTypewriter } from '../hooks/use-typewriter';

/** /dreams and /polaroid: a typed 'coming' line while the pages are made. */
export default function PlaceholderPage({ page }: { page: 'dreams' | 'polaroid' }) {
  const intl = useIntl();
  const coming = intl.formatMessage({ id: `${page}.coming` });
  const typed = useTypewriter(coming);
  return (
    <section className="page page--narrow page--center">
      <PageHeading titleId={`${page}.title`} />
      <p className="typewriter">
        <span aria-hidden="true">
          {typed}
          <span className="typewriter__caret" />
        </span>
        <span className="visually-hidden">{coming}</span>
      </p>
      <p className="muted" role="status">
        <FormattedMessage id={`${page}.loading`} />
      </p>
      <ReturnHomeLink />
    </section>
  );
}
