import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { performance } from 'node:perf_hooks';

/**
 * A task run one at a time: asked for while it runs, it runs once more right after, however
 * many times it was asked meanwhile. With `restMs`, a run starts no sooner than `restMs` after
 * the one before it started: asked for sooner, it runs then, once, however many times it was
 * asked meanwhile (a task woken by every commit of a rush runs a few times a second, not at
 * each). A failure goes to `failed`; after stop() it is not run again.
 */
export class OneAtATime {
  private running: Promise<unknown> | undefined;
  private again = false;
  private stopped = false;
  private lastStarted = Number.NEGATIVE_INFINITY;
  private resting: NodeJS.Timeout | undefined;

  constructor(
    private readonly task: () => Promise<unknown>,
    private readonly failed: (error: unknown) => void,
    private readonly restMs = 0,
  ) {}

  run(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // A run is already set for the end of the rest, after this call: it covers it.
    if (this.resting) return;
    const rest = this.lastStarted + this.restMs - Date.now();
    if (rest > 0) {
      this.resting = setTimeout(() => {
        this.resting = undefined;
        this.run();
      }, rest);
      this.resting.unref();
      return;
    }
    this.lastStarted = Date.now();
    this.running = this.task()
      .catch(this.failed)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }

  /** No further runs; waits for the one under way, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.again = false;
    clearTimeout(this.resting);
    this.resting = undefined;
    await this.running;
  }

  /** Runs may be asked for again (after stop()). */
  resume(): void {
    this.stopped = false;
  }
}

/**
 * What a pass answers when it stopped at its batch's size with more work due (a backlog): the
 * next pass runs right after it (after the rest, when there is one, and when the process was not
 * busy with other work meanwhile), not at the next interval.
 */
export const MORE_DUE = Symbol('more due');

/**
 * The least time between the starts of two passes of a worker over a queue (its restMs): a
 * backlog (a rush's waiting-list emails, a cancelled slot's refunds) goes a batch after another
 * at this pace, in seconds rather than a batch every interval, without taking the thread from
 * the requests (or the provider's rate limit) and without polling the database flat out.
 */
export const BACKLOG_REST_MS = 250;

/**
 * How busy the process may have been since a backlog's pass started (with that pass's own work
 * and the requests answered meanwhile) for the backlog's next batch to follow after the rest.
 * Busier, as in a rush for a slot's last seats, the next batch waits until a rest passes with
 * the process busy for less than this share: the visitors' answers go first, and the backlog
 * (emails, refunds) still moves meanwhile, a batch at each of the interval's passes.
 */
export const BACKLOG_BUSY_SHARE = 0.5;

/**
 * Starts measuring how busy the process is, and answers a function that gives the share of the
 * time since then it was busy.
 */
export type ProcessLoad = () => () => number;

/**
 * How busy the process is: its event loop's utilization (performance.eventLoopUtilization), or
 * the CPU all its threads took (process.cpuUsage) as a share of one core, whichever is higher.
 * The event loop alone misses a rush on a process just started: there its thread waits for a
 * core while V8 compiles the requests' code and collects their garbage on threads of its own,
 * so it is idle for half the rush by its own count (RESULTS.md) while the machine has no core
 * to spare.
 */
export const measureProcessLoad: ProcessLoad = () => {
  const loop = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const at = performance.now();
  return () => {
    const elapsedMs = performance.now() - at;
    const used = process.cpuUsage(cpu);
    const cpuShare = elapsedMs > 0 ? (used.user + used.system) / 1000 / elapsedMs : 0;
    return Math.max(performance.eventLoopUtilization(loop).utilization, cpuShare);
  };
};

/**
 * What a pass over a queue answers: MORE_DUE when it took a whole batch (more may be waiting)
 * and got some of it through; a batch that all failed waits for the interval instead, since
 * what it goes through (a mail server, the payment provider) may be down.
 */
export function afterBatch(
  batch: number,
  taken: number,
  through: number,
): typeof MORE_DUE | undefined {
  return taken === batch && through > 0 ? MORE_DUE : undefined;
}

/**
 * A worker's passes: one every `intervalMs` once started, one at once when nudged (after a
 * commit that queued work), one at a moment asked for (wakeAt: when known work falls due),
 * never two at the same time. A nudge during a pass runs another right after it, so nothing
 * queued meanwhile waits for the next interval; so does a pass that answers MORE_DUE (after the
 * rest). With a rest, either waits while the process has been busy for BACKLOG_BUSY_SHARE or
 * more of the time since the last pass started (then runs after the first rest quiet enough,
 * the interval's passes going on meanwhile). A failed pass is logged and the next one runs as
 * usual.
 */
export class PollingPass {
  private timer: NodeJS.Timeout | undefined;
  private readonly passes: OneAtATime;
  private alarm: { at: number; timer: NodeJS.Timeout } | undefined;
  private backlog: NodeJS.Timeout | undefined;
  private readonly processLoad: ProcessLoad;
  /** How busy the process has been since the last pass started (none before the first). */
  private sinceLastPass: (() => number) | undefined;

  constructor(
    pass: () => Promise<unknown>,
    private readonly options: {
      intervalMs: number;
      logger: Logger;
      what: string;
      /** The least time between the starts of two passes (OneAtATime's restMs). */
      restMs?: number;
      /** How busy the process is (a test's stand-in; measureProcessLoad otherwise). */
      processLoad?: ProcessLoad;
    },
  ) {
    this.processLoad = options.processLoad ?? measureProcessLoad;
    this.passes = new OneAtATime(
      async () => {
        const started = Date.now();
        const load = this.processLoad();
        this.sinceLastPass = load;
        if ((await pass()) === MORE_DUE) this.followBacklog(started, load);
        else this.dropBacklog();
      },
      (error: unknown) =>
        options.logger.error(
          `${options.what} failed: ${error instanceof Error ? error.message : error}`,
        ),
      options.restMs,
    );
  }

  start(): void {
    this.passes.resume();
    this.timer = setInterval(() => this.wake(), this.options.intervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops the timer and waits for the pass under way, if any. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    clearTimeout(this.alarm?.timer);
    this.alarm = undefined;
    this.dropBacklog();
    await this.passes.stop();
  }

  /**
   * A pass now rather than at the next interval; nothing when not started. With a rest, a nudge
   * that finds the process busy for BACKLOG_BUSY_SHARE or more of the time since the last pass
   * started waits as a backlog's next batch does (holdUntilQuiet): a rush's commits each queue
   * their emails and nudge, and its visitors' answers go first.
   */
  nudge(): void {
    if (!this.timer) return;
    const { restMs = 0 } = this.options;
    if (restMs > 0 && this.sinceLastPass && this.sinceLastPass() >= BACKLOG_BUSY_SHARE) {
      this.holdUntilQuiet(restMs, this.processLoad());
      return;
    }
    this.wake();
  }

  /**
   * A pass at `at` as well (at once when it is past), unless one is already asked for sooner.
   * Nothing when not started, nor when `at` is an interval or more away: the interval's pass
   * comes first, and may ask again.
   */
  wakeAt(at: Date): void {
    if (!this.timer) return;
    const delay = Math.max(0, at.getTime() - Date.now());
    if (delay >= this.options.intervalMs) return;
    if (this.alarm && this.alarm.at <= at.getTime()) return;
    clearTimeout(this.alarm?.timer);
    const timer = setTimeout(() => {
      this.alarm = undefined;
      this.wake();
    }, delay);
    timer.unref();
    this.alarm = { at: at.getTime(), timer };
  }

  private wake(): void {
    this.passes.run();
  }

  /**
   * After a pass that answered MORE_DUE: without a rest, the next at once (asked for during the
   * pass: OneAtATime runs it right after); with one, the next `restMs` after this one started
   * (or as it ends, if it took longer), if the process was busy for less than BACKLOG_BUSY_SHARE
   * of the time since it started (`load`: the pass's own work, a small share, and the
   * requests'). Busier, it looks again after each further rest, and runs the next pass after
   * the first that was quiet enough; the interval's passes go on meanwhile.
   */
  private followBacklog(started: number, load: () => number): void {
    const { restMs = 0 } = this.options;
    if (restMs === 0) {
      this.passes.run();
      return;
    }
    this.holdUntilQuiet(Math.max(0, started + restMs - Date.now()), load);
  }

  /**
   * A pass after `delayMs` if the process was busy for less than BACKLOG_BUSY_SHARE of the time
   * `sinceThen` measures; busier, a look again after each further rest, and the pass after the
   * first quiet enough. One such look at a time: a look under way covers a later ask.
   */
  private holdUntilQuiet(delayMs: number, sinceThen: () => number): void {
    if (this.backlog) return;
    this.backlog = setTimeout(() => {
      this.backlog = undefined;
      if (sinceThen() < BACKLOG_BUSY_SHARE) this.passes.run();
      else this.holdUntilQuiet(this.options.restMs ?? 0, this.processLoad());
    }, delayMs);
    this.backlog.unref();
  }

  /** No more looks at a backlog: a pass found it done (an interval's, say), or the worker stops. */
  private dropBacklog(): void {
    clearTimeout(this.backlog);
    this.backlog = undefined;
  }
}

/**
 * A worker that runs passes (PollingPass) while the app runs, where this process runs workers
 * (WORKERS): started when the app has booted, stopped (the pass under way finished) when it
 * shuts down, a failed pass logged under the worker's name. The outbox's, the refunds', the
 * holds' and the waiting list's workers each supply only their pass.
 */
export abstract class PollingWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger: Logger;
  protected readonly passes: PollingPass;

  /**
   * `what`: the pass as the log names it; `intervalMs`: between passes; `runs`: whether this
   * process runs workers; `restMs`: the least time between the starts of two passes.
   */
  constructor(
    what: string,
    intervalMs: number,
    private readonly runs: boolean,
    restMs = 0,
  ) {
    this.logger = new Logger(new.target.name);
    this.passes = new PollingPass(() => this.pass(), {
      intervalMs,
      logger: this.logger,
      what,
      restMs,
    });
  }

  /** One pass, as the loop runs it (a failure is logged, and the next pass runs as usual). */
  protected abstract pass(): Promise<unknown>;

  onApplicationBootstrap(): void {
    if (this.runs) this.passes.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.passes.stop();
  }
}
