/* ESTRO Rules — the service worker: the whole site and its Python runtime, usable with no network.
 *
 * The engine client (assets/estro/engine.js) registers it after someone has
 * used a widget, never for plain reading. Its scope is the site root (this
 * file is served from there). On install it stores every file of this build —
 * pages, theme, search index, Pyodide, the engine — in one cache named after
 * the build; most of them come from the browser's HTTP cache, which the first
 * use has just filled. It then answers every request for those files from that
 * cache (a page link's query string, such as a shared scenario, is ignored for
 * pages), and anything else from the network.
 *
 * Updates: each build writes its own version and file list below, so a new
 * build is a new service worker; it takes over at once and deletes the caches
 * of older builds. Under `mkdocs serve` (BUILD.dev) it only removes itself and
 * its caches, so live editing is never served from a stale cache.
 */
const BUILD = {"version": "dev", "dev": true, "files": []}; // written by scripts/sitegen/offline.py
const PREFIX = "estro-site-";
const CACHE = PREFIX + BUILD.version;
const SCOPE = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  self.skipWaiting();
  if (BUILD.dev) return;
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(BUILD.files.map((f) => new URL(f, SCOPE).href))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      if (BUILD.dev) {
        await caches.delete(CACHE);
        await self.registration.unregister();
        return;
      }
      await self.clients.claim();
    })(),
  );
});

async function answer(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, {ignoreSearch: request.mode === "navigate", ignoreVary: true});
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (BUILD.dev || request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith(answer(request));
});
