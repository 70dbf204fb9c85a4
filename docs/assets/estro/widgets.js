/* ESTRO Rules — interactive widgets.
 *
 * Every widget's default result is already on the page (rendered at build
 * time). Python (Pyodide, in a Web Worker) loads only when a reader is about
 * to use a widget; the engine client (assets/estro/engine.js) decides when,
 * runs the worker and routes its messages. This script is the widget UI: it
 * runs once per window, and widgets are mounted on each page through
 * Material's document$ observable.
 *
 * The worker returns HTML made by the engine's own views, which escape every
 * piece of scenario text; error messages are inserted as text.
 */
"use strict";

(function () {
  const SCRIPT_URL = document.currentScript ? document.currentScript.src : location.href;
  const WORKER_URL = new URL("worker.js", SCRIPT_URL);

  // The engine client (assets/estro/engine.js, loaded first): the worker, intent, Save-Data, message routing.
  const engine = window.estroEngine;

  /* ---------- scenario <-> form ---------- */

  function readForm(widget, scenario) {
    for (const el of widget.querySelectorAll("[data-field]")) {
      const field = el.dataset.field;
      const type = el.dataset.type;
      if (type === "list") {
        scenario[field] = [...el.querySelectorAll("input[type=checkbox]")].filter((b) => b.checked).map((b) => b.value);
      } else if (type === "bool") {
        scenario[field] = el.checked;
      } else if (type === "int") {
        if (el.value.trim() === "") delete scenario[field];
        else scenario[field] = Number(el.value);
      }
    }
    return scenario;
  }

  function writeForm(widget, scenario) {
    for (const el of widget.querySelectorAll("[data-field]")) {
      const type = el.dataset.type;
      let value = scenario[el.dataset.field];
      if (value === undefined) {
        // A field the scenario leaves out takes the engine's default.
        value = type === "list" ? JSON.parse(el.dataset.default || "[]") : type === "bool" ? false : null;
        if (type === "int") el.value = "";
      }
      if (type === "list" && Array.isArray(value)) {
        for (const box of el.querySelectorAll("input[type=checkbox]")) box.checked = value.includes(box.value);
      } else if (type === "bool" && typeof value === "boolean") {
        el.checked = value;
      } else if (type === "int" && Number.isInteger(value)) {
        el.value = String(value);
      }
    }
  }

  function parseOrNull(text) {
    try {
      const data = JSON.parse(text);
      return data && typeof data === "object" && !Array.isArray(data) ? data : null;
    } catch (_) {
      return null;
    }
  }

  /* ---------- steppers (battle rolls, resolution actions) ---------- */

  function enhanceSteppers(root) {
    for (const stepper of root.querySelectorAll(".estro-stepper")) {
      if (stepper.dataset.enhanced) continue;
      stepper.dataset.enhanced = "1";
      const panels = [...stepper.querySelectorAll(":scope > .estro-step-panel")];
      if (panels.length < 2) continue;
      const bar = document.createElement("div");
      bar.className = "estro-stepper-bar";
      const prev = button("◀ Previous", "estro-prev");
      const next = button("Next ▶", "estro-next");
      const slider = document.createElement("input");
      slider.type = "range";
      slider.min = "0";
      slider.max = String(panels.length - 1);
      slider.className = "estro-step-slider";
      slider.setAttribute("aria-label", "Step");
      const label = document.createElement("span");
      label.className = "estro-step-label";
      label.setAttribute("aria-live", "polite");
      bar.append(prev, slider, next, label);
      stepper.prepend(bar);
      const show = (i) => {
        panels.forEach((p, k) => (p.hidden = k !== i));
        slider.value = String(i);
        prev.disabled = i === 0;
        next.disabled = i === panels.length - 1;
        label.textContent = `${panels[i].dataset.label || "Step " + i} (${i + 1}/${panels.length})`;
        stepper.dataset.current = String(i);
      };
      prev.addEventListener("click", () => show(Math.max(0, Number(slider.value) - 1)));
      next.addEventListener("click", () => show(Math.min(panels.length - 1, Number(slider.value) + 1)));
      slider.addEventListener("input", () => show(Number(slider.value)));
      show(0);
    }
  }

  function button(text, className) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `md-button ${className}`;
    b.textContent = text;
    return b;
  }

  /* ---------- links that carry a scenario ---------- */

  function encodeScenario(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function decodeScenario(value) {
    const b64 = value.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(b64 + "===".slice((b64.length + 3) % 4));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  }

  function scenarioLink(widget, text) {
    const url = new URL(location.href);
    url.search = "";
    url.searchParams.set("widget", widget.dataset.widget);
    url.searchParams.set("scenario", encodeScenario(text));
    url.hash = widget.id;
    return url.href;
  }

  /* ---------- one widget ---------- */

  function formatBytes(n) {
    return `${(n / 1e6).toFixed(1)} MB`;
  }

  function loadingText(message) {
    return message.stage === "download"
      ? `Loading Python (${formatBytes(message.total)}): ${formatBytes(message.loaded)} so far…`
      : "Starting the rules engine…";
  }

  function mount(widget) {
    if (widget.dataset.mounted) return;
    widget.dataset.mounted = "1";
    engine.watch(widget); // intent on the widget starts Python
    const textarea = widget.querySelector(".estro-scenario");
    const output = widget.querySelector(".estro-output");
    const status = widget.querySelector(".estro-status");
    const errorBox = widget.querySelector(".estro-error");
    const progress = widget.querySelector(".estro-progress");
    const progressBar = progress.querySelector("progress");
    const progressText = progress.querySelector(".estro-progress-text");
    const runButton = widget.querySelector(".estro-run");
    const cancelButton = widget.querySelector(".estro-cancel");
    const base = widget.dataset.base || "";
    const simulate = widget.dataset.mode === "simulate";
    let current = null; // id of the request in flight
    let clicked = null; // performance.now() of the interaction being answered
    let queued = false; // a change arrived while a run was in flight: run again after it

    enhanceSteppers(output);

    const showError = (message) => {
      errorBox.hidden = !message;
      errorBox.textContent = message || "";
    };

    const unsubscribe = engine.subscribe((message) => onLoading(message));
    const onLoading = (message) => {
      if (!widget.isConnected) {
        unsubscribe();
        return;
      }
      if (message.type === "loading" && message.stage === "download") widget.dataset.loadedBytes = String(message.loaded);
      if (current === null) return;
      if (message.type === "loading") {
        progress.hidden = false;
        progressBar.max = message.total || 1;
        progressBar.value = message.loaded;
        status.textContent = loadingText(message);
      } else if (message.type === "ready") {
        progress.hidden = true;
        status.textContent = `Python ready in ${message.seconds.toFixed(1)} s. Running…`;
      } else if (message.type === "failed") {
        progress.hidden = true;
        status.textContent = "";
        showError(message.error);
        finish();
      }
    };

    function finish() {
      current = null;
      runButton.disabled = false;
      if (cancelButton) cancelButton.disabled = true;
      widget.dataset.busy = "";
      if (queued) {
        queued = false;
        run();
      }
    }

    function showReply(reply) {
      if (reply.ok) {
        showError("");
        output.innerHTML = reply.html; // HTML from the engine's views: every text is escaped there
        enhanceSteppers(output);
      } else {
        showError(reply.error);
      }
    }

    function run() {
      if (current !== null) {
        if (!simulate) queued = true; // the latest scenario wins; a simulation is cancelled, not queued
        return;
      }
      const text = textarea.value;
      clicked = performance.now();
      widget.dataset.busy = "1";
      runButton.disabled = true;
      if (engine.ready) {
        status.textContent = "Running…";
      } else if (engine.status && engine.status.type === "loading") {
        status.textContent = loadingText(engine.status); // started on intent: show where it is
      } else {
        const total = Number(widget.dataset.downloadBytes || 0);
        status.textContent = `Loading Python (${formatBytes(total)})…`;
      }
      const handlers = {
        onReply(reply) {
          if (reply.cancelled) {
            status.textContent = "Cancelled.";
            finish();
            return;
          }
          showReply(reply);
          const ms = performance.now() - clicked;
          status.textContent = reply.ok ? `Done in ${(ms / 1000).toFixed(2)} s.` : "The scenario has a problem:";
          widget.dataset.lastMs = String(ms);
          widget.dataset.resultAt = String(performance.now()); // for the benchmark
          widget.dataset.runs = String(Number(widget.dataset.runs || 0) + 1);
          finish();
        },
        onProgress(message) {
          const reply = message.reply;
          if (message.cancelled && !reply.ok) {
            status.textContent = "Cancelled.";
            progress.hidden = true;
            finish();
            return;
          }
          if (!reply.ok) {
            showError(reply.error);
            status.textContent = "The scenario has a problem:";
            progress.hidden = true;
            finish();
            return;
          }
          showError("");
          output.innerHTML = reply.html;
          progress.hidden = false;
          progressBar.max = reply.total || 1;
          progressBar.value = reply.completed || 0;
          progressText.textContent = ` ${reply.completed} of ${reply.total} battles`;
          // Timestamps (performance.now()) for the benchmark: first partial estimate, and done.
          if (!widget.dataset.firstPartialAt) widget.dataset.firstPartialAt = String(performance.now());
          if (message.done) {
            widget.dataset.doneAt = String(performance.now());
            const ms = performance.now() - clicked;
            status.textContent = message.cancelled
              ? `Cancelled after ${reply.completed} battles.`
              : `Done: ${reply.completed} battles in ${(ms / 1000).toFixed(2)} s.`;
            widget.dataset.lastMs = String(ms);
            widget.dataset.runs = String(Number(widget.dataset.runs || 0) + 1);
            finish();
          }
        },
      };
      if (simulate && cancelButton) cancelButton.disabled = false;
      widget.dataset.firstPartialAt = "";
      widget.dataset.doneAt = "";
      current = engine.send(simulate ? "simulate" : "run", text, base, handlers);
    }

    function syncFromForm() {
      const scenario = parseOrNull(textarea.value);
      if (scenario === null) {
        showError("The scenario JSON above is not valid; fix it or pick an example.");
        return false;
      }
      textarea.value = JSON.stringify(readForm(widget, scenario), null, 2);
      return true;
    }

    widget.querySelector(".estro-form")?.addEventListener("change", () => {
      if (syncFromForm() && !simulate) run();
    });
    widget.querySelector(".estro-examples")?.addEventListener("change", (event) => {
      if (!event.target.value) return;
      textarea.value = event.target.value;
      const scenario = parseOrNull(textarea.value);
      if (scenario) writeForm(widget, scenario);
      if (!simulate) run();
    });
    textarea.addEventListener("change", () => {
      const scenario = parseOrNull(textarea.value);
      if (scenario) writeForm(widget, scenario);
    });
    runButton.addEventListener("click", run);
    cancelButton?.addEventListener("click", () => {
      if (current !== null) engine.cancel(current);
    });
    widget.querySelector(".estro-copy-link")?.addEventListener("click", async () => {
      const link = scenarioLink(widget, textarea.value);
      let box = widget.querySelector(".estro-link");
      if (!box) {
        box = document.createElement("input");
        box.className = "estro-link";
        box.readOnly = true;
        box.setAttribute("aria-label", "Link to this scenario");
        widget.querySelector(".estro-actions").append(box);
      }
      box.value = link;
      box.select();
      try {
        await navigator.clipboard.writeText(link);
        status.textContent = "Link copied: it restores this scenario.";
      } catch (_) {
        status.textContent = "Copy the link from the box: it restores this scenario.";
      }
    });

    // A link made by "Copy link" restores the scenario and runs it.
    const params = new URLSearchParams(location.search);
    if (params.get("widget") === widget.dataset.widget && params.get("scenario")) {
      let text = null;
      try {
        text = decodeScenario(params.get("scenario"));
      } catch (_) {
        showError("The link's scenario could not be read (it may have been cut short).");
      }
      if (text !== null) {
        textarea.value = text;
        widget.querySelector(".estro-json").open = true;
        const scenario = parseOrNull(text);
        if (scenario) writeForm(widget, scenario);
        run();
      }
    }
  }

  function mountAll() {
    for (const widget of document.querySelectorAll(".estro-widget")) mount(widget);
    enhanceSteppers(document);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(mountAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountAll);
  } else {
    mountAll();
  }
})();
