import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ToastOutlet } from '../../components/toast';
import { LanguageSwitcher } from '../../features/language/components/language-switcher';
import { ConsoleNav } from '../../lib/admin-session/console-nav';
import { landingPage } from '../../lib/admin-session/console-pages';
import { LogoutButton } from '../../lib/admin-session/logout-button';
import { roleLabel } from '../../lib/admin-session/operator-display';
import { useAdminSession } from '../../lib/admin-session/use-admin-session';
import { useAdminText } from '../../lib/admin-session/use-admin-text';

/**
 * The Command Center's own frame around each of its pages, in place of the public site's: the
 * product's mark, the sections the operator's role may use, who is signed in and the way out,
 * and the language. Signed out (the sign-in, joining) it is only the mark and the language.
 * Notices take their place under it, in the page's flow, so that none covers a control; the
 * page is the main landmark. Compact on a phone: one row, the sections a strip below it.
 */
export function ConsoleShell({
  sections,
  fullScreen = false,
  children,
}: {
  /** Whether to list the sections, the operator and the sign-out (a live session's). */
  sections: boolean;
  /** The door's phone layout: the whole width, little margin. */
  fullScreen?: boolean;
  children: ReactNode;
}) {
  const t = useAdminText();
  const { operator, permissions } = useAdminSession();
  return (
    <>
      <header className="console-shell">
        <div className="console-shell__bar">
          <Link
            to={sections ? landingPage(permissions) : '/admin'}
            className="console-shell__brand"
          >
            <span className="console-shell__mark" aria-hidden="true">
              ◐
            </span>
            <span className="console-shell__name">{t('admin.shell.name')}</span>
          </Link>
          {sections && operator && (
            <p className="console-shell__who">
              {t('admin.nav.signedInAs', {
                name: operator.name,
                role: t(roleLabel(operator.role)),
              })}
            </p>
          )}
          <div className="console-shell__actions">
            {sections && <LogoutButton />}
            <LanguageSwitcher />
          </div>
        </div>
        {sections && <ConsoleNav />}
      </header>
      <ToastOutlet className="console-shell__notices" />
      <main id="main" tabIndex={-1} className={`console-main${fullScreen ? ' full-screen' : ''}`}>
        {children}
      </main>
    </>
  );
}
