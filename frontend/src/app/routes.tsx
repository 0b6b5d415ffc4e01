import type { QueryClient } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router';
import { HomePage } from './home-page';
import { ConsoleLayout, Layout } from './layout';
import { payerRegistrationQuery } from '../features/confirmation/api/get-payer-registration';
import { registrationQuery } from '../features/confirmation/api/get-registration';
import { eventsQuery } from '../lib/catalogue';
import { isLazyPage, lazyPage, type LazyPage } from '../lib/lazy-page';
import { siteInfoQuery } from '../lib/site-info';

const ConfirmationPage = lazyPage(
  () => import('../features/confirmation/components/confirmation-page'),
);
const AboutPage = lazyPage(() => import('../features/content/pages/about-page'));
const BiographyPage = lazyPage(() => import('../features/content/pages/biography-page'));
const WhoWeArePage = lazyPage(() => import('../features/content/pages/who-we-are-page'));
const PressPage = lazyPage(() => import('../features/content/pages/press-page'));
const PastEventsPage = lazyPage(() => import('../features/content/pages/past-events-page'));
const PlaceholderPage = lazyPage(() => import('../features/content/pages/placeholder-page'));
const NotFoundPage = lazyPage(() => import('./not-found-page'));
const CancelBookingPage = lazyPage(
  () => import('../features/booking-links/components/cancel-booking-page'),
);
const OfferPage = lazyPage(() => import('../features/booking-links/components/offer-page'));
const MoveBookingPage = lazyPage(
  () => import('../features/booking-links/components/move-booking-page'),
);
const HandOnBookingPage = lazyPage(
  () => import('../features/booking-links/components/hand-on-booking-page'),
);
const CommandCenterPage = lazyPage(() => import('./command-center/command-center-page'));
const DoorRoute = lazyPage(() => import('./door-route'));
const JoinRoute = lazyPage(() => import('./join-route'));

/**
 * Asks now for the data the page at this address will ask for first. The confirmation pages are
 * not prerendered (they show one registration): without this, their questions to the API would
 * wait for the page's code to arrive and run, one round trip after another on a slow link.
 */
export function prefetchPageData(location: Location, queryClient: QueryClient): void {
  const byId = /^\/confirmation\/([^/]+)\/?$/.exec(location.pathname);
  const sessionId =
    location.pathname.replace(/\/$/, '') === '/confirmation'
      ? new URLSearchParams(location.search).get('session_id')
      : null;
  if (!byId && !sessionId) return;
  if (byId) void queryClient.prefetchQuery(registrationQuery(decodeURIComponent(byId[1]!)));
  if (sessionId) void queryClient.prefetchQuery(payerRegistrationQuery(sessionId));
  void queryClient.prefetchQuery(eventsQuery);
  void queryClient.prefetchQuery(siteInfoQuery);
}

/**
 * The pages of the site. Their paths are the list in backend/src/site/site-routes.json, which
 * the server answers with 200 (any other path, 404); routes.test.tsx holds the two equal.
 */
const SITE_ROUTES = (
  <>
    <Route element={<Layout />}>
      <Route index element={<HomePage />} />
      <Route path="confirmation" element={<ConfirmationPage />} />
      <Route path="confirmation/:id" element={<ConfirmationPage />} />
      <Route path="cancel" element={<CancelBookingPage />} />
      <Route path="offer" element={<OfferPage />} />
      <Route path="move" element={<MoveBookingPage />} />
      <Route path="hand-on" element={<HandOnBookingPage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="creator" element={<BiographyPage slug="creator" />} />
      <Route path="actress" element={<BiographyPage slug="actress" />} />
      <Route path="ai-researcher" element={<BiographyPage slug="ai-researcher" />} />
      <Route path="who-we-are" element={<WhoWeArePage />} />
      <Route path="press" element={<PressPage />} />
      <Route path="past-events" element={<PastEventsPage />} />
      <Route path="dreams" element={<PlaceholderPage page="dreams" />} />
      <Route path="polaroid" element={<PlaceholderPage page="polaroid" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
    {/* The Command Center draws its own shell: no site header, menu or footer. */}
    <Route element={<ConsoleLayout />}>
      <Route path="admin" element={<CommandCenterPage />} />
      <Route path="admin/tour" element={<CommandCenterPage section="tour" />} />
      <Route path="admin/sheet" element={<CommandCenterPage section="sheet" />} />
      <Route path="admin/activity" element={<CommandCenterPage section="activity" />} />
      <Route path="admin/print" element={<CommandCenterPage section="print" />} />
      <Route path="admin/money" element={<CommandCenterPage section="money" />} />
      <Route path="admin/operators" element={<CommandCenterPage section="operators" />} />
      <Route path="admin/account" element={<CommandCenterPage section="account" />} />
      <Route path="admin/join" element={<JoinRoute />} />
      {/* The door is the phone's whole screen at the entrance, in the shell's compact header. */}
      <Route path="admin/door" element={<DoorRoute />} />
    </Route>
  </>
);

/** The same routes as the objects matchRoutes reads, made once. */
const SITE_ROUTE_OBJECTS = createRoutesFromElements(SITE_ROUTES);

export function AppRoutes() {
  return <Routes>{SITE_ROUTES}</Routes>;
}

/**
 * Starts loading the code of the page at this address (read from the routes above), so that a
 * first render that waits for it draws the page at once instead of a fallback. Settles when
 * the code has come or failed to (the page then asks for it again, with its retries).
 */
export function preloadPageCode(location: Pick<Location, 'pathname'>): Promise<void> {
  return lazyPageAt(location.pathname)?.preload() ?? Promise.resolve();
}

/** The page the routes above draw at this path when its code loads on its own, else undefined. */
export function lazyPageAt(pathname: string): LazyPage<object> | undefined {
  const page = matchRoutes(SITE_ROUTE_OBJECTS, pathname)?.at(-1)?.route.element;
  const type: unknown = isValidElement(page) ? page.type : undefined;
  return isLazyPage(type) ? type : undefined;
}

/**
 * Starts loading the code of the page a link of the site leads to as soon as the visitor shows
 * they may follow it: the pointer comes over it (a finger's touch included) or the keyboard
 * focuses it. A navigation keeps the page on screen until the next one's code has come, so the
 * time from a hover or a touch to the click is time the click no longer waits. Answers the
 * listeners' removal.
 */
export function preloadPageCodeOnIntent(root: Document | HTMLElement): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) {
      void preloadPageCode(link);
    }
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
  return () => {
    root.removeEventListener('pointerover', onIntent);
    root.removeEventListener('focusin', onIntent);
  };
}
