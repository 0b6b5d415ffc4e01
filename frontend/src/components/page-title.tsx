import { FormattedMessage, useIntl } from 'react-intl';

/** Sets the document title from a catalogue id (or ready text); React 19 hoists <title>. */
export function PageTitle({ id, text }: { id?: string; text?: string }) {
  const intl = useIntl();
  const page = text ?? (id ? intl.formatMessage({ id }) : '');
  return (
    <title>
      {intl.formatMessage(
        { id: 'common.pageTitle' },
        { page, site: intl.formatMessage({ id: 'site.name' }) },
      )}
    </title>
  );
}

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
