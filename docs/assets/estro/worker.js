/* ESTRO Rules — the Web Worker that runs the rules engine in Pyodide (a module worker: Pyodide needs one).
 *
 * One worker (one Python) serves every widget of every page: the page keeps it
 * across instant navigations. Only strings cross into Python: scenario text in,
 * JSON text out (estro_rules.web). The page side is assets/estro/engine.js.
 *
 * START-UP. The worker reads assets/estro/runtime.json (written by the site
 * build: the files, their sizes and SHA-256) and starts Python one of two ways:
 *  - from a memory snapshot of a ready engine that an earlier visit saved in the
 *    origin private file system (OPFS), read at the worker's first moment
 *    through a synchronous access handle, straight into the array Pyodide
 *    restores from. It is used only when its key (a hash of every runtime file)
 *    matches this build's; on any mismatch or failure the worker deletes it and
 *    starts normally, and the page has a fresh one made.
 *  - normally: Pyodide with our compiled standard library, then the engine's
 *    zip of bytecode written into Pyodide's file system and put on sys.path.
 * Snapshots use Pyodide's private API (loadPyodide's _makeSnapshot and
 * _loadSnapshot, makeMemorySnapshot) of the exact version pinned in
 * package.json (314.0.7); Pyodide itself refuses a snapshot of another build.
 * Known limits: a snapshot cannot be restored once the heap has grown past its
 * default size (such a snapshot is not saved); files written before it are
 * gone after a restore (the engine's zip is written again); and the instance
 * that made it must not be used afterwards for anything that matters — so a
 * worker started with the name "estro-snapshot" does only that, in a fresh
 * instance, and closes: start, import the engine, run one scenario of each
 * kind, save the snapshot; then it keeps that instance busy for a few seconds
 * (see WARM_MS) so that the browser keeps optimised code for the next visit.
 *
 * The page names this worker "estro-engine:local" when its service worker
 * serves the page: the runtime then comes from that cache, so there is no
 * download to count and no progress to show ("estro-engine" otherwise).
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
 *               {type: "ready", seconds, from, snapshot, stages, offline}
 *                     from: "snapshot" or "start"; snapshot: what became of the stored one
 *                     ("restored", "missing", "stale", "failed: why", "unavailable: why"
 *                     where the browser keeps no files for the site); stages: seconds per
 *                     stage; offline: whether the site has a service worker to register
 *               {type: "result", id, reply}      reply = {ok, done, result, html} or {ok: false, done, error},
 *                                                plus cancelled: true when it was cancelled
 *               {type: "progress", id, reply, done, cancelled}  reply adds completed and total
 *               {type: "failed", id, error}      Python could not start (one without an id
 *                                                says so for the worker: the page starts a new one)
 *               {type: "snapshot", state, bytes, seconds}  (the "estro-snapshot" worker only)
 *                     state: "stored" or "skipped: why"
 *               {type: "warmed", seconds}  (the "estro-snapshot" worker, after "stored", just
 *                     before it closes: the next visit's compiled code is kept; see WARM_MS)
 */
const ASSETS = new URL("../", self.location.href); // the site's assets/ folder
const SITE = new URL("../", ASSETS);
const SNAPSHOT_ROLE = self.name === "estro-snapshot";
const LOCAL = SNAPSHOT_ROLE || self.name === "estro-engine:local"; // the runtime comes from the service worker's cache

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
const wasmFetch = realFetch(WASM_URL).then((response) => ({response, copy: LOCAL ? null : response.clone()}));
const wasmModule = wasmFetch.then(({response}) => WebAssembly.compileStreaming(response));
let wasmCompiledAt = null; // performance.now() when the WebAssembly was compiled (a stage timing)
wasmModule.then(() => (wasmCompiledAt = performance.now()), () => {});

/* Pyodide fetches the WebAssembly itself and hands the response to
 * WebAssembly.instantiateStreaming. In this worker its fetch of that URL gets a
 * stand-in (see self.fetch below), and instantiating the stand-in instantiates the
 * module compiled above; should that compile have failed, the file is fetched and
 * instantiated as Pyodide would have. */
const WASM_STAND_IN = new Response(null);

/* The standard library (Pyodide waits for it before Python boots) is requested from
 * the first moment too, and read as it arrives, between the other work of this
 * thread; Pyodide's own fetch of it, once its scripts have loaded, gets the bytes
 * read. (Left unread, it would be read only then, while Python waits.) This is the
 * boot library: the rest of the standard library comes when an import needs it (see
 * loadWholeStdlib). */
const STDLIB_URL = new URL("pyodide/python_stdlib.zip", ASSETS).href;
const stdlibFetch = realFetch(STDLIB_URL).then(async (response) => {
  if (!response.ok) return {response, copy: null}; // Pyodide reports it, when it asks
  const copy = LOCAL ? null : response.clone();
  const body = await response.arrayBuffer();
  return {response: new Response(body, {status: response.status, headers: response.headers}), copy};
});
stdlibFetch.catch(() => {}); // a failure is Pyodide's to report, when it asks
const early = new Map([[STDLIB_URL, stdlibFetch.then(({response}) => response)]]);

let counter = null; // (url, a copy of its response) => void: the download count, once start() has set it
self.fetch = async (input, init) => {
  const url = new URL(String(input), SITE).href;
  if (url === WASM_URL) return WASM_STAND_IN; // compiled already
  const prefetched = early.get(url);
  early.delete(url);
  if (prefetched) return prefetched; // counted from the start (see start())
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
  } catch {
    return instantiateStreaming(realFetch(WASM_URL), imports);
  }
};

const manifestPromise = fetch(new URL("estro/runtime.json", ASSETS)).then((r) => {
  if (!r.ok) throw new Error(`could not download the runtime description (${r.status})`);
  return r.json();
});
const pyodideModule = import(new URL("pyodide/pyodide.mjs", ASSETS).href);
const asmModule = import(new URL("pyodide/pyodide.asm.mjs", ASSETS).href);
manifestPromise.catch(() => {});
pyodideModule.catch(() => {});
asmModule.catch(() => {});

/* ---------- the stored snapshot: one file in the origin private file system ---------- */

/* The file: a 128-byte header, then Pyodide's snapshot (its own header and the whole
 * 30 MiB WebAssembly heap). The header is MAGIC (16 ASCII bytes), the runtime's key
 * (64 ASCII hex digits), the snapshot's length (4 bytes, little-endian) and zeros.
 * Only the heap's 64 KiB pages that hold something are written (about half of
 * them): the rest stay holes of zeros. The header is written last, so a file left
 * half-written is never taken for a snapshot.
 *
 * Why not IndexedDB: its 16 MB record reached this worker through the browser's blob
 * machinery in 0.2-0.3 s, on the path every repeat visit waits for; a synchronous
 * access handle reads the whole file into place in about 20 ms. */
const SNAPSHOT_FILE = "estro-engine.snapshot";
const MAGIC = "estro-snapshot/1";
const HEADER = 128;
const PAGE = 65536;

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
  if (fileSize < HEADER || text.decode(header.subarray(0, 16)) !== MAGIC) {
    throw new Error("the stored snapshot is incomplete");
  }
  const length = new DataView(header.buffer, header.byteOffset, HEADER).getUint32(80, true);
  if (fileSize !== HEADER + length) throw new Error("the stored snapshot is incomplete");
  return {key: text.decode(header.subarray(16, 80)), length};
}

/* {key, bytes} of the stored snapshot, or null when there is none. */
async function readSnapshot() {
  let file;
  try {
    file = await (await navigator.storage.getDirectory()).getFileHandle(SNAPSHOT_FILE);
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
      if (handle.read(bytes, {at: HEADER}) !== length) throw new Error("the stored snapshot is incomplete");
      return {key, bytes};
    } finally {
      handle.close();
    }
  }
  const whole = new Uint8Array(await (await file.getFile()).arrayBuffer());
  const {key, length} = readHeader(whole.subarray(0, HEADER), whole.length);
  return {key, bytes: whole.subarray(HEADER, HEADER + length)};
}

function holdsSomething(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return true;
  return false;
}

/* Store a snapshot under the runtime's key (replacing any other); returns the bytes written. */
async function writeSnapshot(key, bytes) {
  const file = await (await navigator.storage.getDirectory()).getFileHandle(SNAPSHOT_FILE, {create: true});
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
}

/* Earlier builds of this site kept their snapshot in IndexedDB: let that go. */
function deleteOldStore() {
  return new Promise((resolve) => {
    const deleting = indexedDB.deleteDatabase("estro-engine");
    deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
  });
}

async function removeSnapshot() {
  await (await navigator.storage.getDirectory()).removeEntry(SNAPSHOT_FILE).catch(() => {});
}

// Read the stored snapshot at once, in parallel with the downloads (unless this worker makes one).
let storedPromise = SNAPSHOT_ROLE ? Promise.resolve(null) : readSnapshot(); // let go of once read (30 MiB)
storedPromise.catch(() => {});

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

function progressCounter(manifest) {
  let loaded = 0;
  let postedAt = -Infinity;
  const total = manifest.download;
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
 * first moment, see the top of this file) with loadPyodide's `options`. */
async function startPyodide(manifest, options) {
  const {loadPyodide} = await pyodideModule;
  return loadPyodide({
    indexURL: new URL("pyodide/", ASSETS).href,
    stdLibURL: new URL(manifest.stdlib, SITE).href,
    lockFileContents: manifest.lock,
    createPyodideModule: async (settings) => (await asmModule).default(settings),
    ...options,
  });
}

/* Put the engine's zip of bytecode where sys.path looks for it (again after a restore), and
 * the finder that loads the rest of the standard library when an import needs it. */
function installEngine(pyodide, manifest, engineBytes) {
  const dir = manifest.engine_path.slice(0, manifest.engine_path.lastIndexOf("/"));
  pyodide.FS.mkdirTree(dir);
  pyodide.FS.writeFile(manifest.engine_path, new Uint8Array(engineBytes));
  const path = JSON.stringify(manifest.engine_path);
  pyodide.runPython(`import sys
if ${path} not in sys.path: sys.path.insert(0, ${path})
from estro_rules import web_stdlib
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
  pyodide.FS.writeFile(manifest.stdlib_path, new Uint8Array(request.response));
}

function downloadEngine(manifest) {
  return fetch(new URL(manifest.engine, SITE)).then((r) => {
    if (!r.ok) throw new Error(`could not download the rules engine (${r.status})`);
    return r.arrayBuffer();
  });
}

const SMOKE = '{"kind": "p07.combination", "modes": ["Single Player"]}';

const firstLine = (err) => (err && err.message ? err.message.split("\n")[0] : String(err));

/* What became of the stored snapshot when reading it failed: "unavailable" where this
 * browser keeps no files for the site (no OPFS, or a private window), so none is made. */
function readFailure(err) {
  const unavailable = !(navigator.storage && navigator.storage.getDirectory) || (err && err.name === "SecurityError");
  return unavailable ? `unavailable: ${firstLine(err)}` : `failed: ${firstLine(err)}`;
}

async function start() {
  const began = performance.now();
  const stages = {};
  const lap = (name, since) => (stages[name] = Math.round(performance.now() - since) / 1000);
  const manifest = await manifestPromise;
  if (LOCAL) {
    post({type: "loading", stage: "engine", loaded: manifest.download, total: manifest.download});
  } else {
    const progress = progressCounter(manifest);
    counter = countingFor(manifest, progress);
    for (const [url, fetched] of [[WASM_URL, wasmFetch], [STDLIB_URL, stdlibFetch]]) {
      fetched.then(({response, copy}) => response.ok && copy && counter(url, copy), () => {});
    }
    pyodideModule.then(() => progress(fileSize(manifest, "pyodide.mjs"), true));
    asmModule.then(() => progress(fileSize(manifest, "pyodide.asm.mjs"), true));
    post({type: "loading", stage: "download", loaded: 0, total: manifest.download});
  }
  const enginePromise = downloadEngine(manifest);
  enginePromise.catch(() => {});

  let snapshot = "missing";
  let stored = null;
  try {
    stored = await storedPromise;
  } catch (err) {
    snapshot = readFailure(err);
  }
  storedPromise = null;
  let pyodide = null;
  let web = null;
  if (stored && stored.key !== manifest.snapshot_key) snapshot = "stale";
  if (stored && stored.key === manifest.snapshot_key) {
    const t = performance.now();
    try {
      pyodide = await startPyodide(manifest, {_loadSnapshot: stored.bytes});
      lap("restore", t);
      installEngine(pyodide, manifest, await enginePromise);
      web = pyodide.pyimport("estro_rules.web");
      if (!JSON.parse(web.handle(SMOKE)).ok) throw new Error("the restored engine does not answer");
      snapshot = "restored";
    } catch (err) {
      snapshot = `failed: ${firstLine(err)}`;
      pyodide = web = null;
    }
  }
  stored = null; // Pyodide has copied it into its memory
  if (snapshot !== "restored") {
    if (snapshot === "stale" || snapshot.startsWith("failed")) await removeSnapshot(); // the page has a new one made
    const t = performance.now();
    pyodide = await startPyodide(manifest, {});
    lap("loadPyodide", t);
    post({type: "loading", stage: "engine", loaded: manifest.download, total: manifest.download});
    const t2 = performance.now();
    installEngine(pyodide, manifest, await enginePromise);
    web = pyodide.pyimport("estro_rules.web");
    lap("engine", t2);
  }
  self.pyodide = pyodide; // for the browser tests and the curious (the worker's console)
  if (wasmCompiledAt !== null) stages.webassembly = Math.round(wasmCompiledAt) / 1000; // since the worker began
  stages.total = Math.round(performance.now() - began) / 1000;
  post({
    type: "ready",
    seconds: stages.total,
    from: snapshot === "restored" ? "snapshot" : "start",
    snapshot,
    stages,
    offline: manifest.offline !== false,
  });
  return {pyodide, web};
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

/* After the snapshot is saved, the snapshot worker keeps its engine busy for WARM_MS, so
 * that V8 compiles the WebAssembly's hot functions fully, and stays open CODE_CACHE_MS
 * more: Chromium then keeps that compiled code beside the service worker's copy of
 * pyodide.asm.wasm (its code cache), and the next visit's restore runs it instead of
 * compiling each function on its first call. With less warming (1.2 s) Chromium kept
 * nothing. Browsers without such a cache lose nothing but these seconds of a
 * background worker. */
const WARM_MS = 3000;
const CODE_CACHE_MS = 3000;

/* The "estro-snapshot" worker: a fresh instance, made ready and saved ("snapshot" is
 * posted then), warmed ("warmed" is posted then), then closed. */
async function makeSnapshot() {
  const began = performance.now();
  const manifest = await manifestPromise;
  const enginePromise = downloadEngine(manifest);
  const pyodide = await startPyodide(manifest, {_makeSnapshot: true});
  const heap = pyodide._module.HEAP8.length;
  installEngine(pyodide, manifest, await enginePromise);
  let web = pyodide.pyimport("estro_rules.web");
  const warmups = manifest.warmup || [];
  runScenarios(web, warmups);
  web.destroy();
  if (pyodide._module.HEAP8.length !== heap) {
    post({type: "snapshot", state: "skipped: the heap grew, so the snapshot could not be restored"});
    return;
  }
  const written = await writeSnapshot(manifest.snapshot_key, pyodide.makeMemorySnapshot());
  await deleteOldStore();
  post({type: "snapshot", state: "stored", bytes: written, seconds: (performance.now() - began) / 1000});
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
  const job = runtime.web.start(message.text, message.base || "");
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
        reply = {ok: false, done: true, error: `internal error: ${err && err.message ? err.message : err}`};
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
  const error = `Python could not start: ${err && err.message ? err.message : err}`;
  for (const m of waiting.splice(0)) post({type: "failed", id: m.id, error});
  post({type: "failed", error}); // last: the page then replaces this worker
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
