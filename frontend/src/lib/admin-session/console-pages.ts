import type { AdminSessionAnswer, Permission } from './operator-types';
import type { AdminMessageId } from './admin-catalogue';

export type CommandCenterSection =
  'registrations' | 'tour' | 'sheet' | 'door' | 'money' | 'operators' | 'account';

/**
 * The Command Center's pages: where each lives, the permission its requests need (the server's
 * own, from GET /api/admin/session; null: any signed-in operator) and whether the nav lists it.
 * The order is the nav's, and the landing page is the first one the role may open.
 */
export const CONSOLE_PAGES: readonly {
  section: CommandCenterSection;
  path: string;
  permission: Permission | null;
  nav: AdminMessageId | null;
}[] = [
  {
    section: 'registrations',
    path: '/admin',
    permission: 'registrations',
    nav: 'admin.nav.registrations',
  },
  { section: 'tour', path: '/admin/tour', permission: 'tour', nav: 'admin.nav.tour' },
  { section: 'door', path: '/admin/door', permission: 'door', nav: 'admin.nav.door' },
  { section: 'money', path: '/admin/money', permission: 'accounts', nav: 'admin.nav.money' },
  {
    section: 'operators',
    path: '/admin/operators',
    permission: 'operators',
    nav: 'admin.nav.operators',
  },
  { section: 'account', path: '/admin/account', permission: null, nav: 'admin.nav.account' },
  // Reached from a slot of the Tour page.
  { section: 'sheet', path: '/admin/sheet', permission: 'sheet', nav: null },
];

/** What the signed-in operator's role may do, as the server said. */
export function permissionsOf(session: AdminSessionAnswer | undefined): ReadonlySet<Permission> {
  return new Set(session?.authenticated ? (session.permissions ?? []) : []);
}

export function mayOpen(section: CommandCenterSection, permissions: ReadonlySet<Permission>) {
  const page = CONSOLE_PAGES.find((candidate) => candidate.section === section);
  return !page || page.permission === null || permissions.has(page.permission);
}

/** The first page of the nav the role may open: a door operator lands on the door page. */
export function landingPage(permissions: ReadonlySet<Permission>): string {
  return (
    CONSOLE_PAGES.find(
      (page) => page.nav && (page.permission === null || permissions.has(page.permission)),
    )?.path ?? '/admin/account'
  );
}
