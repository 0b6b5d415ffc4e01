import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { AdminSessionProvider, useAdminSession } from '../hooks/use-admin-session';
import { useAdminText } from '../hooks/use-admin-text';
import { AdminIntlProvider } from '../i18n/admin-intl-provider';
import { AdminGate } from './admin-gate';
import { ConsoleNav } from './console-nav';
import { Dashboard } from './dashboard';
import { LogoutButton } from './logout-button';
import { PerformersSheetPage } from './performers-sheet-page';
import { TourPage } from './tour-page';
import './command-center.css';

export type CommandCenterSection = 'registrations' | 'tour' | 'sheet' | 'door';

/** What the console hands a page that another feature draws (app/ puts them together). */
export interface ConsolePageProps {
  /** The console's logout and navigation, for the page's header. */
  consoleHeader: ReactNode;
  /** The server answered 401: back to the gate, saying why. */
  onSignedOut: () => void;
}

const TITLES = {
  registrations: 'admin.page.title',
  tour: 'admin.page.tourTitle',
  sheet: 'admin.page.sheetTitle',
  door: 'admin.door.pageTitle',
} as const;

function CommandCenter({
  section,
  page,
  worksOffline,
}: {
  section: CommandCenterSection;
  page?: (console: ConsolePageProps) => ReactNode;
  worksOffline: boolean;
}) {
  const t = useAdminText();
  const { state, unreachable, expire } = useAdminSession();
  // A page that works offline (the door, from its kept list) is shown when the server cannot be
  // asked about the session; its own requests meet the gate again if the session is over.
  if (page && (state === 'signed-in' || (worksOffline && unreachable))) {
    return (
      <div className="page command-center-page">
        <PageTitle text={t(TITLES[section])} />
        <meta name="robots" content="noindex" />
        {page({
          consoleHeader: (
            <>
              <LogoutButton />
              <ConsoleNav />
            </>
          ),
          onSignedOut: expire,
        })}
      </div>
    );
  }
  return (
    <div className="page command-center-page">
      <PageTitle text={t(TITLES[section])} />
      <meta name="robots" content="noindex" />
      {state === 'checking' ? (
        <p className="page-loading" role="status">
          {t('admin.gate.checking')}
        </p>
      ) : state === 'signed-in' ? (
        section === 'tour' ? (
          <TourPage />
        ) : section === 'sheet' ? (
          <PerformersSheetPage />
        ) : (
          <Dashboard />
        )
      ) : (
        <AdminGate />
      )}
    </div>
  );
}

/**
 * /admin, /admin/tour and /admin/sheet: the password gate, then the Command Center's page. Another
 * feature's page (the door) comes as `page`, drawn inside the console's gate, texts and header.
 */
export default function CommandCenterPage({
  section = 'registrations',
  page,
  worksOffline = false,
}: {
  section?: CommandCenterSection;
  page?: (console: ConsolePageProps) => ReactNode;
  worksOffline?: boolean;
}) {
  return (
    <AdminIntlProvider>
      <AdminSessionProvider>
        <CommandCenter section={section} page={page} worksOffline={worksOffline} />
      </AdminSessionProvider>
    </AdminIntlProvider>
  );
}
