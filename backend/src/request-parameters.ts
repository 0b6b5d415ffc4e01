import { ADMIN_SESSION_ID, OPERATOR_ID, PASSKEY_ID } from './auth/operator-ids';
import { IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_HEADER } from './common/idempotent-answers';
import type { NamedParameterRules } from './common/validation';
import { LINK_TOKEN } from './notifications/visitor-links';
import { CHECKOUT_SESSION_ID } from './payments/payment-gateway';
import { STRIPE_SIGNATURE } from './payments/webhook/verify-webhook';
import { REGISTRATION_ID } from './registrations/domain/registration-id';
import { DOOR_HANDLE_PARAMETER } from './registrations/domain/door-handle';
import { EVENT_SLUG, SLOT_NAME } from './tour/domain/tour-rules';

/**
 * The parameters routes name one by one, by name: every `:name` of a route's path and every
 * `@Query('name')`, each with its owner's rule. The validation pipe enforces them (server.ts),
 * and the OpenAPI document declares them on every operation that takes them (openapi/), so the
 * document and the app say the same. A query DTO's fields carry their rules themselves
 * (FollowsParameterRule).
 */
export const NAMED_PARAMETERS: NamedParameterRules = {
  id: REGISTRATION_ID,
  registrationId: REGISTRATION_ID,
  handle: DOOR_HANDLE_PARAMETER,
  slug: EVENT_SLUG,
  time: SLOT_NAME,
  sessionId: CHECKOUT_SESSION_ID,
  token: LINK_TOKEN,
  operatorId: OPERATOR_ID,
  passkeyId: PASSKEY_ID,
};

/**
 * The request headers the app reads, each with the rule of the code that reads it (the
 * idempotent answers' middleware, the webhook's signature check), declared in the document from here.
 */
export const HEADER_PARAMETERS: NamedParameterRules = {
  [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY,
  'stripe-signature': STRIPE_SIGNATURE,
};

/**
 * Path parameters one route holds to a rule of its own, by the document's path: the name is
 * another owner's on the other routes. The route reads them with RouteParam and the same rule.
 */
export const ROUTE_PARAMETERS: Readonly<Record<string, NamedParameterRules>> = {
  '/api/admin/operators/{operatorId}/sessions/{sessionId}': { sessionId: ADMIN_SESSION_ID },
};
