import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { readSessionCookie } from './admin-cookies';
import { notLoggedIn, roleRefused, secondFactorFirst } from './admin-errors';
import { ADMIN_RULE, ruleAdmits, type AdminRule } from './admin-rule';
import { AdminSessions, type AdminSession } from './admin-sessions';
import { SameOriginJsonGuard } from './same-origin-json.guard';

export type AdminRequest = Request & { adminSession?: AdminSession };

/**
 * Lets a request through only with the cookie of a live session of an active operator (401
 * otherwise), a state-changing one only as same-site JSON, and only when the route's rule
 * admits the operator: a role holding one of its permissions, and a second factor (403 in the
 * error shape otherwise). A route with no rule is refused: every admin route names one. The
 * session is kept on the request for the audit metadata of the events the request records.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly sessions: AdminSessions,
    private readonly sameOriginJson: SameOriginJsonGuard,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const session = await this.sessions.find(readSessionCookie(request));
    if (!session) throw notLoggedIn();
    this.sameOriginJson.canActivate(context);
    const rule = this.reflector.getAllAndOverride<AdminRule | undefined>(ADMIN_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) throw roleRefused();
    if (!ruleAdmits(rule, session.operator)) {
      throw session.operator.secondFactorRequired && !('anyOperator' in rule)
        ? secondFactorFirst()
        : roleRefused();
    }
    request.adminSession = session;
    return true;
  }
}
