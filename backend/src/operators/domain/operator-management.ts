import { operatorConflict, operatorNotFound } from '../../auth/admin-errors';
import { isOwner, type OperatorEvent, type OperatorState } from '../../auth/operator';
import type { OperatorRole } from '../../auth/permissions';

/**
 * The owner's decisions on an operator, from the operator's state alone: what to record, or
 * why not. The handlers (operators/commands/*) load the operator through the operators' store,
 * decide here, and append what is answered.
 */

export const EMAIL_TAKEN = 'An operator with this email already exists.';
export const SUSPEND_FIRST = 'Suspend this operator first.';

/** The owner's role and access are not changed here: only asking for nothing passes. */
export function refuseChangingOwner(change: { role?: OperatorRole; suspended?: boolean }): void {
  if (change.role !== undefined || change.suspended === true) {
    throw operatorConflict('owner-fixed', "The owner's role and access come with the password.");
  }
}

/** A role changed, a suspension or a reinstatement; nothing for what already is. */
export function changeOperator(
  state: OperatorState | undefined,
  operatorId: string,
  change: { role?: OperatorRole; suspended?: boolean },
): OperatorEvent[] {
  if (!state) throw operatorNotFound();
  if (state.state === 'erased')
    throw operatorConflict('operator-erased', 'This operator was erased.');
  const events: OperatorEvent[] = [];
  if (change.role !== undefined && change.role !== state.role) {
    events.push({
      type: 'OperatorRoleChanged',
      data: { operatorId, role: change.role, from: state.role },
    });
  }
  if (change.suspended === true && state.state !== 'suspended') {
    events.push({ type: 'OperatorSuspended', data: { operatorId } });
  }
  if (change.suspended === false && state.state === 'suspended') {
    events.push({ type: 'OperatorReinstated', data: { operatorId } });
  }
  return events;
}

/** A second factor is reset for a joined operator not erased; never the owner's. */
export function resetSecondFactor(
  state: OperatorState | undefined,
  operatorId: string,
): OperatorEvent[] {
  if (isOwner(operatorId)) {
    throw operatorConflict('owner-fixed', "The owner's access comes with the password.");
  }
  if (!state) throw operatorNotFound();
  if (state.state === 'erased')
    throw operatorConflict('operator-erased', 'This operator was erased.');
  if (state.state === 'invited') {
    throw operatorConflict(
      'operator-not-joined',
      'This operator has not joined yet: there is nothing to reset.',
    );
  }
  return [{ type: 'OperatorSecondFactorReset', data: { operatorId } }];
}

/** A suspended operator is erased; one erased already records nothing more. */
export function eraseOperator(
  state: OperatorState | undefined,
  operatorId: string,
): OperatorEvent[] {
  if (isOwner(operatorId)) throw operatorConflict('suspend-first', SUSPEND_FIRST);
  if (!state) throw operatorNotFound();
  if (state.state === 'erased') return [];
  if (state.state !== 'suspended') throw operatorConflict('suspend-first', SUSPEND_FIRST);
  return [{ type: 'OperatorErased', data: { operatorId } }];
}
