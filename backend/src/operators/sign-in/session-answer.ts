import type { Response } from 'express';
import { setSessionCookie } from '../../auth/admin-cookies';
import type { AdminSession, OpenedAdminSession } from '../../auth/admin-sessions';
import { ROLE_PERMISSIONS } from '../../auth/permissions';
import type { AppConfig } from '../../config/config';
import type { AdminSessionDto } from './admin-session.response.dto';

/** The session shape every login and the session check answer. */
export function sessionAnswer(session: AdminSession | undefined): AdminSessionDto {
  if (!session) return { authenticated: false };
  const { operator } = session;
  return {
    authenticated: true,
    expiresAt: session.expiresAt.toISOString(),
    operator: { id: operator.id, name: operator.name, role: operator.role },
    permissions: [...ROLE_PERMISSIONS[operator.role]],
    secondFactorRequired: operator.secondFactorRequired,
  };
}

/** A session just opened: its cookie set on the answer, and its shape. */
export function answerOpenedSession(
  response: Response,
  config: AppConfig,
  session: OpenedAdminSession,
): AdminSessionDto {
  setSessionCookie(response, config, session.token, session.expiresAt, session.now);
  return sessionAnswer(session);
}

/** The session cookie a sign-in sets, as the OpenAPI document tells it. */
export const SET_SESSION_COOKIE = {
  'Set-Cookie': {
    description:
      '`admin_session=<token>; Path=/; HttpOnly; SameSite=Strict` (and `Secure` behind https): the session that the admin-session scheme names.',
    schema: { type: 'string' as const },
  },
};
