/**
 * Makes the door page open without a network next time: registers its service worker
 * (public/door-sw.js, scope /admin/door) and hands it the page and the files this visit
 * loaded, which were fetched before the worker was there to keep them.
 */
export async function keepDoorPageOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register('/door-sw.js', { scope: '/admin/door' });
    const registration = await navigator.serviceWorker.ready;
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.startsWith('/assets/'));
    registration.active?.postMessage({ type: 'keep', urls: ['/admin/door', ...loaded] });
  } catch {
    // Without a worker the page still works offline once open; it only cannot be reopened.
  }
}
