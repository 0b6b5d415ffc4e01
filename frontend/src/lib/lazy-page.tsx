import { lazy, useState } from 'react';
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

/** A page whose code loads when it is first drawn, or earlier when asked to (`preload`). */
export type LazyPage<P extends object> = ComponentType<P> & {
  /**
   * Starts loading the page's code now, before it is opened; settles when it has come or failed
   * to (never rejects: a failure is left for the page's opening to meet, and retry).
   */
  preload: () => Promise<void>;
  /** Whether the page's code has come (it is then drawn at once). */
  isLoaded: () => boolean;
};

/** Whether `value` is a page made by lazyPage (which can be preloaded). */
export function isLazyPage(value: unknown): value is LazyPage<object> {
  return (
    typeof value === 'function' && typeof (value as { preload?: unknown }).preload === 'function'
  );
}

/**
 * React.lazy remembers a failed load for good; this one is retried a few times and, when it
 * still fails, is made afresh by retryFailedChunks() (the error boundary's Retry button).
 * A page whose code has arrived (preloaded, or drawn before) is drawn at once: React.lazy would
 * suspend on its first drawing even then, show the fallback, and reveal the page only when its
 * throttle of revealed content allows (about 300 ms later in React 19).
 */
export function lazyPage<P extends object>(load: () => Promise<Module<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const start = () =>
    (loading ??= withRetries(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  let current: LazyExoticComponent<ComponentType<P>>;
  const reset = () => {
    current = lazy(() =>
      start().catch((error: unknown) => {
        failedLoads.add(reset);
        throw error;
      }),
    );
  };
  reset();
  function LazyPage(props: P) {
    // Chosen once for each time the page is drawn anew: switching from the lazy element to the
    // loaded one would draw it again from scratch, losing its state.
    const [Page] = useState(() => loaded ?? (current as unknown as ComponentType<P>));
    return <Page {...props} />;
  }
  LazyPage.isLoaded = () => loaded !== undefined;
  LazyPage.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return LazyPage;
}

/** Makes every lazily loaded piece whose load failed try again when next rendered. */
export function retryFailedChunks(): void {
  const resets = [...failedLoads];
  failedLoads.clear();
  for (const reset of resets) reset();
}
