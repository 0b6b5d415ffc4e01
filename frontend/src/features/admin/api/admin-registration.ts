/**
 * The admin's view of a registration and of its history, as GET /api/registrations and
 * GET /api/admin/registrations/{id}/history answer them (SPEC section 3, issue 4).
 */
export interface AdminRegistration {
  id: string;
  name?: string | null;
  /** Legacy records carry the name in two parts. */
  firstName?: string | null;
  lastName?: string | null;
  /** '#' and the last 6 characters of the id, as the server computes it. */
  shortId?: string;
  email: string | null;
  whatsapp: string | null;
  event: string;
  time: string;
  dreamedCaptured: boolean;
  dream?: string | null;
  waitingList: boolean;
  paid: boolean;
  stripeSessionId?: string | null;
  createdAt: string;
  /** held, paid, waiting, confirmed, released or refunded. */
  status?: string;
  locale?: string;
}

export interface RegistrationHistoryEvent {
  type: string;
  recordedAt: string;
  actor: string;
  payload?: Record<string, unknown> | null;
  position?: number;
  streamVersion?: number;
  /** Personal fields this event held that a delete has erased. */
  erasedFields?: string[];
  personalDataErased?: boolean;
}

export interface SlotCapacity {
  available: number;
  registered: number;
  waitingList: number;
  limit: number;
}

/** Capacity keyed by event, then by time slot. */
export type CapacityByEvent = Record<string, Record<string, SlotCapacity>>;
