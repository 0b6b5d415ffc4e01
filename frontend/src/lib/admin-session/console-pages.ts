import type { AdminSessionAnswer, Permission } from './operator-types';
import type { AdminMessageId } from './admin-catalogue';

export type CommandCenterSection =
  | 'registrations'
  | 'activity'
  | 'tour'
  | 'sheet'
  | 'print'
  | 'door'
  | 'money'
  | 'operators'
  | 'account';

/** One section of the Command Center, as the shell lists it and the console opens it. */
export interface ConsolePage {
  section: CommandCenterSection;
  path: string;
  /** The permission its requests need (the server's own, from GET /api/admin/session); null: any signed-in operator. */
  permission: Permission | null;
  /** Its name in the shell's sections; null: reached from another page, not listed. */
  nav: AdminMessageId | null;
  /** The browser tab's title. */
  title: AdminMessageId;
  /** What it says while its code or its data loads. */
  loading: AdminMessageId;
}

/**
 * The Command Center's sections, one entry each: where it lives, which role may use it (by the
 * permission the server gives the role), its name in the shell and its title. The order is the
 * shell's, and the landing page is the first one the role may open. Adding a section is adding
 * its entry here (and its page where app/ draws the pages).
 */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    section: 'registrations',
    path: '/admin',
    permission: 'registrations',
    nav: 'admin.nav.registrations',
    title: 'admin.page.title',
    loading: 'admin.dashboard.loading',
  },
  {
    section: 'tour',
    path: '/admin/tour',
    permission: 'tour',
    nav: 'admin.nav.tour',
    title: 'admin.page.tourTitle',
    loading: 'admin.tour.loading',
  },
  {
    section: 'door',
    path: '/admin/door',
    permission: 'door',
    nav: 'admin.nav.door',
    title: 'door.pageTitle',
    loading: 'door.loading',
  },
  {
    section: 'activity',
    path: '/admin/activity',
    permission: 'registrations',
    nav: 'admin.nav.activity',
    title: 'admin.activity.pageTitle',
    loading: 'admin.activity.loading',
  },
  {
    section: 'money',
    path: '/admin/money',
    permission: 'accounts',
    nav: 'admin.nav.money',
    title: 'admin.page.moneyTitle',
    loading: 'admin.money.loading',
  },
  {
    section: 'operators',
    path: '/admin/operators',
    permission: 'operators',
    nav: 'admin.nav.operators',
    title: 'admin.operators.pageTitle',
    loading: 'admin.operators.loading',
  },
  {
    section: 'account',
    path: '/admin/account',
    permission: null,
    nav: 'admin.nav.account',
    title: 'admin.account.pageTitle',
    loading: 'admin.account.loading',
  },
  // Reached from a slot of the Tour page.
  {
    section: 'sheet',
    path: '/admin/sheet',
    permission: 'sheet',
    nav: null,
    title: 'admin.page.sheetTitle',
    loading: 'admin.sheet.loading',
  },
  // Reached from a slot of the landing page: its list, to print.
  {
    section: 'print',
    path: '/admin/print',
    permission: 'registrations',
    nav: null,
    title: 'admin.print.pageTitle',
    loading: 'admin.print.loading',
  },
];

/** The entry of `section`. */
export function consolePage(section: CommandCenterSection): ConsolePage {
  const page = CONSOLE_PAGES.find((candidate) => candidate.section === section);
  if (!page) throw new Error(`No console page ${section}`);
  return page;
}

/** What the signed-in operator's role may do, as the server said. */
export function permissionsOf(session: AdminSessionAnswer | undefined): ReadonlySet<Permission> {
  return new Set(session?.authenticated ? (session.permissions ?? []) : []);
}

export function mayOpen(section: CommandCenterSection, permissions: ReadonlySet<Permission>) {
  const page = CONSOLE_PAGES.find((candidate) => candidate.section === section);
  return !page || page.permission === null || permissions.has(page.permission);
}

/** The sections the shell lists for a role, in order. */
export function sectionsFor(permissions: ReadonlySet<Permission>): ConsolePage[] {
  return CONSOLE_PAGES.filter(
    (page) => page.nav !== null && (page.permission === null || permissions.has(page.permission)),
  );
}

/** The first section the role may open: a door operator lands on the door page. */
export function landingPage(permissions: ReadonlySet<Permission>): string {
  return sectionsFor(permissions)[0]?.path ?? '/admin/account';
}
