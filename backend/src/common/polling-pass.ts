import type { Logger } from '@nestjs/common';

/**
 * A worker's passes: one every `intervalMs` once started, one at once when nudged (after a
 * commit that queued work), one at a moment asked for (wakeAt: when known work falls due),
 * never two at the same time. A nudge during a pass runs another right after it, so nothing
 * queued meanwhile waits for the next interval. A failed pass is logged and the next one runs
 * as usual.
 */
export class PollingPass {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;
  private alarm: { at: number; timer: NodeJS.Timeout } | undefined;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly options: { intervalMs: number; logger: Logger; what: string },
  ) {}

  start(): void {
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
    await this.running?.catch(() => undefined);
  }

  /** A pass now rather than at the next interval; nothing when not started. */
  nudge(): void {
    if (this.timer) this.wake();
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
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) =>
        this.options.logger.error(
          `${this.options.what} failed: ${error instanceof Error ? error.message : error}`,
        ),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again && this.timer) {
          this.again = false;
          this.wake();
        }
      });
  }
}
