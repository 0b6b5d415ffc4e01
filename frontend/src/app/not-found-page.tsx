import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PageHeading } from '../components/page-title';

export default function NotFoundPage() {
  return (
    <section className="page page--narrow page--center">
      <p className="eyebrow" aria-hidden="true">
        404
      </p>
      <PageHeading titleId="notFound.title" />
      <p>
        <FormattedMessage id="notFound.body" />
      </p>
      <Link to="/" className="button">
        <FormattedMessage id="common.returnHome" />
      </Link>
    </section>
  );
}
