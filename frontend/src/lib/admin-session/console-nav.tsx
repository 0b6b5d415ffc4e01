import { NavLink } from 'react-router';
import { useAdminSession } from './use-admin-session';
import { useAdminText } from './use-admin-text';
import { sectionsFor } from './console-pages';

/**
 * The Command Center's sections the operator's role may use, the current one marked for screen
 * readers (aria-current): one row, scrolled sideways on a phone rather than wrapped.
 */
export function ConsoleNav() {
  const t = useAdminText();
  const { permissions } = useAdminSession();
  return (
    <nav className="console-nav" aria-label={t('admin.nav.label')}>
      <ul>
        {sectionsFor(permissions).map((page) => (
          <li key={page.path}>
            <NavLink to={page.path} end={page.path === '/admin'}>
              {page.nav && t(page.nav)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
