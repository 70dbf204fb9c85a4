/* ESTRO Rules — the service worker: the whole site and its Python runtime, usable with no network,
 * and updates that arrive whole.
 *
 * The engine client (assets/estro/engine.js) registers it after someone has used a widget, never
 * for plain reading. Its scope is the site root (this file is served from there).
 *
 * ONE BUILD, WHOLE. The site build writes the BUILD line below
 * (scripts/sitegen/offline.py): the build's ID (a hash of everything it ships), its date, and
 * every file with its SHA-256 and size. A new build is a new sw.js, so the browser installs a new
 * service worker. Installing:
 *   - checks first that the browser has room for the new copy beside the old one; without room it
 *     stores nothing, remembers so ("estro-state" cache), tells the open pages, and fails;
 *   - takes each file that an older build's cache holds with the same hash from there, and fetches
 *     the others with `cache: "no-cache"` (revalidated with the server: never a stale copy from the
 *     browser's HTTP cache, whatever Cache-Control the host sends);
 *   - checks every file against its SHA-256, fetching it once more with `cache: "reload"` on a
 *     mismatch; a file that still differs (a half-done deploy: the server holds files of another
 *     build) fails the install, and the partial cache is deleted.
 * Until a new build is complete, the old service worker goes on serving the old build whole; the
 * browser tries the new one again at the next visit. Once complete, it takes over at once (skipWaiting:
 * Chromium lets the old worker finish what it is doing first; see HANDING OVER below), deletes
 * the older caches and any stored engine snapshot of another runtime, and tells the open pages (the
 * engine client shows "Rules updated: reload").
 *
 * SERVING.
 *   - Pages (a navigation, or instant navigation's fetch of a page's URL): from the network first,
 *     revalidated (`no-cache`), the cache when there is no network. A page of another build than
 *     this one is shown only when this service worker cannot store that build (no room): otherwise
 *     this build's own page is shown, whole, and the browser is asked to look for the new service
 *     worker, which takes over as soon as it holds the new build complete.
 *   - Other files: from the cache when it holds them. A URL may name the content it wants
 *     (`engine.js?v=<hash>`): it is served from the cache only when the hashes agree, else from the
 *     network. A request with the header X-Estro-Fresh (the worker re-fetching a file whose hash
 *     was wrong) goes to the network. (Not the request's cache mode: a browser with its cache
 *     disabled, as under developer tools or test automation, sends every request uncached.) Every response from the cache carries
 *     `X-Estro-Sha256`, the hash checked when it was stored, so the worker need not hash it again.
 *
 * HANDING OVER. Chromium activates a waiting worker that called skipWaiting() once the old one has no
 * work: it asks the old worker to stop as soon as it is idle. If a page's request starts the old worker
 * again just then, Chromium waits for the next time it stops when idle: 30 s later, or, while DevTools
 * is attached (as under test automation), only at its five-minute bound. So the old worker, once a
 * newer one waits and it has had QUIET_MS without a request, tells the newer one, which calls
 * skipWaiting() once more: the old worker is asked again to stop, now that nothing is using it.
 *
 * MESSAGES. A page may post {type: "estro-state"}; the answer, and what is posted to every page
 * when a build takes over, is
 *   {type: "estro-state", build, date, version, noRoom: {build, date, why} | null}
 * (noRoom: a newer build that this browser has no room to store). A service worker that cannot
 * store its build posts {type: "estro-no-room", build, date, why} to every page.
 *
 * Under `mkdocs serve` (BUILD.dev) it only removes itself and its caches, so live editing is never
 * served from a stale cache.
 */
const BUILD = {"build":"dev","version":"dev","date":null,"dev":true,"files":{}}; // written by scripts/sitegen/offline.py
const PREFIX = "estro-site-";
const CACHE = PREFIX + BUILD.version;
const STATE = "estro-state"; // a small cache kept across builds: what could not be stored
const NO_ROOM = "no-room";
const SCOPE = new URL("./", self.location.href);
const SHA_HEADER = "X-Estro-Sha256";
const FRESH_HEADER = "X-Estro-Fresh";
/* Downloads at once while installing: fewer than a browser's six connections to one HTTP/1.1 host, so
 * that a page the player opens meanwhile never queues behind the new build's downloads. */
const PARALLEL = 4;
const PAGE_BUILD = /<meta name="estro-build" content="([^"]*)"/;

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
const sha256 = async (bytes) => hex(await crypto.subtle.digest("SHA-256", bytes));

/* The URL a site file is stored under, and the site file a request names (null: not one of ours). */
const keyOf = (file) => new URL(file, SCOPE).href;
function fileOf(url) {
  const plain = new URL(url);
  plain.search = plain.hash = "";
  const relative = plain.href.startsWith(SCOPE.href) ? plain.href.slice(SCOPE.href.length) : null;
  if (relative === null) return null;
  const name = relative === "" ? "./" : relative;
  return name in BUILD.files ? name : relative.endsWith(".html") || relative.endsWith("/") || relative === "" ? name : null;
}
const isPage = (name) => name === "./" || name.endsWith("/") || name.endsWith(".html");

/* ---------- what could not be stored ---------- */

/* Kept in memory too: right after a refused write, the browser may not count the freed space yet,
 * so the record itself can be refused (the service worker that failed tells the active one, which
 * keeps it and tries to store it again later). */
let noRoomMemory = null;

async function readNoRoom() {
  if (noRoomMemory) {
    if (!(await caches.has(STATE))) await writeNoRoom(noRoomMemory); // stored at last, if there is room now
    return noRoomMemory;
  }
  if (!(await caches.has(STATE))) return null;
  const hit = await (await caches.open(STATE)).match(NO_ROOM);
  return hit ? hit.json() : null;
}

async function writeNoRoom(value) {
  noRoomMemory = value;
  if (!value) return caches.delete(STATE);
  try {
    await (await caches.open(STATE)).put(NO_ROOM, new Response(JSON.stringify(value)));
  } catch {
    await caches.delete(STATE); // not even room for this: kept in memory, and the pages are told anyway
  }
}

/* The space this browser gives the site now, in bytes (what it reports: a hint, checked by writing). */
async function freeSpace() {
  if (!navigator.storage || !navigator.storage.estimate) return Infinity;
  const {quota, usage} = await navigator.storage.estimate();
  return quota - usage;
}

async function stateMessage() {
  return {type: "estro-state", build: BUILD.build, date: BUILD.date, version: BUILD.version, noRoom: await readNoRoom()};
}

async function tellPages(message) {
  for (const client of await self.clients.matchAll({type: "window", includeUncontrolled: true})) client.postMessage(message);
}

/* ---------- installing: every file, checked, or nothing ---------- */

/* `free`: the space the browser offered when the install began, before it wrote anything (what a next
 * try compares with: read after the failure, the estimate may not yet count the space just freed). */
class NoRoom extends Error {
  name = "NoRoom";
  constructor(message, free) {
    super(message);
    this.free = free;
  }
}

/* A response from an older build's cache with the same content, or null. */
async function fromOlderCache(names, key, hash) {
  for (const name of names) {
    const hit = await (await caches.open(name)).match(key);
    if (hit && hit.headers.get(SHA_HEADER) === hash) return hit;
  }
  return null;
}

/* The file fetched and checked against its hash, as a response to store (with its hash in a header). */
async function fetchChecked(file, hash) {
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(keyOf(file), {cache: mode, credentials: "same-origin"});
    if (!response.ok) throw new Error(`${file}: ${response.status}`);
    const body = await response.arrayBuffer();
    if ((await sha256(body)) !== hash) continue; // a stale copy, or another build's file: once more from the server
    const headers = new Headers(response.headers);
    for (const name of ["Content-Encoding", "Content-Length", "Transfer-Encoding"]) headers.delete(name);
    headers.set(SHA_HEADER, hash);
    return new Response(body, {status: 200, statusText: "OK", headers});
  }
  throw new Error(`${file} is not this build's (the server holds another version: a deploy under way?)`);
}

/* Whether a cache holds every file of this build, each with its hash. */
async function complete(name) {
  if (!(await caches.has(name))) return false;
  const cache = await caches.open(name);
  for (const [file, hash] of Object.entries(BUILD.files)) {
    const hit = await cache.match(keyOf(file));
    if (!hit || hit.headers.get(SHA_HEADER) !== hash) return false;
  }
  return true;
}

/* Once this build found no room, it is not downloaded again at every visit: only after an hour, or
 * once the browser reports more free space than then. */
const RETRY_MS = 3600 * 1000;

async function install() {
  if (await complete(CACHE)) return; // this very build is in place already (the same sw.js registered again)
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  const files = Object.entries(BUILD.files);
  // Room: everything this build stores, beside the old build (kept until this one is complete).
  const needed = files.reduce((sum, [file]) => sum + (BUILD.bytes[file] || 0), 0);
  const free = await freeSpace();
  const before = await readNoRoom();
  if (before && before.build === BUILD.build && Date.now() - before.at < RETRY_MS && free <= before.free + 1e7) {
    throw new NoRoom(before.why, before.free);
  }
  if (free < needed * 1.05 + 1e6) throw new NoRoom(`${Math.round(needed / 1e6)} MB needed, ${Math.round(free / 1e6)} MB free`, free);
  await caches.delete(CACHE); // what an interrupted install may have left
  const cache = await caches.open(CACHE);
  let next = 0;
  let failed = false; // once one file fails, the install has failed: no more downloads
  const worker = async () => {
    while (next < files.length && !failed) {
      const [file, hash] = files[next++];
      const key = keyOf(file);
      try {
        const response = (await fromOlderCache(older, key, hash)) || (await fetchChecked(file, hash));
        if (!failed) await cache.put(key, response);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  try {
    await Promise.all(Array.from({length: PARALLEL}, worker));
  } catch (err) {
    await caches.delete(CACHE); // never a partial build
    if (err && err.name === "QuotaExceededError") throw new NoRoom(err.message, free);
    throw err;
  }
}

self.addEventListener("install", (event) => {
  if (BUILD.dev) {
    self.skipWaiting();
    return;
  }
  event.waitUntil(
    install().then(
      () => self.skipWaiting(), // complete: take over at once
      async (err) => {
        if (err instanceof NoRoom) {
          const noRoom = {build: BUILD.build, date: BUILD.date, why: err.message, at: Date.now(), free: err.free};
          await writeNoRoom(noRoom);
          if (self.registration.active) self.registration.active.postMessage({type: "estro-no-room", ...noRoom});
          await tellPages({type: "estro-no-room", ...noRoom});
        }
        throw err; // the install fails: the old service worker goes on serving the old build whole
      },
    ),
  );
});

/* ---------- taking over ---------- */

/* A stored engine snapshot made for another runtime is of no use to this build: delete it. */
async function deleteOldSnapshots() {
  if (!BUILD.snapshot_key) return;
  try {
    const root = await navigator.storage.getDirectory();
    const file = await (await root.getFileHandle("estro-engine.snapshot")).getFile();
    const key = new TextDecoder().decode(new Uint8Array(await file.slice(16, 80).arrayBuffer()));
    if (key !== BUILD.snapshot_key) await root.removeEntry("estro-engine.snapshot");
  } catch {
    // none kept in OPFS
  }
  const databases = self.indexedDB && indexedDB.databases ? await indexedDB.databases().catch(() => []) : [];
  if (!databases.some((d) => d.name === "estro-snapshot")) return; // opening it would create it
  await new Promise((resolve) => {
    const open = indexedDB.open("estro-snapshot");
    open.onerror = () => resolve();
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains("snapshot")) {
        db.close();
        return resolve();
      }
      const store = db.transaction("snapshot", "readwrite").objectStore("snapshot");
      const get = store.get("engine");
      get.onsuccess = () => {
        if (get.result && get.result.key !== BUILD.snapshot_key) store.delete("engine");
      };
      store.transaction.oncomplete = store.transaction.onerror = () => {
        db.close();
        resolve();
      };
    };
  });
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      if (BUILD.dev) {
        await caches.delete(CACHE);
        await caches.delete(STATE);
        await self.registration.unregister();
        return;
      }
      await writeNoRoom(null);
      await deleteOldSnapshots();
      await self.clients.claim();
      await tellPages(await stateMessage());
    })(),
  );
});

/* ---------- handing over to a newer build (see HANDING OVER above) ---------- */

const QUIET_MS = 1000;
let busy = 0; // requests this worker is answering
let quiet = null; // the timer that hands over once nothing has been asked for QUIET_MS
let handedTo = null; // the waiting worker told already (its skipWaiting counts once)

/* `installed`: a newer worker that has just installed (the registration may not list it as waiting yet). */
function handOverWhenQuiet(installed = null) {
  clearTimeout(quiet);
  const waiting = self.registration.waiting || installed;
  if (BUILD.dev || !waiting || waiting.state !== "installed" || waiting === handedTo) return;
  if (self.registration.active !== self.serviceWorker) return; // only the old, active worker hands over
  quiet = setTimeout(() => {
    if (busy || waiting.state !== "installed") return;
    handedTo = waiting; // Chromium asks the old worker again only at a waiting worker's first skipWaiting()
    waiting.postMessage({type: "estro-take-over"});
  }, QUIET_MS);
}

self.registration.addEventListener("updatefound", () => {
  const installing = self.registration.installing;
  if (installing) installing.addEventListener("statechange", () => handOverWhenQuiet(installing));
});

/* ---------- serving ---------- */

async function cached(file) {
  return (await caches.open(CACHE)).match(keyOf(file), {ignoreVary: true});
}

async function page(request, file) {
  let response;
  try {
    response = await fetch(request.url, {cache: "no-cache", credentials: "same-origin"});
  } catch (offline) {
    return (await cached(file)) || Response.error();
  }
  if (!response.ok || !(response.headers.get("Content-Type") || "").includes("text/html")) {
    return response.status === 404 ? response : (await cached(file)) || response;
  }
  const text = await response.text();
  const found = text.match(PAGE_BUILD);
  const build = found ? found[1] : null;
  const headers = new Headers(response.headers);
  for (const name of ["Content-Encoding", "Content-Length", "Transfer-Encoding"]) headers.delete(name); // the text is decoded
  const fresh = () => new Response(text, {status: response.status, statusText: response.statusText, headers});
  if (build === null || build === BUILD.build) return fresh();
  // Another build's page. Shown only where this service worker cannot store that build; otherwise
  // this build's own page, whole, until the new service worker holds the new build complete.
  const noRoom = await readNoRoom();
  if (noRoom && noRoom.build === build) return fresh();
  self.registration.update().catch(() => {});
  return (await cached(file)) || fresh();
}

async function asset(request, file) {
  const wanted = new URL(request.url).searchParams.get("v");
  const fresh = request.headers.has(FRESH_HEADER); // the worker wants the server's copy (its hash was wrong)
  if (!fresh && file in BUILD.files && (!wanted || BUILD.files[file].startsWith(wanted))) {
    const hit = await cached(file);
    if (hit) return hit;
  }
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (BUILD.dev || request.method !== "GET") return;
  const file = fileOf(request.url);
  if (file === null) return;
  busy += 1; // a hand-over timer that fires meanwhile sees it and waits for the next quiet moment
  const answer = request.mode === "navigate" || isPage(file) ? page(request, file) : asset(request, file);
  event.respondWith(answer);
  const done = () => {
    busy -= 1;
    if (!busy) handOverWhenQuiet();
  };
  answer.then(done, done);
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "estro-take-over") {
    self.skipWaiting(); // from the old worker, now quiet: ask again to take over
  } else if (event.data && event.data.type === "estro-state" && event.source) {
    event.waitUntil(stateMessage().then((message) => event.source.postMessage(message)));
    if (!busy) handOverWhenQuiet(); // a page's question can wake the old worker too
  } else if (event.data && event.data.type === "estro-no-room" && event.data.build !== BUILD.build) {
    const {type, ...noRoom} = event.data; // from the service worker of a newer build that found no room
    event.waitUntil(writeNoRoom(noRoom));
  }
});
