/* ESTRO Rules — the Web Worker that runs the rules engine in Pyodide (a module worker: Pyodide needs one).
 *
 * One worker (one Python) serves every widget of every page: the page keeps it
 * across instant navigations. Only strings cross into Python: scenario text in,
 * JSON text out (estro_rules.web). The page side is assets/estro/engine.js.
 *
 * START-UP. The worker reads assets/estro/runtime.json (written by the site
 * build: the files, their sizes and SHA-256) and starts Python one of two ways:
 *  - from a memory snapshot of a ready engine that an earlier visit saved in
 *    IndexedDB. It is used only when its key (a hash of every runtime file)
 *    matches this build's; on any mismatch or failure the worker deletes it and
 *    starts normally, and the page has a fresh one made.
 *  - normally: Pyodide with our compiled standard library, then the engine's
 *    zip of bytecode written into Pyodide's file system and put on sys.path.
 * A snapshot is stored as its non-zero 64 KiB pages (about half of it), and
 * read as soon as the worker starts. Snapshots use Pyodide's private API
 * (loadPyodide's _makeSnapshot and _loadSnapshot, makeMemorySnapshot) of the
 * exact version pinned in package.json (314.0.7); Pyodide itself refuses a
 * snapshot of another build.
 * Known limits: a snapshot cannot be restored once the heap has grown past its
 * default size (such a snapshot is not saved); files written before it are
 * gone after a restore (the engine's zip is written again); and the instance
 * that made it must not be used afterwards — so a worker started with the name
 * "estro-snapshot" does only that, in a fresh instance, and closes: start,
 * import the engine, run one scenario of each kind, save the snapshot.
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
 *                     ("restored", "missing", "stale", "failed: why"); stages: seconds per
 *                     stage; offline: whether the site has a service worker to register
 *               {type: "result", id, reply}      reply = {ok, done, result, html} or {ok: false, done, error},
 *                                                plus cancelled: true when it was cancelled
 *               {type: "progress", id, reply, done, cancelled}  reply adds completed and total
 *               {type: "failed", id, error}      Python could not start (one without an id
 *                                                says so for the worker: the page starts a new one)
 *               {type: "snapshot", state, bytes, seconds}  (the "estro-snapshot" worker only)
 *                     state: "stored" or "skipped: why"
 */
const ASSETS = new URL("../", self.location.href); // the site's assets/ folder
const SITE = new URL("../", ASSETS);
const SNAPSHOT_ROLE = self.name === "estro-snapshot";

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
// 0.1-0.2 s later. The copy of the response is read by the progress count.
const WASM_URL = new URL("pyodide/pyodide.asm.wasm", ASSETS).href;
const realFetch = self.fetch.bind(self);
const wasmFetch = realFetch(WASM_URL).then((response) => ({response, copy: response.clone()}));
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
 * the first moment too; Pyodide's own fetch of it, once its scripts have loaded, gets
 * this response. */
const STDLIB_URL = new URL("pyodide/python_stdlib.zip", ASSETS).href;
const early = new Map([[STDLIB_URL, realFetch(STDLIB_URL)]]);
early.get(STDLIB_URL).catch(() => {}); // a failure is Pyodide's to report, when it asks

let counter = null; // (response, a copy of it) => void: the download count, once start() has set it
self.fetch = async (input, init) => {
  const url = new URL(String(input), SITE).href;
  if (url === WASM_URL) return WASM_STAND_IN; // compiled already
  const prefetched = early.get(url);
  early.delete(url);
  const response = await (prefetched || realFetch(input, init));
  if (counter && response.body && response.ok) counter(response, response.clone());
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

/* ---------- IndexedDB: one snapshot, its key apart from its bytes ---------- */

const DB_NAME = "estro-engine";

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function openDb() {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore("meta");
    open.result.createObjectStore("data");
  };
  return request(open);
}

/* The stored snapshot's key and size (small, read first) and its pages (16 MB, read alongside). */
function readStored(db, store) {
  return request(db.transaction(store).objectStore(store).get("engine")).then((v) => v || null);
}

function write(db, meta, data) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(["meta", "data"], "readwrite");
    if (meta === null) {
      tx.objectStore("meta").delete("engine");
      tx.objectStore("data").delete("engine");
    } else {
      tx.objectStore("data").put(data, "engine");
      tx.objectStore("meta").put(meta, "engine");
    }
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("IndexedDB transaction aborted"));
  });
}

/* A snapshot is the whole WebAssembly heap (30 MiB), about half of it zeros:
 * only the 64 KiB pages holding something are stored, which halves the read. */
const PAGE = 65536;

function holdsSomething(bytes, start, end) {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return true;
  return false;
}

function pack(bytes) {
  const index = [];
  for (let start = 0; start < bytes.length; start += PAGE) {
    if (holdsSomething(bytes, start, Math.min(start + PAGE, bytes.length))) index.push(start / PAGE);
  }
  const pages = new Uint8Array(index.length * PAGE);
  index.forEach((n, i) => pages.set(bytes.subarray(n * PAGE, Math.min((n + 1) * PAGE, bytes.length)), i * PAGE));
  // A Blob: IndexedDB hands it back as a file reference, read off this thread.
  return {index: new Uint32Array(index), pages: new Blob([pages])};
}

/* Fill `bytes` (a whole snapshot's length of zeros) with the stored pages. */
async function unpackInto(data, bytes) {
  if (!data || !data.index || !(data.pages instanceof Blob) || data.pages.size !== data.index.length * PAGE) {
    throw new Error("the stored snapshot is incomplete");
  }
  const pages = new Uint8Array(await data.pages.arrayBuffer());
  data.index.forEach((n, i) => {
    const start = n * PAGE;
    if (start >= bytes.length) throw new Error("the stored snapshot does not fit its size");
    bytes.set(pages.subarray(i * PAGE, i * PAGE + Math.min(PAGE, bytes.length - start)), start);
  });
}

// Read the stored snapshot at once, in parallel with the downloads (unless this worker makes one).
const dbPromise = SNAPSHOT_ROLE ? Promise.resolve(null) : openDb().catch(() => null);
const metaPromise = dbPromise.then((db) => (db ? readStored(db, "meta").catch(() => null) : null));
const dataPromise = dbPromise.then((db) => (db ? readStored(db, "data") : null));
dataPromise.catch(() => {});

/* ---------- download progress ---------- */

/* Count the bytes of every runtime download, so the page can show progress.
 * The count reads a copy (response.clone()): the original goes untouched to Pyodide,
 * or for the WebAssembly to the compile at the top of this file. The body arrives
 * decoded, so each file's count is scaled to the bytes the server sends (brotli) as
 * listed in runtime.json. */
function countingFor(manifest, progress) {
  return (response, copy) => {
    const path = new URL(response.url, SITE).pathname;
    const entry = Object.entries(manifest.files).find(([dest]) => path.endsWith("/" + dest));
    if (!entry || !copy.body) return;
    const scale = entry[1].br / entry[1].bytes;
    const reader = copy.body.getReader();
    (async () => {
      for (;;) {
        const {done, value} = await reader.read();
        if (done) return;
        progress(value.byteLength * scale);
      }
    })();
  };
}

function progressCounter(manifest) {
  let loaded = 0;
  const total = manifest.download;
  return (bytes) => {
    loaded = Math.min(total, loaded + bytes);
    post({type: "loading", stage: "download", loaded: Math.round(loaded), total});
  };
}

/* ---------- starting Python ---------- */

function fileSize(manifest, name) {
  const entry = Object.entries(manifest.files).find(([dest]) => dest.endsWith("/" + name));
  return entry ? entry[1].br : 0;
}

/* Pyodide starts fetching the WebAssembly and the stdlib as soon as loadPyodide is
 * called; pyodide.asm.mjs (1.2 MB of JavaScript) is still loading in parallel then.
 * `before` (optional) must settle before Python boots: a snapshot's bytes are read
 * into the array given as _loadSnapshot while the WebAssembly instantiates, which
 * relies on this Pyodide's order (it sizes the memory from the array's length, creates
 * the module, and only then copies the snapshot in). */
async function startPyodide(manifest, options, before = null) {
  const {loadPyodide} = await pyodideModule;
  return loadPyodide({
    indexURL: new URL("pyodide/", ASSETS).href,
    stdLibURL: new URL(manifest.stdlib, SITE).href,
    lockFileContents: manifest.lock,
    createPyodideModule: async (settings) => {
      const module = await (await asmModule).default(settings);
      await before;
      return module;
    },
    ...options,
  });
}

/* Put the engine's zip of bytecode where sys.path looks for it (again after a restore). */
function installEngine(pyodide, manifest, engineBytes) {
  const dir = manifest.engine_path.slice(0, manifest.engine_path.lastIndexOf("/"));
  pyodide.FS.mkdirTree(dir);
  pyodide.FS.writeFile(manifest.engine_path, new Uint8Array(engineBytes));
  pyodide.runPython(`import sys\nif ${JSON.stringify(manifest.engine_path)} not in sys.path: sys.path.insert(0, ${JSON.stringify(manifest.engine_path)})`);
}

function downloadEngine(manifest) {
  return fetch(new URL(manifest.engine, SITE)).then((r) => {
    if (!r.ok) throw new Error(`could not download the rules engine (${r.status})`);
    return r.arrayBuffer();
  });
}

const SMOKE = '{"kind": "p07.combination", "modes": ["Single Player"]}';

async function start() {
  const began = performance.now();
  const stages = {};
  const lap = (name, since) => (stages[name] = Math.round(performance.now() - since) / 1000);
  const manifest = await manifestPromise;
  const progress = progressCounter(manifest);
  counter = countingFor(manifest, progress);
  wasmFetch.then(({response, copy}) => response.ok && counter(response, copy), () => {});
  pyodideModule.then(() => progress(fileSize(manifest, "pyodide.mjs")));
  asmModule.then(() => progress(fileSize(manifest, "pyodide.asm.mjs")));
  post({type: "loading", stage: "download", loaded: 0, total: manifest.download});
  const enginePromise = downloadEngine(manifest);
  enginePromise.catch(() => {});

  const meta = await metaPromise;
  let snapshot = "missing";
  let pyodide = null;
  let web = null;
  if (meta && meta.key !== manifest.snapshot_key) snapshot = "stale";
  if (meta && meta.key === manifest.snapshot_key) {
    const t = performance.now();
    try {
      const bytes = new Uint8Array(meta.size);
      const filled = dataPromise.then((data) => unpackInto(data, bytes));
      filled.catch(() => {});
      pyodide = await startPyodide(manifest, {_loadSnapshot: bytes}, filled);
      lap("restore", t);
      installEngine(pyodide, manifest, await enginePromise);
      web = pyodide.pyimport("estro_rules.web");
      if (!JSON.parse(web.handle(SMOKE)).ok) throw new Error("the restored engine does not answer");
      snapshot = "restored";
    } catch (err) {
      snapshot = `failed: ${err && err.message ? err.message.split("\n")[0] : err}`;
      pyodide = web = null;
    }
  }
  if (snapshot !== "restored") {
    const db = await dbPromise;
    if (db && meta) await write(db, null, null).catch(() => {}); // stale or broken: the page will have a new one made
    const t = performance.now();
    pyodide = await startPyodide(manifest, {});
    lap("loadPyodide", t);
    post({type: "loading", stage: "engine", loaded: manifest.download, total: manifest.download});
    const t2 = performance.now();
    installEngine(pyodide, manifest, await enginePromise);
    web = pyodide.pyimport("estro_rules.web");
    lap("engine", t2);
  }
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

/* The "estro-snapshot" worker: a fresh instance, made ready, saved, then closed. */
async function makeSnapshot() {
  const began = performance.now();
  const manifest = await manifestPromise;
  const enginePromise = downloadEngine(manifest);
  wasmFetch.then(({copy}) => copy.body && copy.body.cancel(), () => {}); // no download count here
  const pyodide = await startPyodide(manifest, {_makeSnapshot: true});
  const heap = pyodide._module.HEAP8.length;
  installEngine(pyodide, manifest, await enginePromise);
  const web = pyodide.pyimport("estro_rules.web");
  for (const text of manifest.warmup || []) {
    const job = web.start(text, "../");
    while (!JSON.parse(job.step()).done);
    job.destroy();
  }
  web.destroy();
  if (pyodide._module.HEAP8.length !== heap) {
    return {state: "skipped: the heap grew, so the snapshot could not be restored"};
  }
  const bytes = pyodide.makeMemorySnapshot();
  const data = pack(bytes);
  const db = await openDb();
  await write(db, {key: manifest.snapshot_key, size: bytes.byteLength, made: Date.now()}, data);
  return {state: "stored", bytes: data.pages.size, seconds: (performance.now() - began) / 1000};
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
    (outcome) => {
      post({type: "snapshot", ...outcome});
      self.close();
    },
    (err) => {
      post({type: "snapshot", state: `skipped: ${err && err.message ? err.message.split("\n")[0] : err}`});
      self.close();
    },
  );
} else {
  boot(); // the page starts this worker when the reader shows intent: Python starts at once
}
