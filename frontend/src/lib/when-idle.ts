/**
 * Runs `task` when the browser has nothing else to do (at the latest after `timeoutMs`), for
 * work that must not compete with a page's first paint, such as fetching the code of what the
 * page will open next. Answers a cancel, for an effect's cleanup.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 1);
    return () => clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  return () => window.cancelIdleCallback(idle);
}
