import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { readSessionCookie } from './admin-cookies';
import { notLoggedIn } from './admin-errors';
import { AdminSessions, type AdminSession } from './admin-sessions';
import { SameOriginJsonGuard } from './same-origin-json.guard';

export type AdminRequest = Request & { adminSession?: AdminSession };

/**
 * Lets a request through only with the cookie of a live operator session (401 otherwise), and
 * a state-changing one only as same-site JSON. The session is kept on the request for the
 * audit metadata of the events the request records.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly sessions: AdminSessions,
    private readonly sameOriginJson: SameOriginJsonGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const session = await this.sessions.find(readSessionCookie(request));
    if (!session) throw notLoggedIn();
    this.sameOriginJson.canActivate(context);
    request.adminSession = session;
    return true;
  }
}
