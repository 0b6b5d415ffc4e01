import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PageTitle } from '../components/page-title';

export default function NotFoundPage() {
  return (
    <section className="page page--narrow page--center">
      <PageTitle id="notFound.title" />
      <p className="eyebrow" aria-hidden="true">
        404
      </p>
      <h1>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="notFound.body" />
      </p>
      <Link to="/" className="button">
        <FormattedMessage id="common.returnHome" />
      </Link>
    </section>
  );
}
