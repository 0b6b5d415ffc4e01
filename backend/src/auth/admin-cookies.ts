import type { Request, Response } from 'express';
import type { AppConfig } from '../config/config';

/** The name of the operator's session cookie. */
export const ADMIN_SESSION_COOKIE = 'admin_session';

/** The value of the admin session cookie on a request, if any. */
export function readSessionCookie(request: Request): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== ADMIN_SESSION_COOKIE) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function secure(config: AppConfig): boolean {
  return config.publicUrl.startsWith('https:');
}

export function setSessionCookie(
  response: Response,
  config: AppConfig,
  token: string,
  expiresAt: Date,
  now: Date,
): void {
  response.cookie(ADMIN_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config),
    path: '/',
    maxAge: Math.max(0, expiresAt.getTime() - now.getTime()),
  });
}

export function clearSessionCookie(response: Response, config: AppConfig): void {
  response.clearCookie(ADMIN_SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config),
    path: '/',
  });
}
