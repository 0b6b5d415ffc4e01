import type { Operator, Role } from './operator-types';
import type { AdminMessageId } from './admin-catalogue';

const ROLES: Record<Role, AdminMessageId> = {
  owner: 'admin.role.owner',
  'box-office': 'admin.role.boxOffice',
  door: 'admin.role.door',
};

export function roleLabel(role: Role): AdminMessageId {
  return ROLES[role];
}

const STATES: Record<Operator['state'], AdminMessageId> = {
  invited: 'admin.operators.state.invited',
  active: 'admin.operators.state.active',
  suspended: 'admin.operators.state.suspended',
  erased: 'admin.operators.state.erased',
};

export function stateLabel(state: Operator['state']): AdminMessageId {
  return STATES[state];
}

/**
 * Who did something, as the trail names them: the operator's name, the owner for the password
 * login ('owner'), "former operator #7" after an erasure, each said in the operator's language.
 */
export function actorNameShown(
  actorName: string,
  t: (key: AdminMessageId, values?: Record<string, string | number>) => string,
): string {
  if (actorName === 'owner') return t('admin.actor.owner');
  const former = /^former operator #(\d+)$/.exec(actorName);
  if (former) return t('admin.actor.formerOperator', { number: Number(former[1]) });
  return actorName;
}
