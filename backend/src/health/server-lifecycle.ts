import { Injectable } from '@nestjs/common';

/**
 * Whether this process is still taking work. Once a shutdown starts, readiness answers 503 so a
 * proxy or an orchestrator stops sending new requests while the ones in flight finish.
 */
@Injectable()
export class ServerLifecycle {
  private drainingSince: Date | undefined;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= new Date();
  }
}
