export interface EventMetadata {
  /** Who caused the fact: a visitor, an admin, the payment provider or the system itself. */
  actor: 'visitor' | 'admin' | 'payment-provider' | 'system';
  correlationId?: string;
  causationId?: string;
  [key: string]: unknown;
}

export interface NewEvent {
  type: string;
  schemaVersion?: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  globalPosition: number;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** The version a stream must be at for an append to go through: NO_STREAM for a new stream. */
export type ExpectedVersion = number;

/** The expected version of a stream that must not exist yet. */
export const NO_STREAM = 0;
