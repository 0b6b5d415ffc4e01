import { NavLink } from 'react-router';
import { useAdminText } from '../hooks/use-admin-text';

/** The Command Center's pages; the current one is marked for screen readers (aria-current). */
export function ConsoleNav() {
  const t = useAdminText();
  return (
    <nav className="console-nav" aria-label={t('admin.nav.label')}>
      <ul>
        <li>
          <NavLink to="/admin" end>
            {t('admin.nav.registrations')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/tour">{t('admin.nav.tour')}</NavLink>
        </li>
        <li>
          <NavLink to="/admin/door">{t('admin.nav.door')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
