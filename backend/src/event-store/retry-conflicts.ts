import { ConcurrencyError } from './concurrency-error';

/** How many times a decision is made from scratch when another write came first. */
export const CONFLICT_ATTEMPTS = 5;

/**
 * Runs `attempt` (a transaction that loads, decides and appends at the version it read) again
 * from scratch while it loses to a concurrent append, CONFLICT_ATTEMPTS times at most; the last
 * ConcurrencyError is thrown. The registrations' and the tour's stores both write this way.
 */
export async function retryingConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof ConcurrencyError && tries < CONFLICT_ATTEMPTS) continue;
      throw error;
    }
  }
}
