/* ESTRO Rules — the engine client: the page's side of the Python worker (assets/estro/worker.js).
 *
 * It knows nothing of forms or output: a widget UI asks it to run scenario
 * text and gets the engine's replies. It runs once per window (Material's
 * instant navigation keeps the window), so one worker, one Python, serves
 * every widget on every page of a visit.
 *
 * WHEN PYTHON LOADS. Never for plain reading: not on load, not on scroll. It
 * starts when a reader shows they are about to use a widget —
 *   - the pointer moves over it (pointermove; a pointerenter alone also fires
 *     when the page scrolls under a resting pointer, so it does not count),
 *   - focus goes inside it (focusin),
 *   - a finger lands on one of its controls (touchstart; a swipe that starts
 *     on text is reading, not intent) —
 * or when a widget sends a request. With Save-Data on
 * (navigator.connection.saveData) intent does nothing: only a request loads Python.
 *
 * AFTER FIRST USE. Once Python is ready and idle, the client (1) registers the
 * service worker (/sw.js), which keeps the whole site and the runtime for use
 * with no network; (2) once that serves the page, has a second, short-lived
 * worker keep a copy of the site's memory snapshot of a ready engine in the
 * browser's storage, unless this start came from a valid copy, so the next visit
 * reads it in a few milliseconds. That worker loads Pyodide's scripts and
 * WebAssembly through the service worker and keeps its engine busy for a few
 * seconds, so the browser keeps their compiled code (the WebAssembly's
 * optimised) for the next visit. The worker's name tells it whether the service
 * worker serves the page (nothing to download) and whether Save-Data is on.
 *
 * API: window.estroEngine
 *   watch(element)            start on intent shown on element (call once per widget)
 *   start()                   start loading Python now
 *   send(type, text, base, {onReply, onProgress}) -> id
 *                             type "run" (onReply(reply) once) or "simulate"
 *                             (onProgress(message) per slice, message.done at the end)
 *   cancel(id)                end a job; its final reply says cancelled
 *   cancelPage(path)          cancel every job sent from that page (default: this one);
 *                             done by itself when instant navigation leaves a page, and on pagehide
 *   subscribe(fn) -> unsubscribe   status: {type: "loading"|"ready"|"failed", ...}
 *   ready, status (the last status message), saveData, snapshot (what became of the snapshot), timings
 *                             (performance.now() of intent, requested, ready; from; store (where the snapshot is kept); stages; snapshot:
 *                             the snapshot worker's report, with warmed once it has kept compiled code)
 */
"use strict";

(function () {
  const SCRIPT_URL = document.currentScript ? document.currentScript.src : location.href;
  const WORKER_URL = new URL("worker.js", SCRIPT_URL);
  const SITE_ROOT = new URL("../../", SCRIPT_URL);
  const IDLE_MS = 2000; // quiet time after the last reply before the follow-up work starts
  const CONTROL_MS = 30000; // longest wait for the service worker to serve the page before the snapshot is made

  const saveData = Boolean(navigator.connection && navigator.connection.saveData);

  const engine = {
    worker: null,
    ready: false,
    saveData,
    snapshot: "unknown",
    status: null, // the last status message: where a start is
    offline: false,
    nextId: 1,
    pending: new Map(), // id -> {onReply, onProgress, page}
    listeners: new Set(), // status listeners
    timings: {intent: null, requested: null, ready: null, from: null, store: null, stages: null},
    _afterIdle: null,

    start() {
      if (this.worker) return;
      this.timings.requested = performance.now();
      // Served by our service worker, the runtime comes from its cache: nothing to download or count,
      // and a stored snapshot is expected. With Save-Data on, the worker downloads the fewest bytes.
      const local = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
      const name = "estro-engine" + (local ? ":local" : "") + (this.saveData ? ":save-data" : "");
      this.worker = new Worker(WORKER_URL, {type: "module", name});
      this.worker.onmessage = (event) => this.receive(event.data);
      this.worker.onerror = (event) => {
        this.receive({type: "failed", error: `Python could not start: ${event.message || "the worker did not load"}`});
      };
    },

    watch(element) {
      if (element.dataset.estroWatched) return;
      element.dataset.estroWatched = "1";
      const intent = () => {
        if (this.worker || this.saveData) return;
        this.timings.intent = performance.now();
        this.start();
      };
      element.addEventListener("pointermove", (e) => e.pointerType !== "touch" && intent(), {passive: true});
      element.addEventListener("focusin", intent);
      element.addEventListener(
        "touchstart",
        (e) => e.target.closest && e.target.closest("input, button, select, textarea, summary, label") && intent(),
        {passive: true},
      );
    },

    receive(message) {
      if (message.type === "loading" || message.type === "ready" || message.type === "failed") {
        if (message.type === "ready") {
          this.ready = true;
          this.timings.ready = performance.now();
          this.timings.from = message.from;
          this.timings.store = message.store;
          this.timings.stages = message.stages;
          this.snapshot = message.snapshot;
          this.offline = Boolean(message.offline);
        }
        this.broadcast(message);
        if (message.type === "failed" && message.id && this.pending.has(message.id)) {
          this.fail(this.pending.get(message.id), message.error);
          this.pending.delete(message.id);
        } else if (message.type === "failed" && !message.id) {
          // This worker could not start Python (say, no network): the next request starts a new one.
          this.worker.terminate();
          this.worker = null;
          for (const [id, entry] of this.pending) {
            this.pending.delete(id);
            this.fail(entry, message.error);
          }
        }
        return;
      }
      const entry = this.pending.get(message.id);
      if (!entry) return;
      if (message.type === "result") {
        this.pending.delete(message.id);
        entry.onReply(message.reply);
      } else if (message.type === "progress") {
        if (message.done) this.pending.delete(message.id);
        entry.onProgress(message);
      }
      if (this.pending.size === 0) this.idle();
    },

    fail(entry, error) {
      const reply = {ok: false, done: true, error};
      if (entry.onReply) entry.onReply(reply);
      else entry.onProgress({reply, done: true});
    },

    broadcast(message) {
      this.status = message;
      for (const listener of this.listeners) listener(message);
    },

    subscribe(listener) {
      this.listeners.add(listener);
      return () => this.listeners.delete(listener);
    },

    send(type, text, base, handlers) {
      this.start();
      const id = this.nextId++;
      this.pending.set(id, {...handlers, page: location.pathname});
      this.worker.postMessage({type, id, text, base});
      return id;
    },

    cancel(id) {
      if (this.worker && this.pending.has(id)) this.worker.postMessage({type: "cancel", id});
    },

    cancelPage(path = location.pathname) {
      for (const [id, entry] of this.pending) if (entry.page === path) this.cancel(id);
    },

    /* Nothing is running: a good time for the work that follows a first use. */
    idle() {
      clearTimeout(this._afterIdle);
      this._afterIdle = setTimeout(() => {
        if (this.pending.size) return;
        const controlled = this.offline ? this.registerServiceWorker() : Promise.resolve();
        const wanted = ["missing", "stale"].includes(this.snapshot) || this.snapshot.startsWith("failed");
        if (this.ready && wanted) {
          this.snapshot = "making";
          // Once the service worker serves this page, the snapshot's worker loads Pyodide's
          // scripts through it, and the browser keeps their compiled code beside its copies:
          // the next visit starts without compiling them again.
          controlled.then(() => this.makeSnapshot());
        }
      }, IDLE_MS);
    },

    makeSnapshot() {
      this.snapshot = "making";
      const controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
      const maker = new Worker(WORKER_URL, {type: "module", name: "estro-snapshot"});
      maker.onmessage = (event) => {
        if (event.data.type === "snapshot") {
          this.snapshot = event.data.state;
          this.timings.snapshot = {...event.data, controlled}; // controlled: made through the service worker
          if (this.snapshot !== "stored") maker.terminate();
        } else if (event.data.type === "warmed") {
          this.timings.snapshot.warmed = event.data.seconds; // it closes itself now
        }
      };
      maker.onerror = (event) => {
        this.snapshot = `skipped: ${event.message || "worker error"}`;
        maker.terminate();
      };
    },

    /* Register the service worker; resolves once it serves this page (or at once if it cannot:
     * no support, a failed registration, or no control within CONTROL_MS). */
    registerServiceWorker() {
      if (!("serviceWorker" in navigator)) return Promise.resolve();
      if (!this._registered) {
        const sw = navigator.serviceWorker;
        const controlled = new Promise((resolve) => {
          if (sw.controller) resolve();
          sw.addEventListener("controllerchange", () => resolve(), {once: true});
          setTimeout(resolve, CONTROL_MS);
        });
        this._registered = sw.register(new URL("sw.js", SITE_ROOT).href).then(() => controlled, () => null);
      }
      return this._registered;
    },
  };
  window.estroEngine = engine; // for widget UIs, the browser tests, the benchmarks and the curious

  // Leaving a page cancels its jobs: instant navigation swaps it without unloading, and a page
  // unloaded (or kept in the back-forward cache) must not leave an estimate running either.
  let page = location.pathname;
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => {
      if (location.pathname !== page) engine.cancelPage(page);
      page = location.pathname;
    });
  }
  window.addEventListener("pagehide", () => engine.cancelPage(page));
})();
