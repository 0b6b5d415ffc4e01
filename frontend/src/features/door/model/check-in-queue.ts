/**
 * Check-ins wait here, in this phone's storage, until the server has answered them: every
 * check-in goes through the queue, so one made without a network is sent, with the time the
 * phone took it, when the network returns. The server's log decides: a check-in another phone
 * made first comes back as a conflict naming it.
 */
export interface PendingCheckIn {
  /** This phone's own id for the check-in, so a retry never sends it twice. */
  id: string;
  event: string;
  time: string;
  handle: string;
  /** The scanned code, when the check-in came from a ticket. */
  ticket?: string;
  deviceTime: string;
  /** The phone's name when its operator has named it. */
  device?: string;
}

export interface CheckInRecord {
  handle: string;
  name: string;
  checkedInAt: string;
  /** The operator who checked them in, by name. */
  checkedInBy: string | null;
  /** The phone they used, as its operator named it. */
  checkedInDevice: string | null;
}

/** What the server made of one check-in sent from the queue. */
export type SendOutcome =
  | { kind: 'accepted'; checkIn: CheckInRecord }
  | { kind: 'conflict'; checkIn: CheckInRecord }
  | { kind: 'refused'; reason: string; name?: string; slot?: { event: string; time: string } }
  /** No answer (no network, a 5xx, the session gone): the check-in stays queued. */
  | { kind: 'unsent'; signedOut?: boolean };

export interface FlushReport {
  accepted: { item: PendingCheckIn; checkIn: CheckInRecord }[];
  conflicts: { item: PendingCheckIn; checkIn: CheckInRecord }[];
  refused: { item: PendingCheckIn; reason: string; name?: string }[];
  /** True when sending stopped with check-ins still queued. */
  stopped: boolean;
  signedOut: boolean;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const QUEUE_STORAGE_KEY = 'door.checkInQueue';

function isPending(value: unknown): value is PendingCheckIn {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    ['id', 'event', 'time', 'handle', 'deviceTime'].every(
      (field) => typeof item[field] === 'string',
    ) &&
    (item.device === undefined || typeof item.device === 'string')
  );
}

export class CheckInQueue {
  private flushing: Promise<FlushReport> | null = null;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly key = QUEUE_STORAGE_KEY,
  ) {}

  items(): PendingCheckIn[] {
    try {
      const stored: unknown = JSON.parse(this.storage.getItem(this.key) ?? '[]');
      return Array.isArray(stored) ? stored.filter(isPending) : [];
    } catch {
      return [];
    }
  }

  private save(items: PendingCheckIn[]): void {
    this.storage.setItem(this.key, JSON.stringify(items));
  }

  /** Queues a check-in; a second one for a registration already queued is not added. */
  add(item: PendingCheckIn): boolean {
    const items = this.items();
    if (items.some((queued) => queued.handle === item.handle)) return false;
    this.save([...items, item]);
    return true;
  }

  /** Takes back a check-in not yet sent (an undo before the server heard of it). */
  remove(handle: string): boolean {
    const items = this.items();
    const kept = items.filter((item) => item.handle !== handle);
    if (kept.length === items.length) return false;
    this.save(kept);
    return true;
  }

  /**
   * Sends the queued check-ins in the order they were made, one at a time; each answered one
   * leaves the queue. Stops at the first that gets no answer, keeping it and those after it.
   * Calls made while a flush runs share it.
   */
  flush(send: (item: PendingCheckIn) => Promise<SendOutcome>): Promise<FlushReport> {
    this.flushing ??= this.sendAll(send).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll(send: (item: PendingCheckIn) => Promise<SendOutcome>) {
    const report: FlushReport = {
      accepted: [],
      conflicts: [],
      refused: [],
      stopped: false,
      signedOut: false,
    };
    for (const item of this.items()) {
      let outcome: SendOutcome;
      try {
        outcome = await send(item);
      } catch {
        outcome = { kind: 'unsent' };
      }
      if (outcome.kind === 'unsent') {
        report.stopped = true;
        report.signedOut = outcome.signedOut === true;
        break;
      }
      // Removed by id: an undo may have taken it out meanwhile.
      this.save(this.items().filter((queued) => queued.id !== item.id));
      if (outcome.kind === 'accepted') report.accepted.push({ item, checkIn: outcome.checkIn });
      else if (outcome.kind === 'conflict') {
        report.conflicts.push({ item, checkIn: outcome.checkIn });
      } else report.refused.push({ item, reason: outcome.reason, name: outcome.name });
    }
    return report;
  }
}
