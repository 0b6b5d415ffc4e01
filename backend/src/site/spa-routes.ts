/**
 * The routes of the single-page site. The server answers these with index.html and 200; any
 * other path that is not the API or a file gets index.html too, with 404, so the page shows
 * "Page Not Found" and crawlers see the truth. Keep in step with the frontend's router.
 */
export const SPA_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/confirmation\/?$/,
  /^\/confirmation\/[^/]+\/?$/,
  /^\/admin\/?$/,
  /^\/about\/?$/,
  /^\/creator\/?$/,
  /^\/actress\/?$/,
  /^\/ai-researcher\/?$/,
  /^\/dreams\/?$/,
  /^\/polaroid\/?$/,
  /^\/who-we-are\/?$/,
  /^\/press\/?$/,
  /^\/past-events\/?$/,
];

export function isSpaRoute(path: string): boolean {
  return SPA_ROUTES.some((route) => route.test(path));
}
