import { Injectable } from '@nestjs/common';

/**
 * Whether this process is still taking work. Once a shutdown starts, readiness answers 503 so a
 * proxy or an orchestrator stops sending new requests while the ones in flight finish.
 */
@Injectable()
export class ServerLifecycle {
  private drainingSince: Date | undefined;
  private readonly drainingListeners = new Set<() => void>();

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    if (this.drainingSince) return;
    this.drainingSince = new Date();
    for (const listener of [...this.drainingListeners]) listener();
  }

  /**
   * Calls `listener` when draining starts, so answers that never end by themselves (an event
   * stream) end and let the drain finish. Answers the function that stops listening.
   */
  onDraining(listener: () => void): () => void {
    this.drainingListeners.add(listener);
    return () => this.drainingListeners.delete(listener);
  }
}
