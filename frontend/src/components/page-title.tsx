import { useIntl } from 'react-intl';

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
