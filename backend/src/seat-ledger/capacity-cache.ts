import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { Subscription } from 'rxjs';

/**
 * What the EventBus carries when a transaction that may have moved seats has committed: the
 * registrations' recorded events extend it, so the cache is dropped without knowing them.
 */
export abstract class SeatsMayHaveMoved {}

interface Entry<Answer> {
  answer: Answer;
  storedAt: number;
}

/**
 * The capacity answer of this process (whatever its reader makes of the seat counts), served from memory until something may have changed it. It is dropped
 * - at once, in this process, when a transaction that may have moved seats commits (a
 *   SeatsMayHaveMoved, such as the registrations' recorded events, is published after COMMIT,
 *   before the write is answered): a visitor reads their own write;
 * - when PostgreSQL says slot_capacity changed in any process (CapacityChangeListener, NOTIFY
 *   slot_capacity_changed, sent by a trigger and delivered on COMMIT);
 * - after `maxAgeMs`, whatever happened, as a last safety net.
 * While the listener is not connected and listening the cache is off: every answer comes from
 * the database, so a notification missed during an outage can never leave a stale answer.
 *
 * A load started before an invalidation is never stored after it (the generation check), so a
 * query that raced a commit cannot put the old figures back.
 */
@Injectable()
export class CapacityCache<Answer = unknown> implements OnModuleInit, OnModuleDestroy {
  /** Public so that a test can lengthen it and see that notifications alone keep it fresh. */
  maxAgeMs = 1000;
  private entry: Entry<Answer> | undefined;
  private generation = 0;
  private listening = false;
  private loading: { generation: number; promise: Promise<Answer> } | undefined;
  private subscription: Subscription | undefined;

  constructor(private readonly eventBus: EventBus) {}

  onModuleInit(): void {
    this.subscription = this.eventBus.subscribe((event) => {
      if (event instanceof SeatsMayHaveMoved) this.invalidate();
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  /** Whether answers may come from memory: only while changes are being listened for. */
  get enabled(): boolean {
    return this.listening;
  }

  /** Called by the listener: on once LISTEN is in place, off as soon as the link is in doubt. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate();
  }

  invalidate(): void {
    this.generation += 1;
    this.entry = undefined;
    this.loading = undefined;
  }

  /** The answer when a fresh one is in memory, or undefined. */
  fresh(now = Date.now()): Answer | undefined {
    const entry = this.entry;
    if (!entry || !this.listening) return undefined;
    if (now - entry.storedAt >= this.maxAgeMs) {
      this.entry = undefined;
      return undefined;
    }
    return entry.answer;
  }

  /**
   * The answer from memory when fresh, otherwise from `query` (one query at a time per
   * generation; concurrent callers share it), stored only if nothing changed meanwhile.
   */
  async get(query: () => Promise<Answer>): Promise<Answer> {
    const fresh = this.fresh();
    if (fresh) return fresh;
    if (!this.listening) return query();
    const generation = this.generation;
    if (this.loading?.generation === generation) return this.loading.promise;
    // The age counts from before the read: what it saw can be no older than this.
    const startedAt = Date.now();
    const promise = query().then(
      (answer) => {
        if (this.generation === generation && this.listening) {
          this.entry = { answer, storedAt: startedAt };
        }
        if (this.loading?.promise === promise) this.loading = undefined;
        return answer;
      },
      (error: unknown) => {
        if (this.loading?.promise === promise) this.loading = undefined;
        throw error;
      },
    );
    this.loading = { generation, promise };
    return promise;
  }
}
