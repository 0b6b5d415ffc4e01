import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** How often a chunk that failed to load is asked for again before the page says so. */
export const CHUNK_RETRIES = 2;
const RETRY_DELAY_MS = 400;

type Module<P> = { default: ComponentType<P> };

/** The resets of the lazily loaded pieces whose last load failed; Retry runs them. */
const failedLoads = new Set<() => void>();

/** Runs `load` again after a short pause when it fails, CHUNK_RETRIES times. */
export async function withRetries<T>(
  load: () => Promise<T>,
  retries = CHUNK_RETRIES,
  delayMs = RETRY_DELAY_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((wait) => setTimeout(wait, delayMs * (attempt + 1)));
    }
  }
}

/**
 * React.lazy remembers a failed load for good; this one is retried a few times and, when it
 * still fails, is made afresh by retryFailedChunks() (the error boundary's Retry button).
 */
export function lazyPage<P extends object>(load: () => Promise<Module<P>>): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const reset = () => {
    current = lazy(() =>
      withRetries(load).catch((error: unknown) => {
        failedLoads.add(reset);
        throw error;
      }),
    );
  };
  reset();
  function LazyPage(props: P) {
    const Page = current as unknown as ComponentType<P>;
    return <Page {...props} />;
  }
  return LazyPage;
}

/** Makes every lazily loaded piece whose load failed try again when next rendered. */
export function retryFailedChunks(): void {
  const resets = [...failedLoads];
  failedLoads.clear();
  for (const reset of resets) reset();
}
