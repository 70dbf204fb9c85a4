/* ESTRO Rules — the Web Worker that runs the rules engine in Pyodide (a module worker: Pyodide needs one).
 *
 * One worker (one Python) serves every widget of every page: the page keeps it
 * across instant navigations. Only strings cross into Python: scenario text in,
 * JSON text out (estro_rules.web). The page side is assets/estro/engine.js.
 *
 * START-UP. The worker reads assets/estro/runtime.json (written by the site
 * build: the files, their sizes and SHA-256) and starts Python the first way that works:
 *  1. from the snapshot an earlier visit made and kept in the origin private file
 *     system (OPFS), read at the worker's first moment through a synchronous access
 *     handle (or in IndexedDB, where a browser has no OPFS for a worker). It is used only when its key (a hash of every runtime file) matches this
 *     build's; on a mismatch or failure the worker deletes it and the page has a fresh
 *     one made.
 *  2. from the snapshot the site ships (assets/pyodide/estro-engine.snapshot, made when
 *     the site is built: scripts/pyodide_snapshot.mjs), fetched from the worker's first
 *     moment on a first visit — unless Save-Data is on, which asks for fewer bytes.
 *  3. normally: Pyodide boots from the boot library (the standard-library modules a
 *     start and the engine import, as bytecode), then imports the engine's zip of
 *     bytecode, written into Pyodide's file system and put on sys.path.
 * A restored Python never reads the boot library (the snapshot imported all of it), so
 * it is not downloaded then. Snapshots use Pyodide's private API (loadPyodide's
 * _makeSnapshot and _loadSnapshot, makeMemorySnapshot) of the exact version pinned in
 * package.json (314.0.7); Pyodide itself refuses a snapshot of another build. Files
 * written before a snapshot are gone after a restore, so the engine's zip is written
 * again. The snapshot made under Node restores in the browser because the engine holds
 * no JavaScript object; a restored engine must answer one scenario before it is used.
 *
 * After a first use the page starts a second worker named "estro-snapshot": it boots a
 * fresh Python as a normal start, makes it ready, saves its snapshot (OPFS, else IndexedDB), then keeps
 * that engine busy for a few seconds (see WARM_MS) so that the browser keeps optimised
 * code for the next visit, and closes. The instance that made a snapshot must not be used
 * for anything that matters afterwards: this one is only warmed, then closed.
 *
 * ONE BUILD. The page starts this worker as worker.js?v=…&build=ID&runtime=SHA: the build the page
 * is of, and the SHA-256 of that build's runtime.json. The worker loads runtime.json (its URL names
 * its hash, so no cache can hand over another version) and checks it against both, then checks
 * every runtime file it loads against the SHA-256 runtime.json lists: pyodide.asm.wasm, the boot and
 * the whole standard library, the engine, the shipped snapshot, and Pyodide's two scripts (those are
 * imported by URL: the check fetches the same URL again once imported, from the browser's cache,
 * and holds the start until it agrees). A response from the service worker carries the hash it
 * checked when it stored the file (X-Estro-Sha256), and is not hashed again. A file that differs is
 * fetched once more past every cache (`cache: "reload"`, and X-Estro-Fresh for the service worker): a stale copy, say from a host that sends
 * `max-age`, is replaced. If it still differs the server holds another build's file (a deploy under
 * way): the start fails with {type: "failed", updated: true} and the page says "Rules updated:
 * reload" rather than show another build's results. A shipped snapshot that differs is not restored
 * at all: Python starts normally (and stages.shipped says why).
 *
 * The page adds flags to this worker's name: ":local" when its service worker serves the
 * page (the runtime comes from that cache: no download to count, no progress to show,
 * and a stored snapshot is expected), ":save-data" with Save-Data on ("estro-engine" alone
 * otherwise).
 *
 * JOB PROTOCOL. Every request is a job (estro_rules.web.Job) run in time
 * slices: the worker steps one job at a time for at most about 0.1 s and goes
 * back to its event loop between steps, so a new request or a "cancel" gets in
 * while a long estimate runs. New jobs are stepped first (an ordinary
 * scenario is done in one step), then running jobs take turns.
 *
 * The worker starts Python as soon as it is created: the page creates it only
 * when a reader shows they are about to use a widget, or uses one.
 *
 * Messages in:  {type: "run", id, text, base}       a job; one "result" when it ends
 *               {type: "simulate", id, text, base}  a job; a "progress" after every step
 *               {type: "cancel", id}                end that job now (its final reply says cancelled)
 * Messages out: {type: "loading", stage, loaded, total}  stage "download" (bytes, as the server
 *                                                        sends them) or "engine"
 *               {type: "ready", seconds, from, snapshot, store, stages, offline}
 *                     from: "snapshot" (the stored copy), "shipped" (the site's snapshot)
 *                     or "start"; snapshot: what became of the stored copy ("restored",
 *                     "missing", "stale", "failed: why", "unavailable: why" where the
 *                     browser keeps nothing for the site); store: where it is kept
 *                     ("opfs", "indexeddb", or null: nowhere); stages: seconds per stage
 *                     (and "shipped": "failed: why" if the site's snapshot failed;
 *                     "webassembly" and "stored": when the WebAssembly was compiled and
 *                     the stored snapshot read, in seconds since the worker began);
 *                     offline: whether the site has a service worker to register
 *               {type: "result", id, reply}      reply = {ok, done, result, html} or {ok: false, done, error},
 *                                                plus cancelled: true when it was cancelled
 *               {type: "progress", id, reply, done, cancelled}  reply adds completed and total
 *               {type: "failed", id, error}      Python could not start (one without an id
 *                                                says so for the worker: the page starts a new one)
 *               {type: "snapshot", state, store, bytes, seconds}  (the "estro-snapshot" worker only)
 *                     state: "stored" or "skipped: why"; store as for "ready"
 *               {type: "warmed", seconds}  (the "estro-snapshot" worker, after "stored", just
 *                     before it closes: the next visit's compiled code is kept; see WARM_MS)
 */
const ASSETS = new URL("../", self.location.href); // the site's assets/ folder
const SITE = new URL("../", ASSETS);
const SNAPSHOT_ROLE = self.name === "estro-snapshot";
const FLAGS = new Set(self.name.split(":").slice(1)); // set by the page: see the top of this file
const LOCAL = SNAPSHOT_ROLE || FLAGS.has("local"); // the runtime comes from the service worker's cache
const SAVE_DATA = FLAGS.has("save-data"); // download the fewest bytes: the boot library, not the snapshot

const PARAMS = new URL(self.location.href).searchParams;
const EXPECTED_BUILD = PARAMS.get("build"); // the page's build (null: not checked, as under mkdocs serve)
const EXPECTED_RUNTIME = PARAMS.get("runtime"); // the SHA-256 of that build's runtime.json
const SHA_HEADER = "X-Estro-Sha256"; // set by the service worker on what it serves from its cache
const FRESH_HEADER = "X-Estro-Fresh"; // asks the service worker for the server's copy

/* The runtime is not the page's build: the page says "Rules updated: reload". */
class Updated extends Error {
  name = "Updated";
}

let runtime = null; // {pyodide, web}
let starting = null;
const waiting = []; // requests that arrived before Python was ready
const jobs = new Map(); // id -> {id, type, job (a PyProxy of web.Job)}
const fresh = []; // ids of jobs not stepped yet (first come, first served)
const turns = []; // ids of running jobs, taking turns
let looping = false;

function post(message) {
  self.postMessage(message);
}

// The runtime's parts are fetched and compiled in parallel from the start.
// The WebAssembly (9.6 MB) is compiled from the first moment, while pyodide.asm.mjs
// still loads: Pyodide itself would ask for it only once that script has run, about
// 0.1-0.2 s later. A copy of the response is read by the progress count (not on a
// local start: nothing to count, and the copy would cost the worker's thread time).
const WASM_URL = new URL("pyodide/pyodide.asm.wasm", ASSETS).href;
const realFetch = self.fetch.bind(self);
const manifestPromise = runtimeManifest(); // runtime.json, checked (see "one build" below)
let counter = null; // (url, a copy of its response) => void: the download count, once start() has set it
const uncounted = []; // [url, download] begun before start() had set it

/* Have the progress count read this download's copy (a promise of {copy}), now or once it can. */
function track(url, download) {
  if (LOCAL) return download;
  if (counter) download.then(({copy}) => copy && counter(url, copy), () => {});
  else uncounted.push([url, download]);
  return download;
}

const wasmFetch = track(
  WASM_URL,
  realFetch(WASM_URL).then((response) => ({
    response,
    copy: LOCAL ? null : response.clone(),
    sha: response.headers.get(SHA_HEADER),
    check: response.clone(), // read for its hash, unless the service worker checked it
  })),
);
const wasmModule = checkedWasm(wasmFetch.then(({response}) => WebAssembly.compileStreaming(response)));
let wasmCompiledAt = null; // performance.now() when the WebAssembly was compiled (a stage timing)
wasmModule.then(() => (wasmCompiledAt = performance.now()), () => {});

/* Pyodide fetches the WebAssembly itself and hands the response to
 * WebAssembly.instantiateStreaming. In this worker its fetch of that URL gets a
 * stand-in (see self.fetch below), and instantiating the stand-in instantiates the
 * module compiled above; should that compile have failed, the file is fetched and
 * instantiated as Pyodide would have. */
const WASM_STAND_IN = new Response(null);

/* Fetch a runtime file and read it whole (a Uint8Array), with a copy of the response for the
 * progress count unless the start is local. */
function fetchWhole(url) {
  const fetched = realFetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`could not download ${url.split("/").pop()} (${response.status})`);
    const copy = LOCAL ? null : response.clone();
    return {bytes: new Uint8Array(await response.arrayBuffer()), copy, sha: response.headers.get(SHA_HEADER)};
  });
  fetched.catch(() => {}); // reported where it is awaited
  return track(url, fetched);
}

/* The snapshot the site ships: a first visit restores it (see start()). Fetched from the first
 * moment unless the start is local (a stored copy is expected then) or Save-Data is on. */
const SHIPPED_URL = new URL("pyodide/estro-engine.snapshot", ASSETS).href;
let shippedFetch = LOCAL || SAVE_DATA ? null : fetchWhole(SHIPPED_URL);
const shippedSnapshot = () => (shippedFetch = shippedFetch || fetchWhole(SHIPPED_URL));

/* The boot library (Pyodide waits for it before Python boots). A restored Python never reads
 * it (every module in it is imported in the snapshot), so while a snapshot is restored
 * Pyodide's fetch of it gets an empty zip and nothing is downloaded; the whole library takes
 * its place when an import needs a module it lacks (see loadWholeStdlib). A normal start
 * fetches it; with Save-Data, where that is the likely start, from the first moment. */
const STDLIB_URL = new URL("pyodide/python_stdlib.zip", ASSETS).href;
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]); // the end record alone
let restoring = false; // a snapshot is being restored: the boot library is not needed
let stdlibFetch = SAVE_DATA && !LOCAL ? fetchWhole(STDLIB_URL) : null;

self.fetch = async (input, init) => {
  const url = new URL(String(input), SITE).href;
  if (url === WASM_URL) return WASM_STAND_IN; // compiled already
  if (url === STDLIB_URL && restoring) return new Response(EMPTY_ZIP);
  if (url === STDLIB_URL) {
    stdlibFetch = stdlibFetch || fetchWhole(STDLIB_URL);
    return new Response(await checked(await manifestPromise, STDLIB_URL, stdlibFetch));
  }
  const response = await realFetch(input, init);
  if (counter && response.body && response.ok) counter(url, response.clone());
  return response;
};
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  if ((await source) !== WASM_STAND_IN) return instantiateStreaming(source, imports);
  try {
    const module = await wasmModule;
    return {module, instance: await WebAssembly.instantiate(module, imports)};
  } catch (err) {
    if (err instanceof Updated) throw err; // never another build's WebAssembly
    return instantiateStreaming(realFetch(WASM_URL), imports);
  }
};

const PYODIDE_URL = new URL("pyodide/pyodide.mjs", ASSETS).href;
const ASM_URL = new URL("pyodide/pyodide.asm.mjs", ASSETS).href;
const pyodideModule = import(PYODIDE_URL);
const asmModule = import(ASM_URL);
// Once imported, each script is fetched again by the same URL (from the browser's cache) and checked.
const scriptsChecked = Promise.all([
  pyodideModule.then(() => checkScript(PYODIDE_URL)),
  asmModule.then(() => checkScript(ASM_URL)),
]);
manifestPromise.catch(() => {});
pyodideModule.catch(() => {});
asmModule.catch(() => {});
scriptsChecked.catch(() => {});
wasmModule.catch(() => {});

/* ---------- one build: every runtime file checked against its SHA-256 ---------- */

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
const sha256 = async (bytes) => hex(await crypto.subtle.digest("SHA-256", bytes));
const fileName = (url) => new URL(url).pathname.split("/").pop();

/* The SHA-256 runtime.json gives the file at `url` (null: none listed, so nothing to check). */
function expectedSha(manifest, url) {
  const path = new URL(url, SITE).pathname;
  const entry = Object.entries(manifest.files || {}).find(([dest]) => path.endsWith("/" + dest));
  if (entry) return entry[1].sha256;
  if (manifest.stdlib_whole && path.endsWith("/" + manifest.stdlib_whole.url)) return manifest.stdlib_whole.sha256;
  return null;
}

/* The bytes of a download ({bytes, sha}, or a promise of it) once they are the build's: a copy that
 * differs is fetched again past every cache; Updated if the server's copy differs too. */
async function checked(manifest, url, download) {
  const expected = expectedSha(manifest, url);
  const {bytes, sha} = await download;
  if (!expected || sha === expected || (await sha256(bytes)) === expected) return bytes;
  return fetchChecked(url, expected);
}

async function fetchChecked(url, expected) {
  const response = await realFetch(url, {cache: "reload", headers: {[FRESH_HEADER]: "1"}}); // past the service worker's cache too
  if (!response.ok) throw new Error(`could not download ${fileName(url)} (${response.status})`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if ((await sha256(bytes)) !== expected) {
    throw new Updated(`${fileName(url)} on the server is not this page's build (the site is being updated?)`);
  }
  return bytes;
}

/* runtime.json, checked against the hash and the build the page gave. */
async function runtimeManifest() {
  const url = new URL("estro/runtime.json", ASSETS);
  if (EXPECTED_RUNTIME) url.search = "?v=" + EXPECTED_RUNTIME.slice(0, 12); // names its content: no stale copy
  const response = await realFetch(url.href);
  if (!response.ok) throw new Error(`could not download the runtime description (${response.status})`);
  let bytes = new Uint8Array(await response.arrayBuffer());
  if (EXPECTED_RUNTIME && (await sha256(bytes)) !== EXPECTED_RUNTIME) bytes = await fetchChecked(url.href, EXPECTED_RUNTIME);
  const manifest = JSON.parse(new TextDecoder().decode(bytes));
  if (EXPECTED_BUILD && manifest.build !== EXPECTED_BUILD) throw new Updated("the runtime is not this page's build");
  return manifest;
}

/* The WebAssembly module, compiled as it streamed in, once its bytes are the build's; else compiled
 * from a copy fetched past every cache (or Updated). */
async function checkedWasm(compiled) {
  compiled.catch(() => {});
  const [{sha, check}, manifest] = await Promise.all([wasmFetch, manifestPromise]);
  const expected = expectedSha(manifest, WASM_URL);
  if (!expected || sha === expected) {
    check.body && check.body.cancel().catch(() => {});
    return compiled;
  }
  if ((await sha256(await check.arrayBuffer())) === expected) return compiled;
  return WebAssembly.compile(await fetchChecked(WASM_URL, expected));
}

/* A script imported by URL: fetched again (from the browser's cache) and checked. */
async function checkScript(url) {
  const manifest = await manifestPromise;
  const expected = expectedSha(manifest, url);
  if (!expected) return;
  const response = await realFetch(url);
  if (response.headers.get(SHA_HEADER) === expected) {
    if (response.body) response.body.cancel().catch(() => {});
    return;
  }
  if ((await sha256(await response.arrayBuffer())) !== expected) {
    throw new Updated(`${fileName(url)} is not this page's build (the site is being updated?)`);
  }
}

/* ---------- the stored snapshot: in the origin private file system, else IndexedDB ---------- */

/* Two stores with one shape: read() gives {key, bytes} or null when there is none,
 * write(key, bytes) gives the bytes written, remove() forgets it. The worker keeps its
 * snapshot in OPFS where this browser lets a worker read a file synchronously, and in
 * IndexedDB where it does not (a browser without synchronous access handles, or a
 * private window that keeps no files): see snapshotStore().
 *
 * Why OPFS first: IndexedDB handed its 30 MiB record to this worker through the
 * browser's blob machinery in 0.2-0.3 s, on the path every next visit waits for; a
 * synchronous access handle reads the whole file into place in about 20 ms. */
const PYODIDE_MAGIC = 1886286592; // the first 4 bytes of a Pyodide snapshot (little-endian)
const PAGE = 65536;
const INCOMPLETE = "the stored snapshot is incomplete";

/* OPFS: one file, a 128-byte header, then Pyodide's snapshot (its own header and the
 * whole 30 MiB WebAssembly heap). The header is MAGIC (16 ASCII bytes), the runtime's
 * key (64 ASCII hex digits), the snapshot's length (4 bytes, little-endian) and zeros.
 * Only the heap's 64 KiB pages that hold something are written (about half of them):
 * the rest stay holes of zeros. The header is written last, so a file left
 * half-written is never taken for a snapshot. */
const SNAPSHOT_FILE = "estro-engine.snapshot";
const MAGIC = "estro-snapshot/1";
const HEADER = 128;

function snapshotHeader(key, length) {
  const header = new Uint8Array(HEADER);
  const text = new TextEncoder();
  header.set(text.encode(MAGIC), 0);
  header.set(text.encode(key), 16);
  new DataView(header.buffer).setUint32(80, length, true);
  return header;
}

/* The stored key and the snapshot's length, from a file's first HEADER bytes and its size. */
function readHeader(header, fileSize) {
  const text = new TextDecoder();
  if (fileSize < HEADER || text.decode(header.subarray(0, 16)) !== MAGIC) throw new Error(INCOMPLETE);
  const length = new DataView(header.buffer, header.byteOffset, HEADER).getUint32(80, true);
  if (fileSize !== HEADER + length) throw new Error(INCOMPLETE);
  return {key: text.decode(header.subarray(16, 80)), length};
}

function holdsSomething(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return true;
  return false;
}

const opfsStore = {
  name: "opfs",
  root: null, // the site's OPFS directory, opened once by snapshotStore()

  async read() {
    let file;
    try {
      file = await this.root.getFileHandle(SNAPSHOT_FILE);
    } catch (err) {
      if (err && err.name === "NotFoundError") return null;
      throw err;
    }
    let handle = null;
    try {
      // Read-only handles may be open in several tabs at once (an older browser opens an exclusive one).
      handle = await file.createSyncAccessHandle({mode: "read-only"});
    } catch {
      // in use in another tab: read it as a file below
    }
    if (handle) {
      try {
        const header = new Uint8Array(HEADER);
        handle.read(header, {at: 0});
        const {key, length} = readHeader(header, handle.getSize());
        const bytes = new Uint8Array(length);
        if (handle.read(bytes, {at: HEADER}) !== length) throw new Error(INCOMPLETE);
        return {key, bytes};
      } finally {
        handle.close();
      }
    }
    const whole = new Uint8Array(await (await file.getFile()).arrayBuffer());
    const {key, length} = readHeader(whole.subarray(0, HEADER), whole.length);
    return {key, bytes: whole.subarray(HEADER, HEADER + length)};
  },

  async write(key, bytes) {
    const file = await this.root.getFileHandle(SNAPSHOT_FILE, {create: true});
    const handle = await file.createSyncAccessHandle();
    let written = 0;
    try {
      handle.truncate(0); // no header until the end: unreadable while it is written
      handle.truncate(HEADER + bytes.length);
      for (let start = 0; start < bytes.length; start += PAGE) {
        const end = Math.min(start + PAGE, bytes.length);
        if (holdsSomething(bytes, start, end)) written += handle.write(bytes.subarray(start, end), {at: HEADER + start});
      }
      handle.flush();
      handle.write(snapshotHeader(key, bytes.length), {at: 0});
      handle.flush();
    } finally {
      handle.close();
    }
    return written;
  },

  async remove() {
    await this.root.removeEntry(SNAPSHOT_FILE).catch(() => {});
  },
};

/* IndexedDB: database "estro-snapshot", object store "snapshot", one record "engine":
 * {magic: MAGIC, key, bytes} (bytes: the whole snapshot). One put() writes it whole or
 * not at all. */
const IDB_NAME = "estro-snapshot";
const IDB_STORE = "snapshot";
const IDB_RECORD = "engine";

const settled = (request) =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

async function openSnapshotDatabase() {
  const opening = indexedDB.open(IDB_NAME, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(IDB_STORE);
  return settled(opening);
}

/* Run `work(objectStore)` in one transaction; resolves with its request's result once committed. */
async function inSnapshotDatabase(mode, work) {
  const db = await openSnapshotDatabase();
  try {
    const transaction = db.transaction(IDB_STORE, mode);
    const result = settled(work(transaction.objectStore(IDB_STORE)));
    await new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = transaction.onabort = () => reject(transaction.error);
    });
    return await result;
  } finally {
    db.close();
  }
}

const idbStore = {
  name: "indexeddb",

  async read() {
    const record = await inSnapshotDatabase("readonly", (store) => store.get(IDB_RECORD));
    if (record === undefined) return null;
    if (!record || record.magic !== MAGIC || !(record.bytes instanceof Uint8Array)) throw new Error(INCOMPLETE);
    return {key: String(record.key), bytes: record.bytes};
  },

  async write(key, bytes) {
    await inSnapshotDatabase("readwrite", (store) => store.put({magic: MAGIC, key, bytes}, IDB_RECORD));
    return bytes.length;
  },

  async remove() {
    await inSnapshotDatabase("readwrite", (store) => store.delete(IDB_RECORD)).catch(() => {});
  },
};

/* This browser keeps no snapshot for the site: neither store is there for this worker. */
class NoStore extends Error {
  name = "NoStore";
}

/* The store this worker keeps its snapshot in (the same answer for the worker that reads
 * one and the worker that writes one): OPFS when its directory opens and a file can be read
 * synchronously, IndexedDB otherwise; NoStore when neither is there. */
let chosenStore = null;
function snapshotStore() {
  chosenStore =
    chosenStore ||
    (async () => {
      const storage = self.navigator.storage;
      const sync = self.FileSystemFileHandle && "createSyncAccessHandle" in FileSystemFileHandle.prototype;
      if (storage && storage.getDirectory && sync) {
        try {
          opfsStore.root = await storage.getDirectory(); // read() and write() use it: no second round trip
          return opfsStore;
        } catch {
          // a private window that keeps no files: try IndexedDB
        }
      }
      if (self.indexedDB) return idbStore;
      throw new NoStore("this browser keeps no files or databases for the site");
    })();
  return chosenStore;
}

/* Earlier builds of this site kept their snapshot in IndexedDB, in a database of another name: let that go. */
function deleteOldStore() {
  return new Promise((resolve) => {
    const deleting = indexedDB.deleteDatabase("estro-engine");
    deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
  });
}

// Read the stored snapshot at once, in parallel with the downloads (unless this worker makes one).
let storedPromise = SNAPSHOT_ROLE ? Promise.resolve(null) : snapshotStore().then((store) => store.read()); // let go of once read (30 MiB)
let storedReadAt = null; // performance.now() when it was read (a stage timing)
storedPromise.then((stored) => (storedReadAt = stored ? performance.now() : null), () => {});

/* ---------- download progress ---------- */

/* Count the bytes of every runtime download, so the page can show progress.
 * The count reads a copy (response.clone()): the original goes untouched to Pyodide,
 * or for the WebAssembly to the compile at the top of this file. The body arrives
 * decoded, so each file's count is scaled to the bytes the server sends (brotli) as
 * listed in runtime.json. */
function countingFor(manifest, progress) {
  return (url, copy) => {
    const path = new URL(url, SITE).pathname;
    const entry = Object.entries(manifest.files).find(([dest]) => path.endsWith("/" + dest));
    if (!entry || !copy.body) return;
    const scale = entry[1].br / entry[1].bytes;
    const reader = copy.body.getReader();
    (async () => {
      for (;;) {
        const {done, value} = await reader.read();
        if (done) return progress(0, true); // a file done: the page sees its last bytes at once
        progress(value.byteLength * scale);
      }
    })();
  };
}

/* Posts at most one progress message every PROGRESS_MS (a message per 64 KiB read
 * would keep both threads busy), and whenever a file is done. */
const PROGRESS_MS = 100;

function progressCounter(total) {
  let loaded = 0;
  let postedAt = -Infinity;
  return (bytes, now = false) => {
    loaded = Math.min(total, loaded + bytes);
    if (!now && performance.now() - postedAt < PROGRESS_MS) return;
    postedAt = performance.now();
    post({type: "loading", stage: "download", loaded: Math.round(loaded), total});
  };
}

/* ---------- starting Python ---------- */

function fileSize(manifest, name) {
  const entry = Object.entries(manifest.files).find(([dest]) => dest.endsWith("/" + name));
  return entry ? entry[1].br : 0;
}

/* Start Pyodide from the runtime's files (fetched and compiled from the worker's
 * first moment, see the top of this file) with loadPyodide's `options`. `created`
 * (optional) sees the module once instantiated, before any snapshot is copied in. */
async function startPyodide(manifest, options, created = null) {
  const {loadPyodide} = await pyodideModule;
  await scriptsChecked; // both of Pyodide's scripts are the build's
  return loadPyodide({
    indexURL: new URL("pyodide/", ASSETS).href,
    stdLibURL: new URL(manifest.stdlib, SITE).href,
    lockFileContents: manifest.lock,
    packageBaseUrl: new URL("pyodide/", ASSETS).href, // where a lock entry's wheel is (engine_package)
    createPyodideModule: async (settings) => {
      const module = await (await asmModule).default(settings);
      if (created) created(module);
      return module;
    },
    ...options,
  });
}

/* The shipped snapshot as Pyodide takes it, from the file: Pyodide's header, then the
 * pages the manifest lists, one after the other; every other page of memory is zeros, or
 * as instantiated (copied in by restore()). */
function unpackShipped(manifest, packed) {
  const {bytes: length, header, pages} = manifest.shipped_snapshot;
  if (packed.length !== header + pages.length * PAGE) throw new Error("the snapshot is incomplete");
  const bytes = new Uint8Array(length);
  bytes.set(packed.subarray(0, header));
  pages.forEach((n, i) => bytes.set(packed.subarray(header + i * PAGE, header + (i + 1) * PAGE), header + n * PAGE));
  return bytes;
}

/* Start Pyodide from a snapshot (the shipped one, or one this browser made) and make the
 * engine ready; throws if it does not answer. The shipped snapshot leaves some pages of
 * memory as instantiated (see scripts/pyodide_snapshot.mjs): they are copied from the
 * fresh module into `bytes` before Pyodide copies `bytes` into its memory. This relies on
 * the pinned Pyodide's order: it sizes the memory from the array's length, creates the
 * module, and only then copies the snapshot in. */
async function restore(manifest, bytes, enginePromise, {shipped = false} = {}) {
  const {header, initial_pages: pages, bytes: length} = manifest.shipped_snapshot;
  // Pyodide checks the rest, but a snapshot of a memory of another size would size the memory
  // wrong, and its instantiation would fail without ever settling.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || view.getUint32(0, true) !== PYODIDE_MAGIC || bytes.length - view.getUint32(4, true) !== length - header) {
    throw new Error("the snapshot is incomplete");
  }
  const fill = (module) => {
    for (const n of pages) bytes.set(module.HEAPU8.subarray(n * PAGE, (n + 1) * PAGE), header + n * PAGE);
  };
  restoring = true;
  try {
    const pyodide = await startPyodide(manifest, {_loadSnapshot: bytes}, shipped ? fill : null);
    await installEngine(pyodide, manifest, await enginePromise);
    const web = pyodide.pyimport("estro_rules.web");
    if (!JSON.parse(web.handle(SMOKE)).ok) throw new Error("the restored engine does not answer");
    return {pyodide, web};
  } finally {
    restoring = false;
  }
}

/* Put the engine's zip of bytecode where sys.path looks for it (again after a restore), or,
 * in a build that loads it as a package (manifest.engine_package), have Pyodide load it from
 * the lock entry; then the finder that loads the rest of the standard library when an import
 * needs it. */
async function installEngine(pyodide, manifest, engineBytes) {
  if (manifest.engine_package) {
    await pyodide.loadPackage(manifest.engine_package, {messageCallback: () => {}});
  } else {
    const dir = manifest.engine_path.slice(0, manifest.engine_path.lastIndexOf("/"));
    pyodide.FS.mkdirTree(dir);
    pyodide.FS.writeFile(manifest.engine_path, new Uint8Array(engineBytes));
    const path = JSON.stringify(manifest.engine_path);
    pyodide.runPython(`import sys\nif ${path} not in sys.path: sys.path.insert(0, ${path})`);
  }
  pyodide.runPython(`from estro_rules import web_stdlib
web_stdlib.install(${JSON.stringify(manifest.stdlib_path)}, ${JSON.stringify(manifest.stdlib_rest)})`);
  self.estroLoadStdlib = () => loadWholeStdlib(pyodide, manifest);
}

/* Called from Python (estro_rules.web_stdlib), synchronously, the first time an import needs a
 * module the boot library lacks: put the whole standard library in its place. Python waits for
 * its import, so the request is synchronous (allowed in a worker); the service worker answers
 * it from its cache when there is no network. */
function loadWholeStdlib(pyodide, manifest) {
  const request = new XMLHttpRequest();
  request.open("GET", new URL(manifest.stdlib_whole.url, SITE).href, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`it could not be downloaded (${request.status})`);
  const bytes = new Uint8Array(request.response);
  // Checked here too, synchronously (Python waits): by the service worker's header, else hashed.
  const expected = manifest.stdlib_whole.sha256;
  if (expected && request.getResponseHeader(SHA_HEADER) !== expected && sha256Sync(bytes) !== expected) {
    throw new Error("the standard library on the server is not this page's build: reload the page");
  }
  pyodide.FS.writeFile(manifest.stdlib_path, bytes);
}

function downloadEngine(manifest) {
  if (manifest.engine_package) return Promise.resolve(null); // loadPackage fetches it (and checks its sha256)
  const url = new URL(manifest.engine, SITE).href;
  return checked(manifest, url, fetch(url).then(async (r) => {
    if (!r.ok) throw new Error(`could not download the rules engine (${r.status})`);
    return {bytes: new Uint8Array(await r.arrayBuffer()), sha: r.headers.get(SHA_HEADER)};
  }));
}

/* SHA-256 in plain JavaScript, for the one synchronous download (the whole standard library). */
function sha256Sync(bytes) {
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
    0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
    0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
    0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
  ]);
  const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const length = bytes.length;
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(bytes);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const w = new Uint32Array(64);
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  for (let at = 0; at < padded.length; at += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(at + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    let a = H[0], b = H[1], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7];
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    H[0] += a;
    H[1] += b;
    H[2] += c;
    H[3] += d;
    H[4] += e;
    H[5] += f;
    H[6] += g;
    H[7] += h;
  }
  return [...H].map((x) => x.toString(16).padStart(8, "0")).join("");
}

const SMOKE = '{"kind": "p07.combination", "modes": ["Single Player"]}';

const firstLine = (err) => (err && err.message ? err.message.split("\n")[0] : String(err));

/* What became of the stored snapshot when reading it failed: "unavailable" where this
 * browser keeps nothing for the site (neither store, or one that refuses), so none is made. */
function readFailure(err) {
  const unavailable = err && (err.name === "NoStore" || err.name === "SecurityError");
  return unavailable ? `unavailable: ${firstLine(err)}` : `failed: ${firstLine(err)}`;
}

async function start() {
  const began = performance.now();
  const stages = {};
  const lap = (name, since) => (stages[name] = Math.round(performance.now() - since) / 1000);
  const manifest = await manifestPromise;
  const total = SAVE_DATA ? manifest.download_without_snapshot : manifest.download;
  if (LOCAL) {
    post({type: "loading", stage: "engine", loaded: total, total});
  } else {
    const progress = progressCounter(total);
    counter = countingFor(manifest, progress);
    for (const [url, download] of uncounted.splice(0)) track(url, download);
    pyodideModule.then(() => progress(fileSize(manifest, "pyodide.mjs"), true));
    asmModule.then(() => progress(fileSize(manifest, "pyodide.asm.mjs"), true));
    post({type: "loading", stage: "download", loaded: 0, total});
  }
  const enginePromise = downloadEngine(manifest);
  enginePromise.catch(() => {});

  // 1. The stored snapshot (a next visit).
  let snapshot = "missing"; // what became of it
  let stored = null;
  try {
    stored = await storedPromise;
  } catch (err) {
    snapshot = readFailure(err);
  }
  storedPromise = null;
  let ready = null; // {pyodide, web}
  let from = "start";
  if (stored && stored.key !== manifest.snapshot_key) snapshot = "stale";
  if (stored && stored.key === manifest.snapshot_key) {
    const t = performance.now();
    try {
      ready = await restore(manifest, stored.bytes, enginePromise);
      lap("restore", t);
      snapshot = "restored";
      from = "snapshot";
    } catch (err) {
      snapshot = `failed: ${firstLine(err)}`;
    }
  }
  stored = null; // Pyodide has copied it into its memory
  const store = await snapshotStore().catch(() => null); // where it is kept (null: nowhere)
  if (store && (snapshot === "stale" || snapshot.startsWith("failed"))) await store.remove(); // the page has a new one kept
  // 2. The snapshot the site ships (a first visit), unless Save-Data asks for fewer bytes.
  if (!ready && !SAVE_DATA) {
    const t = performance.now();
    try {
      // Checked against its SHA-256 before anything of it is used: another build's snapshot would run
      // that build's engine. A mismatch falls back to a normal start (stages.shipped says why).
      const shipped = await checked(manifest, SHIPPED_URL, shippedSnapshot()).catch((err) => {
        throw err instanceof Updated ? new Error("the site's snapshot is not this build's (its SHA-256 differs)") : err;
      });
      const bytes = unpackShipped(manifest, shipped);
      ready = await restore(manifest, bytes, enginePromise, {shipped: true});
      lap("restore", t);
      from = "shipped";
    } catch (err) {
      stages.shipped = `failed: ${firstLine(err)}`;
    }
    shippedFetch = null; // its 30 MiB are Pyodide's now
  }
  // 3. A normal start: Python boots from the boot library, then imports the engine.
  if (!ready) {
    const t = performance.now();
    const pyodide = await startPyodide(manifest, {});
    lap("loadPyodide", t);
    post({type: "loading", stage: "engine", loaded: total, total});
    const t2 = performance.now();
    await installEngine(pyodide, manifest, await enginePromise);
    ready = {pyodide, web: pyodide.pyimport("estro_rules.web")};
    lap("engine", t2);
  }
  self.pyodide = ready.pyodide; // for the browser tests and the curious (the worker's console)
  if (wasmCompiledAt !== null) stages.webassembly = Math.round(wasmCompiledAt) / 1000; // since the worker began
  if (storedReadAt !== null) stages.stored = Math.round(storedReadAt) / 1000; // since the worker began, too
  stages.total = Math.round(performance.now() - began) / 1000;
  const where = store && store.name;
  post({type: "ready", seconds: stages.total, from, snapshot, store: where, stages, offline: manifest.offline !== false});
  return ready;
}

/* Run each scenario as a job to its end, over and over until `until` (performance.now()),
 * or once each when `until` is null. */
function runScenarios(web, texts, until = null) {
  do {
    for (const text of texts) {
      const job = web.start(text, "../");
      try {
        while (!JSON.parse(job.step()).done) if (until !== null && performance.now() > until) return;
      } finally {
        job.destroy();
      }
    }
  } while (until !== null && texts.length && performance.now() < until);
}

/* After the snapshot is kept, the snapshot worker keeps its engine busy for WARM_MS, so
 * that V8 compiles the WebAssembly's hot functions fully, and stays open CODE_CACHE_MS
 * more: Chromium then keeps that compiled code beside the service worker's copy of
 * pyodide.asm.wasm (its code cache), and the next visit's restore runs it instead of
 * compiling each function on its first call. With less warming (1.2 s) Chromium kept
 * nothing. Browsers without such a cache lose nothing but these seconds of a
 * background worker. */
const WARM_MS = 3000;
const CODE_CACHE_MS = 3000;

/* The "estro-snapshot" worker: a fresh instance, booted as a normal start, made ready and
 * saved in its store ("snapshot" is posted then), warmed ("warmed" is posted then), then closed.
 * (The snapshot kept is made here, in this browser, rather than the shipped one copied: in
 * paired runs of next visits against the build before, 6 rounds of 2 each, a copy of the
 * shipped one took 1.14 times as long, one made here 0.84 times.) It loads everything
 * through the service worker. */
async function makeSnapshot() {
  const began = performance.now();
  const manifest = await manifestPromise;
  const enginePromise = downloadEngine(manifest);
  const pyodide = await startPyodide(manifest, {_makeSnapshot: true});
  const heap = pyodide._module.HEAP8.length;
  await installEngine(pyodide, manifest, await enginePromise);
  let web = pyodide.pyimport("estro_rules.web");
  const warmups = manifest.warmup || [];
  runScenarios(web, warmups);
  web.destroy();
  // Every module of the boot library imported: a Python restored from this never reads it.
  pyodide.runPython(`import importlib\nfor name in ${JSON.stringify(manifest.stdlib_boot)}: importlib.import_module(name)`);
  if (pyodide._module.HEAP8.length !== heap) {
    post({type: "snapshot", state: "skipped: the heap grew, so the snapshot could not be restored"});
    return;
  }
  const store = await snapshotStore();
  // A snapshot holds no JavaScript state, nor the package's files: the restored Python loads it again.
  if (manifest.engine_package) delete pyodide.loadedPackages[manifest.engine_package];
  const written = await store.write(manifest.snapshot_key, pyodide.makeMemorySnapshot());
  await deleteOldStore();
  post({type: "snapshot", state: "stored", store: store.name, bytes: written, seconds: (performance.now() - began) / 1000});
  const warming = performance.now();
  try {
    web = pyodide.pyimport("estro_rules.web");
    runScenarios(web, warmups, performance.now() + WARM_MS);
    await new Promise((resolve) => setTimeout(resolve, CODE_CACHE_MS));
  } catch {
    // only the next visit's compiled code was at stake; the snapshot is saved
  }
  post({type: "warmed", seconds: (performance.now() - warming) / 1000});
}

function ensureRuntime() {
  if (!starting) {
    starting = start().then(
      (r) => (runtime = r),
      (err) => {
        starting = null; // allow a retry
        throw err;
      },
    );
  }
  return starting;
}

/* ---------- jobs ---------- */

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function deliver(entry, reply) {
  if (entry.type === "simulate") {
    post({type: "progress", id: entry.id, reply, done: reply.done, cancelled: Boolean(reply.cancelled)});
  } else if (reply.done) {
    post({type: "result", id: entry.id, reply});
  }
}

function drop(id) {
  const entry = jobs.get(id);
  jobs.delete(id);
  for (const queue of [fresh, turns]) {
    const at = queue.indexOf(id);
    if (at >= 0) queue.splice(at, 1);
  }
  entry.job.destroy();
}

function submit(message) {
  const job = runtime.web.start(message.text, message.base || "", message.lang || "en"); // the page's language
  jobs.set(message.id, {id: message.id, type: message.type, job});
  fresh.push(message.id);
  if (!looping) loop();
}

async function loop() {
  looping = true;
  try {
    while (fresh.length || turns.length) {
      const id = fresh.length ? fresh.shift() : turns.shift();
      const entry = jobs.get(id);
      let reply;
      try {
        reply = JSON.parse(entry.job.step());
      } catch (err) {
        const internal = String(err && err.message ? err.message : err); // the page says it in its words
        reply = {ok: false, done: true, internal, error: `internal error: ${internal}`};
      }
      deliver(entry, reply);
      if (reply.done) drop(id);
      else turns.push(id);
      await tick(); // let new requests and "cancel" in
    }
  } finally {
    looping = false;
  }
}

function cancel(id) {
  const queued = waiting.findIndex((m) => m.id === id);
  if (queued >= 0) {
    const [message] = waiting.splice(queued, 1);
    deliver(message, {ok: false, done: true, cancelled: true, error: "cancelled before it ran"});
    return;
  }
  const entry = jobs.get(id);
  if (!entry) return;
  deliver(entry, JSON.parse(entry.job.cancel()));
  drop(id);
}

function startFailed(err) {
  const updated = err instanceof Updated; // another build's runtime: the page says "Rules updated: reload"
  const reason = String(err && err.message ? err.message : err);
  const error = `Python could not start: ${reason}`; // the page says it in its language, from the reason
  for (const m of waiting.splice(0)) post({type: "failed", id: m.id, error, reason, updated});
  post({type: "failed", error, reason, updated}); // last: the page then replaces this worker, or says the rules were updated
}

function boot() {
  ensureRuntime().then(() => {
    for (const m of waiting.splice(0)) submit(m);
  }, startFailed);
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "cancel") {
    cancel(message.id);
  } else if (message.type === "run" || message.type === "simulate") {
    if (runtime) {
      submit(message);
    } else {
      waiting.push(message);
      if (!starting) boot(); // a retry after a failed start
    }
  }
};

if (SNAPSHOT_ROLE) {
  makeSnapshot().then(
    () => self.close(),
    (err) => {
      post({type: "snapshot", state: `skipped: ${firstLine(err)}`});
      self.close();
    },
  );
} else {
  boot(); // the page starts this worker when the reader shows intent: Python starts at once
}
