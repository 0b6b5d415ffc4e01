import type { Logger } from '@nestjs/common';

/**
 * A worker's passes: one every `intervalMs` once started, one at once when nudged (after a
 * commit that queued work), never two at the same time. A nudge during a pass runs another
 * right after it, so nothing queued meanwhile waits for the next interval. A failed pass is
 * logged and the next one runs as usual.
 */
export class PollingPass {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;

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
    await this.running?.catch(() => undefined);
  }

  /** A pass now rather than at the next interval; nothing when not started. */
  nudge(): void {
    if (this.timer) this.wake();
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
