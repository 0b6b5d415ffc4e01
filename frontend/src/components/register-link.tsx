import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** The home page with its registration form open and in view (see app/home-page.tsx). */
export function RegisterLink({ labelId, className }: { labelId: string; className: string }) {
  return (
    <Link to="/?register=true" className={className}>
      <FormattedMessage id={labelId} />
    </Link>
  );
}
