import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { lazyPage, type LazyPage } from '../../lib/lazy-page';
import { AdminSessionProvider, useAdminSession } from '../../lib/admin-session/use-admin-session';
import { useAdminText } from '../../lib/admin-session/use-admin-text';
import { AdminIntlProvider } from '../../lib/admin-session/admin-intl-provider';
import { consolePage, landingPage, mayOpen } from '../../lib/admin-session/console-pages';
import type { CommandCenterSection } from '../../lib/admin-session/console-pages';
import { AdminGate } from '../../features/account/components/admin-gate';
import { ConsoleShell } from './console-shell';
import { RoleRefusal } from './role-refusal';
import { SecondFactorRequired } from '../../features/account/components/second-factor-required';
import '../../components/command-center.css';

export type { CommandCenterSection } from '../../lib/admin-session/console-pages';

/** What the console hands a page that another feature draws (app/ puts them together). */
export interface ConsolePageProps {
  /** The server answered 401: back to the gate, saying why. */
  onSignedOut: () => void;
  /** The signed-in operator's name (`owner` for the password login), as the server says it. */
  operatorName: string | null;
}

// Each page's code loads when it is first opened: the sign-in (the gate) needs none of it, and a
// phone opening the door or a page it may open is not kept waiting for the others.
const Dashboard = lazyPage(() =>
  import('../../features/registrations/components/dashboard').then((module) => ({
    default: module.Dashboard,
  })),
);
const TourPage = lazyPage(() =>
  import('../../features/tour/components/tour-page').then((module) => ({
    default: module.TourPage,
  })),
);
const PerformersSheetPage = lazyPage(() =>
  import('../../features/performers-sheet/components/performers-sheet-page').then((module) => ({
    default: module.PerformersSheetPage,
  })),
);
const OperatorsPage = lazyPage(() =>
  import('../../features/operators/components/operators-page').then((module) => ({
    default: module.OperatorsPage,
  })),
);
const MoneyPage = lazyPage(() =>
  import('../../features/money/components/money-page').then((module) => ({
    default: module.MoneyPage,
  })),
);
const AccountPage = lazyPage(() =>
  import('../../features/account/components/account-page').then((module) => ({
    default: module.AccountPage,
  })),
);
const ActivityPage = lazyPage(() =>
  import('../../features/activity/components/activity-page').then((module) => ({
    default: module.ActivityPage,
  })),
);
const SlotListPage = lazyPage(() =>
  import('../../features/registrations/components/slot-list-page').then((module) => ({
    default: module.SlotListPage,
  })),
);

/** The console's own page of each section (the door is another feature's, given as `page`). */
const PAGES: Record<CommandCenterSection, LazyPage<object>> = {
  registrations: Dashboard,
  activity: ActivityPage,
  tour: TourPage,
  sheet: PerformersSheetPage,
  print: SlotListPage,
  door: Dashboard,
  money: MoneyPage,
  operators: OperatorsPage,
  account: AccountPage,
};

/**
 * Whether `page`'s code is here (or has failed to come: the page then meets the failure itself,
 * and retries), asked for once `wanted`; a page not wanted waits for nothing. Drawn only then,
 * the page does not suspend: behind a Suspense fallback, React 19 would hold it back about
 * 300 ms after its code came, and the page asks for its data only once drawn.
 */
function usePageCode(page: LazyPage<object> | undefined, wanted: boolean): boolean {
  const [came, setCame] = useState<LazyPage<object> | null>(null);
  useEffect(() => {
    if (!page || !wanted) return undefined;
    let current = true;
    void page.preload().then(() => {
      if (current) setCame(() => page);
    });
    return () => {
      current = false;
    };
  }, [page, wanted]);
  return !page || !wanted || came === page || page.isLoaded();
}

function SignedInPage({ section }: { section: CommandCenterSection }) {
  const Page = PAGES[section];
  return <Page />;
}

function CommandCenter({
  section,
  page,
  worksOffline,
  fullScreen,
}: {
  section: CommandCenterSection;
  page?: (console: ConsolePageProps) => ReactNode;
  worksOffline: boolean;
  fullScreen: boolean;
}) {
  const t = useAdminText();
  const { state, unreachable, expire, permissions, secondFactorRequired, operator } =
    useAdminSession();
  const signedIn = state === 'signed-in';
  const allowed = mayOpen(section, permissions);
  const entry = consolePage(section);
  const title = <PageTitle text={t(entry.title)} />;
  // The console's own page here, unless another feature draws it (the door, which needs none).
  const ownPage = page ? undefined : PAGES[section];
  const pageCodeHere = usePageCode(ownPage, signedIn);
  const loading = (
    <p className="page-loading" role="status">
      {t(entry.loading)}
    </p>
  );

  // A session opened by joining has nothing open until it has its second factor.
  if (signedIn && secondFactorRequired) {
    return (
      <ConsoleShell sections={false}>
        <div className="page command-center-page">
          {title}
          <meta name="robots" content="noindex" />
          <SecondFactorRequired />
        </div>
      </ConsoleShell>
    );
  }
  // /admin itself is where every sign-in starts: a role without the registrations lands on the
  // first page it may open. Any other page opened without the permission says so.
  if (signedIn && !allowed && section === 'registrations') {
    return <Navigate to={landingPage(permissions)} replace />;
  }
  if (signedIn && !allowed) {
    return (
      <ConsoleShell sections>
        <div className="page command-center-page">
          {title}
          <meta name="robots" content="noindex" />
          <RoleRefusal />
        </div>
      </ConsoleShell>
    );
  }
  // A page that works offline (the door, from its kept list) is shown when the server cannot be
  // asked about the session; its own requests meet the gate again if the session is over.
  if (page && (signedIn || (worksOffline && unreachable))) {
    return (
      <ConsoleShell sections={signedIn} fullScreen={fullScreen}>
        <div className="page command-center-page">
          {title}
          <meta name="robots" content="noindex" />
          {page({
            onSignedOut: expire,
            // As the door's answers name operators (actorName): the password login is `owner`.
            operatorName: operator ? (operator.id === 'owner' ? 'owner' : operator.name) : null,
          })}
        </div>
      </ConsoleShell>
    );
  }
  return (
    <ConsoleShell sections={signedIn} fullScreen={fullScreen}>
      <div className="page command-center-page">
        {title}
        <meta name="robots" content="noindex" />
        {state === 'checking' ? (
          <p className="page-loading" role="status">
            {t('admin.gate.checking')}
          </p>
        ) : signedIn && !pageCodeHere ? (
          loading
        ) : signedIn ? (
          <Suspense fallback={loading}>
            <SignedInPage section={section} />
          </Suspense>
        ) : (
          // The page's code is fetched while the operator signs in, so that the page is drawn as
          // soon as the session is open and asks for its data at once.
          <AdminGate onSigningIn={ownPage?.preload} />
        )}
      </div>
    </ConsoleShell>
  );
}

/**
 * The Command Center's pages: the sign-in, then the page, as far as the operator's role allows.
 * Another feature's page (the door) comes as `page`, drawn inside the console's gate, texts and
 * shell. Every page, the sign-in included, is drawn in the console's own shell (ConsoleShell),
 * never the public site's.
 */
export default function CommandCenterPage({
  section = 'registrations',
  page,
  worksOffline = false,
  fullScreen = false,
}: {
  section?: CommandCenterSection;
  page?: (console: ConsolePageProps) => ReactNode;
  worksOffline?: boolean;
  /** The page is a tool held in one hand (the door): the whole width, little margin. */
  fullScreen?: boolean;
}) {
  return (
    <AdminIntlProvider>
      <AdminSessionProvider>
        <CommandCenter
          section={section}
          page={page}
          worksOffline={worksOffline}
          fullScreen={fullScreen}
        />
      </AdminSessionProvider>
    </AdminIntlProvider>
  );
}
