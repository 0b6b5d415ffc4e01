/** The site's pages about the performance, as the header's menu and the home page list them. */
export const CONTENT_PAGES = [
  { to: '/about', id: 'nav.about' },
  { to: '/who-we-are', id: 'nav.whoWeAre' },
  { to: '/press', id: 'nav.press' },
  { to: '/past-events', id: 'nav.pastEvents' },
] as const;
