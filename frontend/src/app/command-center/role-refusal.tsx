import { Link } from 'react-router';
import { useAdminSession } from '../../lib/admin-session/use-admin-session';
import { useAdminText } from '../../lib/admin-session/use-admin-text';
import { landingPage } from '../../lib/admin-session/console-pages';

/**
 * A Command Center page opened by its address by a role that may not use it: said plainly,
 * instead of a page whose every request the server refuses.
 */
export function RoleRefusal() {
  const t = useAdminText();
  const { permissions } = useAdminSession();
  return (
    <div className="command-center">
      <header className="command-center__head">
        <h1>{t('admin.dashboard.title')}</h1>
      </header>
      <div className="notice notice--warning" role="alert">
        <p>{t('admin.role.refused')}</p>
      </div>
      <p>
        <Link to={landingPage(permissions)}>{t('admin.role.goToLanding')}</Link>
      </p>
    </div>
  );
}
