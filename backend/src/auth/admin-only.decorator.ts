import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  HttpCode,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiExtension,
  ApiForbiddenResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { ApiErrorDto } from '../common/api-error.dto';
import { requestId } from '../common/request-id';
import type { AdminActor } from './admin-actor';
import {
  AccessRefused,
  notLoggedIn,
  NotSignedIn,
  RequestRefused,
  ROLE_REFUSAL,
  SECOND_FACTOR_FIRST,
} from './admin-errors';
import { ApiRefusals, Route, type RouteDoc } from '../common/api-refusals';
import type { AdminRequest } from './admin-session.guard';
import { AdminSessionGuard } from './admin-session.guard';
import type { AdminSession, SessionOperator } from './admin-sessions';
import { ROLE_PERMISSIONS, ROLES, type Permission } from './permissions';
import { SameOriginJsonGuard } from './same-origin-json.guard';
import { ADMIN_RULE, type AdminRule } from './admin-rule';

export const ADMIN_SECURITY_SCHEME = 'admin-session';

/** The OpenAPI extension naming the permissions an operation needs (any one of them). */
export const PERMISSIONS_EXTENSION = 'x-permissions';
/** The OpenAPI extension of the operations any signed-in operator may use. */
export const ANY_OPERATOR_EXTENSION = 'x-any-operator';

function rolesHolding(permissions: readonly Permission[]): string[] {
  return ROLES.filter((role) => permissions.some((p) => ROLE_PERMISSIONS[role].includes(p)));
}

function guarded(rule: AdminRule, forbidden: string, mutation: boolean) {
  const decorators = [
    SetMetadata(ADMIN_RULE, rule),
    ApiRefusals(
      NotSignedIn,
      ...('anyOperator' in rule ? [] : [AccessRefused]),
      ...(mutation ? [RequestRefused] : []),
    ),
    UseGuards(AdminSessionGuard),
    ApiCookieAuth(ADMIN_SECURITY_SCHEME),
    ApiUnauthorizedResponse({ type: ApiErrorDto, description: 'No live operator session.' }),
  ];
  // Any signed-in operator may read their own account: only a change can be refused (403).
  if (mutation || !('anyOperator' in rule)) {
    decorators.push(
      ApiForbiddenResponse({
        type: ApiErrorDto,
        description: mutation ? `${forbidden} Or: sent from another site.` : forbidden,
      }),
    );
  }
  if (mutation) {
    decorators.push(
      ApiUnsupportedMediaTypeResponse({
        type: ApiErrorDto,
        description: 'A body that is not JSON.',
      }),
    );
  }
  return decorators;
}

/**
 * Marks a route as the operators': guarded on the server (a live session, 401; a role holding
 * one of `permission`, else 403 `Your role does not allow this.`; an operator who joined and has
 * no second factor yet, 403) and so described in the OpenAPI document (`x-permissions`, and the
 * roles that hold them in the 403's description).
 */
export function AdminOnly(
  permission: Permission | readonly Permission[],
  options: { mutation?: boolean } = {},
) {
  const permissions: readonly Permission[] =
    typeof permission === 'string' ? [permission] : permission;
  const roles = rolesHolding(permissions);
  return applyDecorators(
    ...guarded(
      { permissions },
      `\`${ROLE_REFUSAL}\` unless the role holds the ${permissions.map((p) => `\`${p}\``).join(' or ')} permission (${roles.join(', ')}); \`${SECOND_FACTOR_FIRST}\` while the operator has no second factor.`,
      options.mutation === true,
    ),
    ApiExtension(PERMISSIONS_EXTENSION, [...permissions]),
  );
}

/** A route of the signed-in operator's own account: any role, before a second factor too. */
export function AnyOperator(options: { mutation?: boolean } = {}) {
  return applyDecorators(
    ...guarded(
      { anyOperator: true },
      'Never for a role: any signed-in operator may.',
      options.mutation === true,
    ),
    ApiExtension(ANY_OPERATOR_EXTENSION, true),
  );
}

/** The answers of SameOriginJsonGuard, which every state-changing operator request passes. */
export function SameOriginJsonAnswers() {
  return applyDecorators(
    ApiRefusals(RequestRefused),
    ApiForbiddenResponse({ type: ApiErrorDto, description: 'Sent from another site.' }),
    ApiUnsupportedMediaTypeResponse({ type: ApiErrorDto, description: 'A body that is not JSON.' }),
  );
}

/** A state-changing request refused from another site or with a body that is not JSON. */
export function SameOriginJson() {
  return applyDecorators(UseGuards(SameOriginJsonGuard), SameOriginJsonAnswers());
}

/** An operator's query: AdminOnly(permission), its operation, answer and refusals. */
export function OperatorQuery(permission: Permission | readonly Permission[], doc: RouteDoc) {
  return applyDecorators(AdminOnly(permission), Route(doc));
}

/** An operator's command: AdminOnly(permission) for a change, answered 200 unless said. */
export function OperatorCommand(permission: Permission | readonly Permission[], doc: RouteDoc) {
  return applyDecorators(
    AdminOnly(permission, { mutation: true }),
    HttpCode(doc.status ?? 200),
    Route(doc),
  );
}

/** A query of the signed-in operator's own account (AnyOperator). */
export function AccountQuery(doc: RouteDoc) {
  return applyDecorators(AnyOperator(), Route(doc));
}

/** A command of the signed-in operator's own account (AnyOperator), 200 unless said. */
export function AccountCommand(doc: RouteDoc) {
  return applyDecorators(AnyOperator({ mutation: true }), HttpCode(doc.status ?? 200), Route(doc));
}

export const CurrentAdmin = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AdminActor => {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    if (!request.adminSession) throw notLoggedIn();
    return {
      sessionId: request.adminSession.id,
      correlationId: requestId(request),
      operatorId: request.adminSession.operator.id,
    };
  },
);

/** The operator of the request's session (after AdminOnly or AnyOperator). */
export const CurrentOperator = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SessionOperator => {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    if (!request.adminSession) throw notLoggedIn();
    return request.adminSession.operator;
  },
);

/** The request's live session (after AdminOnly or AnyOperator): its proof's age included. */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AdminSession => {
    const request = context.switchToHttp().getRequest<AdminRequest>();
    if (!request.adminSession) throw notLoggedIn();
    return request.adminSession;
  },
);
