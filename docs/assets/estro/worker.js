/* ESTRO Rules — the Web Worker (a module worker: Pyodide needs one) that runs the rules engine in Pyodide.
 *
 * One worker (one Python) serves every widget of every page: the page keeps it
 * across instant navigations. Only strings cross into Python: scenario text in,
 * JSON text out (estro_rules.web).
 *
 * Messages in:  {type: "run", id, text, base}
 *               {type: "simulate", id, text, base}   many battles, with progress
 *               {type: "cancel", id}
 * Messages out: {type: "loading", stage, loaded, total}
 *               {type: "ready", seconds}
 *               {type: "result", id, reply}     reply = {ok, result, html} or {ok: false, error}
 *               {type: "progress", id, reply, done}
 *               {type: "failed", error}         Python could not start
 */
const ASSETS = new URL("../", self.location.href); // the site's assets/ folder
let runtime = null; // {pyodide, web}
let starting = null;
const cancelled = new Set();

function post(message) {
  self.postMessage(message);
}

/* Count the bytes of every runtime download, so the page can show progress.
 * The count reads a clone: the original response goes to Pyodide untouched, so
 * the browser can still stream-compile the WebAssembly and cache the compiled
 * code for the next visit. */
function countingFetch(total) {
  const realFetch = self.fetch.bind(self);
  let loaded = 0;
  return async (input, init) => {
    const response = await realFetch(input, init);
    if (!response.body || !response.ok) return response;
    const reader = response.clone().body.getReader();
    (async () => {
      for (;;) {
        const {done, value} = await reader.read();
        if (done) return;
        loaded += value.byteLength;
        post({type: "loading", stage: "download", loaded, total});
      }
    })();
    return response;
  };
}

async function start() {
  const began = performance.now();
  const manifest = await (await fetch(new URL("estro/runtime.json", ASSETS))).json();
  self.fetch = countingFetch(manifest.bytes);
  post({type: "loading", stage: "download", loaded: 0, total: manifest.bytes});
  const {loadPyodide} = await import(new URL("pyodide/pyodide.mjs", ASSETS).href);
  const wheelPromise = fetch(new URL("../" + manifest.wheel, ASSETS)).then((r) => {
    if (!r.ok) throw new Error(`could not download the rules engine (${r.status})`);
    return r.arrayBuffer();
  });
  const pyodide = await loadPyodide({indexURL: new URL("pyodide/", ASSETS).href});
  post({type: "loading", stage: "engine", loaded: manifest.bytes, total: manifest.bytes});
  pyodide.unpackArchive(new Uint8Array(await wheelPromise), "wheel");
  const web = pyodide.pyimport("estro_rules.web");
  post({type: "ready", seconds: (performance.now() - began) / 1000});
  return {pyodide, web};
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

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

async function simulate(id, text, base) {
  const sim = runtime.web.simulation_start(text, base);
  try {
    let first = JSON.parse(sim.first());
    post({type: "progress", id, reply: first, done: !first.ok || first.done});
    if (!first.ok || first.done) return;
    for (;;) {
      await tick(); // let a "cancel" message in
      if (cancelled.has(id)) {
        cancelled.delete(id);
        post({type: "progress", id, reply: JSON.parse(sim.current()), done: true, cancelled: true});
        return;
      }
      const reply = JSON.parse(sim.advance());
      post({type: "progress", id, reply, done: reply.done || !reply.ok});
      if (reply.done || !reply.ok) return;
    }
  } finally {
    sim.destroy();
  }
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "cancel") {
    cancelled.add(message.id);
    return;
  }
  try {
    await ensureRuntime();
  } catch (err) {
    post({type: "failed", id: message.id, error: `Python could not start: ${err && err.message ? err.message : err}`});
    return;
  }
  try {
    if (message.type === "run") {
      post({type: "result", id: message.id, reply: JSON.parse(runtime.web.handle(message.text, message.base))});
    } else if (message.type === "simulate") {
      await simulate(message.id, message.text, message.base);
    }
  } catch (err) {
    post({type: "result", id: message.id, reply: {ok: false, error: `internal error: ${err && err.message ? err.message : err}`}});
  }
};
