import { PageTitle } from '../../../components/page-title';
import { AdminSessionProvider, useAdminSession } from '../hooks/use-admin-session';
import { useAdminText } from '../hooks/use-admin-text';
import { AdminIntlProvider } from '../i18n/admin-intl-provider';
import { AdminGate } from './admin-gate';
import { Dashboard } from './dashboard';
import { PerformersSheetPage } from './performers-sheet-page';
import { TourPage } from './tour-page';
import './command-center.css';

export type CommandCenterSection = 'registrations' | 'tour' | 'sheet';

const PAGE_TITLE = {
  registrations: 'admin.page.title',
  tour: 'admin.page.tourTitle',
  sheet: 'admin.page.sheetTitle',
} as const;

function CommandCenter({ section }: { section: CommandCenterSection }) {
  const t = useAdminText();
  const { state } = useAdminSession();
  return (
    <div className="page command-center-page">
      <PageTitle text={t(PAGE_TITLE[section])} />
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

/** /admin, /admin/tour and /admin/sheet: the password gate, then the Command Center's page. */
export default function CommandCenterPage({
  section = 'registrations',
}: {
  section?: CommandCenterSection;
}) {
  return (
    <AdminIntlProvider>
      <AdminSessionProvider>
        <CommandCenter section={section} />
      </AdminSessionProvider>
    </AdminIntlProvider>
  );
}
