import { FormattedMessage } from 'react-intl';
import { PageTitle } from './page-title';

/**
 * The page's h1 and, from the same catalogue id, the document title; then the lead paragraph
 * that introduces the page, when it has one.
 */
export function PageHeading({ titleId, leadId }: { titleId: string; leadId?: string }) {
  return (
    <>
      <PageTitle id={titleId} />
      <h1>
        <FormattedMessage id={titleId} />
      </h1>
      {leadId && (
        <p className="section__lead">
          <FormattedMessage id={leadId} />
        </p>
      )}
    </>
  );
}
