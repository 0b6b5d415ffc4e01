import { PageTitle } from '../../../components/page-title';
import { AdminSessionProvider, useAdminSession } from '../hooks/use-admin-session';
import { useAdminText } from '../hooks/use-admin-text';
import { AdminIntlProvider } from '../i18n/admin-intl-provider';
import { AdminGate } from './admin-gate';
import { Dashboard } from './dashboard';
import { TourPage } from './tour-page';
import './command-center.css';

export type CommandCenterSection = 'registrations' | 'tour';

function CommandCenter({ section }: { section: CommandCenterSection }) {
  const t = useAdminText();
  const { state } = useAdminSession();
  return (
    <div className="page command-center-page">
      <PageTitle text={t(section === 'tour' ? 'admin.page.tourTitle' : 'admin.page.title')} />
      <meta name="robots" content="noindex" />
      {state === 'checking' ? (
        <p className="page-loading" role="status">
          {t('admin.gate.checking')}
        </p>
      ) : state === 'signed-in' ? (
        section === 'tour' ? (
          <TourPage />
        ) : (
          <Dashboard />
        )
      ) : (
        <AdminGate />
      )}
    </div>
  );
}

/** /admin and /admin/tour: the password gate, then the Command Center's page. */
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
