import type { Permission } from './permissions';

/**
 * What a route asks of the session, kept on the route for the guard: the permissions that
 * admit it (any one of them), or `anyOperator` for the signed-in operator's own account,
 * which an operator who still has to add a second factor may use too.
 */
export type AdminRule = { permissions: readonly Permission[] } | { anyOperator: true };
export const ADMIN_RULE = 'admin-rule';
