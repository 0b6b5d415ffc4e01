import type { EntityManager } from 'typeorm';
import { adminMetadata } from '../../auth/admin-actor';
import type { AdminSessions, OpenedAdminSession, SessionOperator } from '../../auth/admin-sessions';
import { hasSecondFactor, type SignInMethod } from '../../auth/operator';
import type { OperatorStore } from '../operator-store';

/**
 * Opens the session of an active operator and records OperatorSignedIn, with `confirm` (a
 * passkey's counter moved on) in the same transaction; undefined when the operator is no
 * longer active or `confirm` refuses. Each of an operator's sign-ins ends here.
 */
export function openOperatorSession(
  store: OperatorStore,
  sessions: AdminSessions,
  signIn: {
    operatorId: string;
    method: SignInMethod;
    origin: { device: string; address: string };
    correlationId: string;
  },
  confirm?: (manager: EntityManager) => Promise<boolean>,
): Promise<OpenedAdminSession | undefined> {
  const { operatorId, method, origin, correlationId } = signIn;
  return store.transaction(async (manager) => {
    const loaded = await store.load(manager, operatorId);
    const state = loaded.state;
    if (!state || state.state !== 'active' || !state.name) return undefined;
    if (confirm && !(await confirm(manager))) return undefined;
    const operator: SessionOperator = {
      id: operatorId,
      name: state.name,
      role: state.role,
      secondFactorRequired: !hasSecondFactor(state),
    };
    const session = await sessions.open(operator, origin, manager);
    await store.append(
      manager,
      loaded,
      [{ type: 'OperatorSignedIn', data: { operatorId, sessionId: session.id, method } }],
      adminMetadata({ sessionId: session.id, correlationId, operatorId }),
    );
    return session;
  });
}
