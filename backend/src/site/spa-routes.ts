import siteRoutes from './site-routes.json';

/**
 * The routes of the single-page site, listed once in site-routes.json in React Router's syntax
 * (`:id` is one path segment). The frontend's router is held to that list by
 * frontend/src/app/routes.test.tsx, and the browser tests visit every route on it. The server
 * answers these with index.html and 200; any other path that is not the API or a file gets
 * index.html too, with 404, so the page shows "Page Not Found" and crawlers see the truth.
 */
export const SPA_ROUTES: readonly string[] = siteRoutes;

const patterns = SPA_ROUTES.map((route) => {
  const segments = route
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return segments.length === 0 ? /^\/$/ : new RegExp(`^/${segments.join('/')}/?$`);
});

export function isSpaRoute(path: string): boolean {
  return patterns.some((pattern) => pattern.test(path));
}
