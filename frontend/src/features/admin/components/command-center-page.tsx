import { PageTitle } from '../../../components/page-title';
import { AdminSessionProvider, useAdminSession } from '../hooks/use-admin-session';
import { useAdminText } from '../hooks/use-admin-text';
import { AdminIntlProvider } from '../i18n/admin-intl-provider';
import { AdminGate } from './admin-gate';
import { Dashboard } from './dashboard';
import './command-center.css';

function CommandCenter() {
  const t = useAdminText();
  const { state } = useAdminSession();
  return (
    <div className="page command-center-page">
      <PageTitle text={t('admin.page.title')} />
      <meta name="robots" content="noindex" />
      {state === 'checking' ? (
        <p className="page-loading" role="status">
          {t('admin.gate.checking')}
        </p>
      ) : state === 'signed-in' ? (
        <Dashboard />
      ) : (
        <AdminGate />
      )}
    </div>
  );
}

/** /admin: the password gate, then the Command Center. */
export default function CommandCenterPage() {
  return (
    <AdminIntlProvider>
      <AdminSessionProvider>
        <CommandCenter />
      </AdminSessionProvider>
    </AdminIntlProvider>
  );
}
