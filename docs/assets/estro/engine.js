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
 * ONE BUILD AT A TIME. Every page carries its build (<meta name="estro-build">: the build's ID, its
 * date, and the SHA-256 of runtime.json and worker.js; scripts/sitegen/offline.py writes it). The
 * worker is started with them (worker.js?v=…&build=…&runtime=…) and checks that every runtime file
 * it loads is this build's. Where the page, the engine and the service worker are not of one build,
 * this page never shows results: it says "Rules updated: reload" (a button reloads), and every
 * widget request is answered with that message instead of another build's result. That happens
 *   - when instant navigation brings a page of another build into this window (its meta differs),
 *   - when the service worker takes over with another build (it tells every page), and
 *   - when the worker finds the runtime is not the page's (a deploy under way, a stale cache).
 * When the browser has no room to store a new build for offline use, the service worker says so and
 * the page tells the player in plain words (see showStorageNote).
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
 *   build ({id, date, runtime, worker} of this window's page, null under mkdocs serve), updated (true
 *                             once another build is in place: see above), swState (the service worker's last state)
 *   ready, status (the last status message), saveData, snapshot (what became of the snapshot), timings
 *                             (performance.now() of intent, requested, ready; from; store (where the snapshot is kept); stages; snapshot:
 *                             the snapshot worker's report, with warmed once it has kept compiled code)
 */
"use strict";

/* ---------- the scripts' words, in the page's language (issue 29) ----------
 *
 * Every word the scripts put on a page is written in English where it is said, marked for the engine's
 * message catalogue: t("Run") or, with values, t("Loading Python ({size})…", {size}); a number's forms
 * tn("{count} step", "{count} steps", n, {count: n}) (n is a value too). Babel's JavaScript extractor takes
 * them into the catalogue (bash scripts/i18n.sh), and the build fails on one without its Italian
 * (scripts/sitegen/messages.py). An Italian page loads their Italian before the site's scripts
 * (assets/estro/words-it.js, made by the site build: scripts/sitegen/jswords.py; kept by the service worker
 * with the rest of the build); an English page loads nothing more and says the English. The helper lives
 * here, at the top of the first of the site's scripts, so that an English page loads no file more than before. API: window.estroWords = {lang, t, tn, english: {lang, t, tn}}.
 */
(function () {
  const lang = document.documentElement.lang === "it" ? "it" : "en";
  // {lang, plural: [CLDR category of each form], words: {English: Italian or [forms]}}, for the page's language
  const said = window.estroWordsData && window.estroWordsData.lang === lang ? window.estroWordsData : null;
  const fill = (text, values) =>
    values ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole)) : text;

  /* `message` (English) in the page's language, its {placeholders} filled from `values`. */
  function t(message, values) {
    const words = said && said.words[message];
    return fill(typeof words === "string" ? words : message, values);
  }

  /* The form of `singular`/`plural` that `n` takes in the page's language (Italian has three). */
  function tn(singular, plural, n, values) {
    const forms = said && said.words[singular];
    let text = n === 1 ? singular : plural;
    if (Array.isArray(forms) && forms.length) {
      const at = said.plural.indexOf(new Intl.PluralRules(said.lang).select(n));
      text = forms[at >= 0 ? at : forms.length - 1]; // a browser without a category: the general plural
    }
    return fill(text, {n, ...values});
  }

  /* The same, in English whatever the page (an editor whose kind does not speak the page's language yet). */
  const english = {lang: "en", t: (message, values) => fill(message, values), tn: (singular, plural, n, values) => fill(n === 1 ? singular : plural, {n, ...values})};

  window.estroWords = {lang, t, tn, english};
})();

(function () {
  const {t, lang} = window.estroWords;
  const SCRIPT_URL = document.currentScript ? document.currentScript.src : location.href;
  const WORKER_URL = new URL("worker.js", SCRIPT_URL);
  const SITE_ROOT = new URL("../../", SCRIPT_URL);
  const BUILD = pageBuild(document); // the build of this window's scripts (null: not stamped, mkdocs serve)
  if (BUILD) WORKER_URL.search = new URLSearchParams({v: BUILD.worker.slice(0, 12), build: BUILD.id, runtime: BUILD.runtime});
  const UPDATED = t("The rules were updated since this page was opened: reload the page to use the new rules.");
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
    build: BUILD,
    updated: false,
    swState: null,

    start() {
      if (this.worker || this.updated) return;
      this.timings.requested = performance.now();
      // Served by our service worker, the runtime comes from its cache: nothing to download or count,
      // and a stored snapshot is expected. With Save-Data on, the worker downloads the fewest bytes.
      const local = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
      const name = "estro-engine" + (local ? ":local" : "") + (this.saveData ? ":save-data" : "");
      this.worker = new Worker(WORKER_URL, {type: "module", name});
      this.worker.onmessage = (event) => this.receive(event.data);
      this.worker.onerror = (event) => {
        const reason = event.message || t("the worker did not load");
        this.receive({type: "failed", error: t("Python could not start: {reason}", {reason})});
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
      if (message.reply && typeof message.reply.internal === "string") {
        const error = t("internal error: {error}", {error: message.reply.internal}); // a bug's report, in the page's words
        message = {...message, reply: {...message.reply, error}};
      }
      if (message.type === "failed" && typeof message.reason === "string") {
        message = {...message, error: t("Python could not start: {reason}", {reason: message.reason})}; // in the page's words
      }
      if (message.type === "failed" && message.updated) {
        // The worker's runtime is not this page's build: no results, the page says so.
        if (message.id && this.pending.has(message.id)) {
          this.fail(this.pending.get(message.id), UPDATED);
          this.pending.delete(message.id);
        } else if (!message.id) {
          this.rulesUpdated();
        }
        return;
      }
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
      const id = this.nextId++;
      if (this.updated) {
        setTimeout(() => this.fail(handlers, UPDATED)); // answered like any request: after send() returns
        return id;
      }
      this.start();
      this.pending.set(id, {...handlers, page: location.pathname});
      const lang = document.documentElement.lang === "it" ? "it" : "en"; // results read in the page's language
      this.worker.postMessage({type, id, text, base, lang});
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
        if (this.pending.size || this.updated) return;
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
  /* ---------- one build at a time (see the top of this file) ---------- */

  /* The build a document carries: {id, date, runtime, worker}, or null. */
  function pageBuild(doc) {
    const meta = doc.querySelector('meta[name="estro-build"]');
    if (!meta || !meta.content) return null;
    return {id: meta.content, date: meta.dataset.date, runtime: meta.dataset.runtime, worker: meta.dataset.worker};
  }

  const longDate = (iso) =>
    iso ? new Date(iso + "T12:00:00Z").toLocaleDateString(lang === "it" ? "it-IT" : "en-GB", {day: "numeric", month: "long", year: "numeric"}) : t("an earlier day");

  /* A note at the top of the page's text, kept across instant navigation; null removes it. */
  const notes = new Map(); // class -> {title, text, reload}
  function note(kind, content) {
    if (content) notes.set(kind, content);
    else notes.delete(kind);
    showNotes();
  }
  function showNotes() {
    const article = document.querySelector("article");
    if (!article) return;
    for (const old of article.querySelectorAll(".estro-build-note")) if (!notes.has(old.dataset.kind)) old.remove();
    for (const [kind, {title, text, reload}] of notes) {
      let box = article.querySelector(`.estro-build-note[data-kind="${kind}"]`);
      if (!box) {
        box = document.createElement("div");
        box.className = "admonition warning estro-build-note";
        box.dataset.kind = kind;
        box.setAttribute("role", "status");
        article.prepend(box);
      }
      box.textContent = "";
      const head = document.createElement("p");
      head.className = "admonition-title";
      head.textContent = title;
      const body = document.createElement("p");
      body.textContent = text;
      box.append(head, body);
      if (reload) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "md-button md-button--primary estro-reload";
        button.textContent = t("Reload");
        button.addEventListener("click", () => location.reload());
        body.append(" ", button);
      }
    }
  }

  /* Another build is in place: no results from this window's engine from now on. */
  engine.rulesUpdated = function () {
    if (!this.updated) {
      this.updated = true;
      if (this.worker) this.worker.terminate();
      this.worker = null;
      this.ready = false;
      for (const [id, entry] of this.pending) {
        this.pending.delete(id);
        this.fail(entry, UPDATED);
      }
      this.broadcast({type: "failed", error: UPDATED, updated: true});
    }
    note("updated", {
      title: t("Rules updated: reload"),
      text: t("A newer version of the rules is in place. This page keeps what it showed until you reload; its widgets wait for the reload."),
      reload: true,
    });
  };

  /* What the service worker says about the builds it holds. */
  function serviceWorkerSays(message) {
    if (!BUILD || !message) return;
    if (message.type === "estro-no-room") {
      engine.swState = {...(engine.swState || {}), noRoom: message};
    } else if (message.type === "estro-state") {
      engine.swState = message;
      const newer = message.build && message.build !== BUILD.id;
      if (newer && !(message.noRoom && message.noRoom.build === BUILD.id)) engine.rulesUpdated();
    } else {
      return;
    }
    showStorageNote();
  }

  /* No room to store a new build: say which rules the player sees offline. */
  function showStorageNote() {
    const state = engine.swState;
    const noRoom = state && state.noRoom;
    if (!noRoom || noRoom.build === (state.build || null)) return note("storage", null);
    if (noRoom.build === BUILD.id) {
      // This page is the new build, from the network; offline the old one is shown.
      note("storage", {
        title: t("Not enough storage"),
        text: t("Not enough storage to keep these rules for offline use: offline, this site shows the rules of {date}. Free some space.", {date: longDate(state.date)}),
      });
    } else {
      note("storage", {
        title: t("Not enough storage"),
        text: t("Not enough storage to update the rules for offline use: showing the rules of {date}. Free some space or go online.", {date: longDate(BUILD.date)}),
      });
    }
  }

  if (BUILD && "serviceWorker" in navigator) {
    const sw = navigator.serviceWorker;
    sw.addEventListener("message", (event) => serviceWorkerSays(event.data));
    const ask = () => sw.controller && sw.controller.postMessage({type: "estro-state"});
    sw.addEventListener("controllerchange", ask);
    ask();
  }

  window.estroEngine = engine; // for widget UIs, the browser tests, the benchmarks and the curious

  // Leaving a page cancels its jobs: instant navigation swaps it without unloading, and a page
  // unloaded (or kept in the back-forward cache) must not leave an estimate running either.
  let page = location.pathname;
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => {
      if (location.pathname !== page) engine.cancelPage(page);
      page = location.pathname;
      const shown = pageBuild(document);
      if (BUILD && shown && shown.id !== BUILD.id) engine.rulesUpdated(); // instant navigation into another build
      showNotes();
    });
  }
  window.addEventListener("pagehide", () => engine.cancelPage(page));
})();
