import { useToast } from '../../components/toast';
import { useLogout } from './logout';
import { useAdminSession } from './use-admin-session';
import { useAdminText } from './use-admin-text';

/** Ends the session on the server, then back to the gate, whatever the server answered. */
export function LogoutButton() {
  const t = useAdminText();
  const toast = useToast();
  const { signOut } = useAdminSession();
  const logout = useLogout();

  function leave() {
    logout.mutate(undefined, {
      onSettled: () => {
        signOut();
        toast({
          title: t('admin.toast.loggedOut.title'),
          description: t('admin.toast.loggedOut.description'),
        });
      },
    });
  }

  return (
    <button
      type="button"
      className="button button--small button--ghost"
      onClick={leave}
      disabled={logout.isPending}
    >
      {t('admin.dashboard.logout')}
    </button>
  );
}
