import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** The way back to the home page, which ends the pages a visitor arrives at from elsewhere. */
export function ReturnHomeLink({ className = 'button button--ghost' }: { className?: string }) {
  return (
    <Link to="/" className={className}>
      <FormattedMessage id="common.returnHome" />
    </Link>
  );
}
