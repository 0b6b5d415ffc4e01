/** The languages of the site, the console and the emails; a registration records its visitor's. */
export type Locale = 'en' | 'it' | 'ro';

/** The cookie the site mirrors the visitor's (or the operator's) chosen language into. */
const LANGUAGE_COOKIE = /(?:^|;\s*)language=(en|it|ro)(?:;|$)/;

/** The language a request's cookies choose, if any. */
export function localeOfCookies(cookieHeader: string | undefined): Locale | undefined {
  return LANGUAGE_COOKIE.exec(cookieHeader ?? '')?.[1] as Locale | undefined;
}
