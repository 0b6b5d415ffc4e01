/** What a leased outbox row is for, as the figures name it. */
export type LeasedWork = 'email' | 'refund';

/**
 * Told how many outbox rows a worker took back after the worker that held them stopped renewing
 * its lease (a dead or stuck process). A port: the metrics, on the top floor, count them; the
 * workers below know only this.
 */
export abstract class LeaseRecoveries {
  abstract leasesRecovered(work: LeasedWork, count: number): void;
}
