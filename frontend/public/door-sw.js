/*
 * The door page's service worker (scope /admin/door only): it lets the door page open with no
 * network, from the copy of the page and of its code kept the last time it opened. The page
 * is asked for over the network first, so a new build is seen as soon as there is one; the
 * build's files (/assets/, named by their content) from the cache first. The API is never
 * cached here: the page keeps its door list itself.
 *
 * The build writes VERSION and FILES below (vite.config.ts, doorPageOffline): the door page's
 * code, its lazily loaded parts included (the QR reader, the signature check), fetched when
 * this worker installs, so the page works offline in full even where this visit never loaded
 * a part. A new build is a new worker with a new cache; once it takes over, the caches of
 * earlier builds are deleted, so a phone keeps one build's files, not every build's.
 */
const VERSION = 'dev';
const FILES = [];
const CACHE = `door-page-${VERSION}`;
const PAGE = '/admin/door';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([PAGE, ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('door-page-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function keep(request, response) {
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => keep(PAGE, response))
        .catch(async () => (await caches.match(PAGE)) ?? Response.error()),
    );
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches
        .match(request)
        .then((kept) => kept ?? fetch(request).then((response) => keep(request, response))),
    );
  }
});

// The files the page loaded before this worker controlled it, sent by the page to keep.
self.addEventListener('message', (event) => {
  const urls = event.data && event.data.type === 'keep' ? event.data.urls : null;
  if (!Array.isArray(urls)) return;
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        urls
          .filter((href) => typeof href === 'string')
          .map((href) => new URL(href, self.location.origin))
          .filter(
            (url) =>
              url.origin === self.location.origin &&
              (url.pathname === PAGE || url.pathname.startsWith('/assets/')),
          )
          .map((url) => cache.match(url.pathname).then((kept) => kept ?? cache.add(url.pathname))),
      ),
    ),
  );
});
