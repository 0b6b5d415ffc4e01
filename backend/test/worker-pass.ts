import type { PollingWorker } from '../src/common/polling-worker';

/**
 * One pass of a worker as its loop runs it (protected `pass()`), answering what the loop reads:
 * MORE_DUE when the next pass follows at once.
 */
export function passOf(worker: PollingWorker): Promise<unknown> {
  return (worker as unknown as { pass(): Promise<unknown> }).pass();
}
