import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { Observable, type Subscriber, type Subscription } from 'rxjs';
import { readableLogHead } from '../../../event-store/log-queries';
import { DataSource } from 'typeorm';
import { ServerLifecycle } from '../../../common/server-lifecycle';
import { RegistrationEventsRecorded } from '../../registration-events-recorded';

/** How often the log's position is read while someone watches it. */
export const LOG_POSITION_POLL_MS = 500;

/**
 * The position of the event log as readers of the feed see it (only events of transactions older
 * than every running one, as readAll answers), for the Command Center's live updates. One
 * statement per interval per process, whatever the number of watchers, and none without a
 * watcher; a commit in this process is looked for at once. Any process sees commits of every
 * other, since it asks PostgreSQL.
 */
@Injectable()
export class LogPositionWatch implements OnModuleInit, OnModuleDestroy {
  private readonly watchers = new Set<Subscriber<number>>();
  /** Watchers that have not had a first position yet. */
  private readonly newcomers = new Set<Subscriber<number>>();
  private position: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading = false;
  private readAgain = false;
  private subscription: Subscription | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly eventBus: EventBus,
    private readonly lifecycle: ServerLifecycle,
  ) {}

  onModuleInit(): void {
    this.subscription = this.eventBus.subscribe((event) => {
      if (event instanceof RegistrationEventsRecorded && this.watchers.size > 0) void this.read();
    });
    this.stopListening = this.lifecycle.onDraining(() => this.endAll());
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    this.stopListening?.();
    this.endAll();
  }

  /** The current position at once, then each new one; ends when the server drains. */
  positions(): Observable<number> {
    return new Observable<number>((subscriber) => {
      if (this.lifecycle.draining) {
        subscriber.complete();
        return;
      }
      this.watchers.add(subscriber);
      this.newcomers.add(subscriber);
      void this.read();
      this.timer ??= setInterval(() => void this.read(), LOG_POSITION_POLL_MS);
      return () => {
        this.watchers.delete(subscriber);
        this.newcomers.delete(subscriber);
        if (this.watchers.size === 0) this.stop();
      };
    });
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.position = undefined;
  }

  private endAll(): void {
    for (const watcher of [...this.watchers]) watcher.complete();
    this.watchers.clear();
    this.newcomers.clear();
    this.stop();
  }

  private async read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        const position = await readableLogHead(this.dataSource);
        const moved = position !== this.position;
        this.position = position;
        for (const watcher of this.watchers) {
          if (moved || this.newcomers.has(watcher)) watcher.next(position);
        }
        this.newcomers.clear();
      } while (this.readAgain);
    } catch {
      // The next interval tries again; a watcher only misses nothing, it hears later.
    } finally {
      this.reading = false;
    }
  }
}
