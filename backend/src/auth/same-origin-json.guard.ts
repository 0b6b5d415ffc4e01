import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { crossSiteRequest, notJson } from './admin-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

function isJson(request: Request): boolean {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json';
}

/**
 * Refuses, on a state-changing request, a body that is not JSON (415) and a browser request
 * sent from another site (403): together with the SameSite=Strict cookie, a page elsewhere
 * cannot make the operator's browser change anything. Requests without Origin (curl, scripts)
 * are not browsers' cross-site requests and pass.
 */
@Injectable()
export class SameOriginJsonGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(request.method)) return true;
    if (!this.sameSite(request)) throw crossSiteRequest();
    if (hasBody(request) && !isJson(request)) throw notJson();
    return true;
  }

  private sameSite(request: Request): boolean {
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return false;
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return false; // "null" and other opaque origins
    }
    return host === new URL(this.config.publicUrl).host || host === request.headers.host;
  }
}
