import type { EventMetadata } from '../event-store/event-store.types';

/** Who did it, for the metadata of the events an operator's request records. */
export interface AdminActor {
  sessionId: string;
  correlationId: string;
  /** The operator's id; 'owner' for the password login (OWNER_ID). */
  operatorId: string;
}

/** The metadata of an event an operator caused: never the password or the session token. */
export function adminMetadata(actor: AdminActor): EventMetadata {
  return {
    actor: 'admin',
    correlationId: actor.correlationId,
    adminSessionId: actor.sessionId,
    operatorId: actor.operatorId,
  };
}
