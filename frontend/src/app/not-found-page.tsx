import { FormattedMessage } from 'react-intl';
import { PageHeading } from '../components/page-heading';
import { ReturnHomeLink } from '../components/return-home-link';

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
      <ReturnHomeLink className="button" />
    </section>
  );
}
