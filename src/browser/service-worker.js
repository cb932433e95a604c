/* global self, caches, fetch, URL, VERSION, PRECACHE, ON_DEMAND */
/**
 * Fourfold's service worker. vite.config.ts (the `fourfold-offline` plugin) prepends
 *   const VERSION = '…';   // changes whenever any shipped file changes
 *   const PRECACHE = [...]; // every file of the app, relative to this script
 *   const ON_DEMAND = [...]; // grammars fetched only for a repository in their language
 * and writes the result as dist/sw.js.
 *
 * Install: every file is fetched into a cache named after VERSION (the app shell, the
 * workers, the tree-sitter and ONNX Runtime wasm, the local model and the demo index), so
 * after one visit the app works with the network off. A file that cannot be fetched then is
 * kept the first time the app fetches it (only the page itself must be there); without room
 * for the whole app, nothing is kept. Activate: older caches are deleted.
 * The ON_DEMAND files are not fetched at install: each is kept the first time the app fetches
 * it, so a visit pays only for the grammars of the languages its repositories hold.
 * Fetch: same-origin GETs are answered from the cache first; page navigations (any ?query)
 * get the cached index.html; everything else goes to the network as usual — a Voyage or git
 * request is never cached.
 */
const CACHE = `fourfold-${VERSION}`;
const SCOPE = new URL('./', self.location.href);
const SHELL = new URL('./', SCOPE).href;
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, SCOPE).href));
const KEPT_ON_FIRST_FETCH = new Set(ON_DEMAND.map((path) => new URL(path, SCOPE).href));

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `cache: 'reload'` bypasses the HTTP cache: the files stored are the server's current ones.
      const keep = (urls) => cache.addAll(urls.map((url) => new Request(url, { cache: 'reload' })));
      try {
        await keep([...PRECACHED]);
      } catch (error) {
        // No room: nothing is kept (the repositories' indexes need the room more).
        if (error?.name === 'QuotaExceededError') throw error;
        // A file could not be fetched (a dropped connection, a blocked model file): the others are
        // kept, the missed ones the first time the app fetches them. Failing the whole install
        // left no offline copy at all, and every visit fetched every file again.
        const reachable = await Promise.all(
          [...PRECACHED].map((url) =>
            fetch(url, { method: 'HEAD', cache: 'reload' }).then(
              (response) => (response.ok ? url : null),
              () => null,
            ),
          ),
        );
        const kept = reachable.filter((url) => url !== null);
        if (!kept.includes(SHELL)) throw error;
        await keep(kept);
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('fourfold-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.href.startsWith(SCOPE.href)) return;
  const key = request.mode === 'navigate' ? SHELL : url.origin + url.pathname;
  if (!PRECACHED.has(key) && !KEPT_ON_FIRST_FETCH.has(key)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(key);
      if (hit) return hit;
      // Missed at install (it could not be fetched then), or on demand: kept now, whole responses only.
      const response = await fetch(request);
      if (response.status === 200) event.waitUntil(cache.put(key, response.clone()).catch(() => undefined));
      return response;
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'fourfold:version')
    event.source?.postMessage({ type: 'fourfold:version', version: VERSION, files: PRECACHE.length });
});
