import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  UseGuards,
} from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-error.dto';
import { requestId } from '../common/request-id';
import type { AdminActor } from './admin-actor';
import { notLoggedIn } from './admin-errors';
import type { AdminRequest } from './admin-session.guard';
import { AdminSessionGuard } from './admin-session.guard';
import { SameOriginJsonGuard } from './same-origin-json.guard';

export const ADMIN_SECURITY_SCHEME = 'admin-session';

/** Marks a route as the operator's: guarded on the server and so described in the OpenAPI. */
export function AdminOnly(options: { mutation?: boolean } = {}) {
  const decorators = [
    UseGuards(AdminSessionGuard),
    ApiCookieAuth(ADMIN_SECURITY_SCHEME),
    ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'No live operator session.' }),
  ];
  if (options.mutation) decorators.push(SameOriginJsonAnswers());
  return applyDecorators(...decorators);
}

/** The answers of SameOriginJsonGuard, which every state-changing operator request passes. */
export function SameOriginJsonAnswers() {
  return applyDecorators(
    ApiForbiddenResponse({ type: ApiErrorDto, description: 'Sent from another site.' }),
    ApiUnsupportedMediaTypeResponse({ type: ApiErrorDto, description: 'A body that is not JSON.' }),
  );
}

/** A state-changing request refused from another site or with a body that is not JSON. */
export function SameOriginJson() {
  return applyDecorators(UseGuards(SameOriginJsonGuard), SameOriginJsonAnswers());
}

export const CurrentAdmin = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AdminActor => {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    if (!request.adminSession) throw notLoggedIn();
    return { sessionId: request.adminSession.id, correlationId: requestId(request) };
  },
);
