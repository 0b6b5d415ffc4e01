import { NavLink } from 'react-router';
import { useAdminSession } from './use-admin-session';
import { useAdminText } from './use-admin-text';
import { CONSOLE_PAGES } from './console-pages';
import { roleLabel } from './operator-display';

/**
 * The Command Center's pages the operator's role may open, the current one marked for screen
 * readers (aria-current), and who is signed in.
 */
export function ConsoleNav() {
  const t = useAdminText();
  const { operator, permissions } = useAdminSession();
  const pages = CONSOLE_PAGES.filter(
    (page) => page.nav && (page.permission === null || permissions.has(page.permission)),
  );
  return (
    <nav className="console-nav" aria-label={t('admin.nav.label')}>
      <ul>
        {pages.map((page) => (
          <li key={page.path}>
            <NavLink to={page.path} end={page.path === '/admin'}>
              {page.nav && t(page.nav)}
            </NavLink>
          </li>
        ))}
      </ul>
      {operator && (
        <p className="console-nav__who muted">
          {t('admin.nav.signedInAs', { name: operator.name, role: t(roleLabel(operator.role)) })}
        </p>
      )}
    </nav>
  );
}
