import type { SessionOperator } from './admin-sessions';
import { roleAllows, type Permission } from './permissions';

/**
 * What a route asks of the session, kept on the route for the guard: the permissions that
 * admit it (any one of them), or `anyOperator` for the signed-in operator's own account,
 * which an operator who still has to add a second factor may use too.
 */
export type AdminRule = { permissions: readonly Permission[] } | { anyOperator: true };
export const ADMIN_RULE = 'admin-rule';

/**
 * Whether a rule admits the operator as they are now: the guard asks it when a request arrives,
 * and a stream that stays open (the live feed) asks it again while it lasts, so a role changed
 * meanwhile ends the stream as it would refuse the next request.
 */
export function ruleAdmits(rule: AdminRule, operator: SessionOperator): boolean {
  if ('anyOperator' in rule) return true;
  return !operator.secondFactorRequired && roleAllows(operator.role, rule.permissions);
}
