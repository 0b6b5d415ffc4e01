import type { Request } from 'express';
import { localeOfCookies, type Locale } from '../common/locale';

/** The console's language: its `language` cookie, else the browser's, else English. */
export function requestLocale(request: Request): Locale {
  const chosen = localeOfCookies(request.headers.cookie);
  if (chosen) return chosen;
  const accepted = /^\s*(en|it|ro)\b/i.exec(request.headers['accept-language'] ?? '');
  return (accepted?.[1].toLowerCase() as Locale | undefined) ?? 'en';
}
