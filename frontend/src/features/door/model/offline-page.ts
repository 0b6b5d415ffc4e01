/** Whether this page already hands its files to a new worker that takes over. */
let handingOverToNewWorkers = false;

/**
 * Makes the door page open without a network next time: registers its service worker
 * (public/door-sw.js, scope /admin/door), which fetches the page and the build's door files as
 * it installs, and hands it the files this visit loaded besides (its language's messages),
 * fetched before the worker was there to keep them. A new build's worker that takes over while
 * the page is open is handed them again: it keeps its files in a cache of its own.
 */
export async function keepDoorPageOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register('/door-sw.js', { scope: '/admin/door' });
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage(keepMessage());
    if (!handingOverToNewWorkers) {
      handingOverToNewWorkers = true;
      navigator.serviceWorker.addEventListener('controllerchange', () => {
        navigator.serviceWorker.controller?.postMessage(keepMessage());
      });
    }
  } catch {
    // Without a worker the page still works offline once open; it only cannot be reopened.
  }
}

function keepMessage(): { type: 'keep'; urls: string[] } {
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => new URL(name).pathname.startsWith('/assets/'));
  return { type: 'keep', urls: ['/admin/door', ...loaded] };
}
