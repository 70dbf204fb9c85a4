/* ESTRO Rules — the widget shell: editor, JSON view, live results, honest state, links.
 *
 * Every widget's default result is already on the page (rendered at build time). Python (Pyodide,
 * in a Web Worker) loads only when a reader is about to use a widget; the engine client
 * (assets/estro/engine.js) decides when, runs the worker and routes its messages. The editor is
 * generated from the scenario kind's declarations (assets/estro/form.js, fed by
 * assets/estro/kinds/<kind>.json); links are assets/estro/share.js. This script runs once per
 * window, and widgets are mounted on each page through Material's document$ observable.
 *
 * LIVE RESULTS. Every edit runs the scenario again: a committed edit (a select, a checkbox, a
 * button, leaving a box) at once, typing after 250 ms of quiet. The request goes out as soon as the
 * edit is made; if Python is still loading, it runs when Python is ready. A newer edit cancels the
 * run in flight: the latest scenario wins. Every request is a job that the worker runs in slices
 * and that can be cancelled (sent as "simulate", so each slice reports), whatever the widget.
 *
 * HONEST STATE. From an edit to its result, the shown result is marked out of date (a visible note,
 * a class, aria-busy="true"). An error takes the result's place (the old result is hidden, the
 * message is at the top and on the control its field names). Cancel says how far an estimate got.
 *
 * The worker returns HTML made by the engine's own views, which escape every piece of scenario
 * text; error messages are inserted as text.
 */
"use strict";

(function () {
  const SCRIPT_URL = document.currentScript ? document.currentScript.src : location.href;
  // Each kind's declarations, with their labels and help in the page's language (scripts/sitegen/widgets.py).
  const KINDS_URL = new URL(document.documentElement.lang === "it" ? "kinds/it/" : "kinds/", SCRIPT_URL);
  const TYPING_MS = 250; // quiet time after typing before the scenario runs again

  // The engine client (assets/estro/engine.js, loaded first): the worker, intent, Save-Data, message routing.
  const engine = window.estroEngine;
  const {t, tn, lang} = window.estroWords; // the page's words (assets/estro/engine.js)
  const kinds = new Map(); // kind name -> Promise of its declarations

  function declarations(kind) {
    if (!kinds.has(kind)) {
      const loading = fetch(new URL(`${encodeURIComponent(kind)}.json`, KINDS_URL)).then((r) => {
        if (!r.ok) throw new Error(t("no editor for {kind} ({status})", {kind, status: r.status}));
        return r.json();
      });
      loading.catch(() => kinds.delete(kind)); // a later try may work (the network came back)
      kinds.set(kind, loading);
    }
    return kinds.get(kind);
  }

  /* Italian words in what the scripts add are marked lang="it" (assets/estro/reading.js). */
  function markItalian(root) {
    if (window.estroReading) window.estroReading.markItalian(root);
  }

  function parse(text) {
    const data = window.estroForm.parseJson(text);
    if (data === null || typeof data !== "object" || Array.isArray(data)) throw new Error(t("a scenario is a JSON object { … }"));
    return data;
  }

  /* ---------- steppers (battle rolls, resolution actions): steps built when a reader asks ----------
   *
   * A result's panels come in a <template class="estro-steps"> (estro_rules.html.steps_box): with the
   * result itself in the worker's answer, or, on a page the site built, as a JSON file beside the page
   * (the stepper's data-src; scripts/sitegen/steps.py) fetched on the first Next or "Show every step". Only
   * the panel shown is in the page. The panels are the engine's own HTML (its views escape every text);
   * nothing here renders a result. */

  const stepFiles = new Map(); // URL -> Promise of the panels' HTML

  function stepsHtml(template) {
    if (!template.dataset.src) return Promise.resolve(null); // the panels are in the template
    const url = new URL(template.dataset.src, document.baseURI).href;
    if (!stepFiles.has(url)) {
      const loading = fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${r.status}`);
        return r.json();
      });
      loading.catch(() => stepFiles.delete(url)); // a later press may work (the network came back)
      stepFiles.set(url, loading.then((data) => data.html));
    }
    return stepFiles.get(url);
  }

  function enhanceSteppers(root) {
    for (const stepper of root.querySelectorAll(".estro-stepper[data-steps]")) {
      if (stepper.dataset.enhanced) continue;
      stepper.dataset.enhanced = "1";
      let template = stepper.querySelector(":scope > template.estro-steps");
      if (!template && stepper.dataset.src) { // a page the site built: the panels are in the file it names
        template = document.createElement("template");
        template.dataset.src = stepper.dataset.src;
      }
      const count = Number(stepper.dataset.steps);
      if (!template || count < 1) continue;
      let panels = null;
      let current = -1; // the panel shown; -1: none yet
      let all = false; // every step shown
      const bar = document.createElement("div");
      bar.className = "estro-stepper-bar";
      const next = button(t("Next ▶"), "estro-next");
      next.setAttribute("aria-label", t("Next step"));
      next.title = tn("{count} step: the start, then one at a time", "{count} steps: the start, then one at a time", count, {count});
      const every = button(t("Show every step"), "estro-every");
      every.setAttribute("aria-expanded", "false");
      bar.append(next, every);
      stepper.prepend(bar);
      // Made on the first press (a page has 40 steppers, and most are never opened).
      const label = document.createElement("span");
      label.className = "estro-step-label";
      label.setAttribute("aria-live", "polite");
      const view = document.createElement("div");
      view.className = "estro-step-view";
      let prev = null;
      let slider = null;

      async function load() {
        if (panels) return panels;
        if (!label.isConnected) bar.append(label);
        if (!view.isConnected) stepper.append(view);
        label.textContent = t("Loading the steps…");
        try {
          const html = await stepsHtml(template);
          if (html !== null) template.innerHTML = html;
        } catch (err) {
          label.textContent = t("The steps could not be loaded ({reason}); press again to retry.", {reason: err.message});
          return null;
        }
        panels = [...template.content.children];
        return panels;
      }

      function controls() {
        if (prev) return;
        prev = button(t("◀ Previous"), "estro-prev");
        slider = document.createElement("input");
        slider.type = "range";
        slider.min = "0";
        slider.max = String(panels.length - 1);
        slider.className = "estro-step-slider";
        slider.setAttribute("aria-label", t("Step"));
        bar.insertBefore(prev, next); // Next stays where it is: moved, it would lose the focus
        bar.insertBefore(slider, next);
        prev.addEventListener("click", () => show(Math.max(0, current - 1)));
        slider.addEventListener("input", () => show(Number(slider.value)));
      }

      function show(i) {
        all = false;
        every.textContent = t("Show every step");
        every.setAttribute("aria-expanded", "false");
        current = i;
        view.replaceChildren(panels[i].cloneNode(true));
        markItalian(view);
        controls();
        slider.value = String(i);
        prev.hidden = next.hidden = slider.hidden = false;
        const single = panels.length === 1;
        prev.disabled = next.disabled = false; // enabled first, so that either can take the focus
        setDisabled(prev, i === 0, single ? every : next);
        setDisabled(next, i === panels.length - 1, single ? every : prev);
        const step = panels[i].dataset.label || t("Step {number}", {number: i + 1});
        label.textContent = `${step} (${i + 1}/${panels.length})`;
        stepper.dataset.current = String(i);
      }

      function showAll() {
        all = true;
        view.replaceChildren(...panels.map((p) => p.cloneNode(true)));
        markItalian(view);
        every.textContent = t("Show one step at a time");
        every.setAttribute("aria-expanded", "true");
        if (prev) prev.hidden = slider.hidden = true;
        next.hidden = true;
        label.textContent = t("Every step ({count})", {count: panels.length});
        stepper.dataset.current = "all";
      }

      next.addEventListener("click", async () => {
        if (!(await load())) return;
        show(Math.min(panels.length - 1, current + 1));
      });
      every.addEventListener("click", async () => {
        if (!(await load())) return;
        if (all) show(Math.max(0, current));
        else showAll();
      });
    }
  }

  /* Disable a control without losing the keyboard's place: if it has the focus, the focus moves to
   * `fallback` first (a focused control that becomes disabled would drop the focus to the page). */
  function setDisabled(control, disabled, fallback) {
    if (disabled && document.activeElement === control && fallback) fallback.focus();
    control.disabled = disabled;
  }

  function button(text, className) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `md-button ${className}`;
    b.textContent = text;
    return b;
  }

  /* ---------- one widget ---------- */

  function formatBytes(n) {
    return `${(n / 1e6).toLocaleString(lang === "it" ? "it-IT" : "en", {minimumFractionDigits: 1, maximumFractionDigits: 1})} MB`;
  }

  function loadingText(message) {
    return message.stage === "download"
      ? t("Loading Python ({size}): {loaded} so far…", {size: formatBytes(message.total), loaded: formatBytes(message.loaded)})
      : t("Starting the rules engine…");
  }

  function mount(widget) {
    if (widget.dataset.mounted) return;
    widget.dataset.mounted = "1";
    engine.watch(widget); // intent on the widget starts Python
    const $ = (selector) => widget.querySelector(selector);
    const textarea = $(".estro-scenario");
    const output = $(".estro-output");
    const status = $(".estro-status");
    const errorBox = $(".estro-error");
    const staleNote = $(".estro-stale-note");
    const progress = $(".estro-progress");
    const progressBar = progress.querySelector("progress");
    const progressText = progress.querySelector(".estro-progress-text");
    const runButton = $(".estro-run");
    const cancelButton = $(".estro-cancel");
    const editorBox = $(".estro-editor");
    const base = widget.dataset.base || "";
    // The examples of the picker and the editor's sample values: a file the site ships, fetched once.
    let assets = null;
    const widgetAssets = () => {
      if (!widget.dataset.assets) return Promise.resolve({examples: [], samples: {}});
      if (!assets) {
        assets = fetch(new URL(widget.dataset.assets, document.baseURI)).then((r) => {
          if (!r.ok) throw new Error(`${r.status}`);
          return r.json();
        });
        assets.catch(() => (assets = null)); // a later try may work
      }
      return assets;
    };
    const controls = (editorBox.dataset.controls || "").split(",").filter(Boolean);
    const homeKind = editorBox.dataset.kind;
    let form = null;
    let formKind = null;
    let current = null; // id of the request whose result the widget waits for
    let started = null; // performance.now() of the edit or click being answered
    let timer = null; // a run waiting for typing to pause
    let sentText = null; // the scenario text of the request in flight
    let answeredText = null; // the scenario text whose answer is on screen

    enhanceSteppers(output);

    /* ---------- the result line: the answer beside the question ----------
     *
     * One line at the end of the editor says the verdict (or that it is on its way, or the problem),
     * links to the full result and has a Run button. It is sticky: while the editor goes on below the
     * screen, the line stays at the bottom of the screen, over the editor and nothing else. And so that
     * Run is a few Tab presses from any field, every group of the editor (a team, an open row, a card's
     * face, a list) ends with a "Run" stop that shows only when the keyboard reaches it, like a skip
     * link: the order of the stops never changes. */

    const line = document.createElement("div");
    line.className = "estro-result-line";
    const lineText = document.createElement("span");
    lineText.className = "estro-result-text";
    const lineLink = document.createElement("a");
    lineLink.className = "estro-result-link";
    lineLink.textContent = t("Full result");
    if (!output.id) output.id = `${widget.id}-result`;
    lineLink.href = `#${output.id}`;
    const lineRun = button(t("Run"), "estro-line-run md-button--primary");
    line.append(lineText, lineLink, lineRun);
    lineRun.addEventListener("click", () => run(true));

    function verdictText() {
      const verdict = output.querySelector(".estro-verdict") || output.querySelector("p");
      return verdict ? verdict.textContent.replace(/\s+/g, " ").trim() : t("Result below.");
    }

    function setLine(state, text) {
      line.dataset.state = state;
      lineText.textContent = text;
      markItalian(lineText);
    }

    /* A "Run" stop at the end of every group of `root` that has none (groups made later get theirs too). */
    function addRunStops(root) {
      if (!(root instanceof Element)) return;
      const groups = [...root.querySelectorAll("fieldset, .estro-row-body")];
      if (root.matches("fieldset, .estro-row-body")) groups.push(root);
      for (const group of groups) {
        if (!form || !form.element.contains(group)) continue;
        const last = group.lastElementChild;
        if (last && last.classList.contains("estro-run-here")) continue;
        const stop = button(t("Run ▸"), "estro-run-here");
        stop.setAttribute("aria-label", t("Run the scenario now (the result line is below)"));
        stop.addEventListener("click", () => run(true));
        group.append(stop);
      }
    }
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) addRunStops(node);
    }).observe(editorBox, {childList: true, subtree: true});

    /* ---------- state shown ---------- */

    function markStale(why = "") {
      setLine("stale", why ? t("Out of date: {why}", {why}) : engine.ready ? t("Running…") : t("Out of date: the new result comes once Python has loaded."));
      output.classList.add("estro-stale");
      output.setAttribute("aria-busy", why ? "false" : "true");
      widget.dataset.stale = "1";
      staleNote.hidden = output.hidden;
      const coming = engine.ready ? t("the new one is on its way.") : t("the new one comes once Python has loaded.");
      staleNote.textContent = t("Out of date: the result below is for an earlier scenario; {why}", {why: why || coming});
    }

    /* The answer on screen is an error for this very scenario: nothing is out of date. */
    function markStaleOff() {
      setLine("error", t("Problem: {message}", {message: errorBox.textContent}));
      output.classList.remove("estro-stale");
      output.setAttribute("aria-busy", "false");
      widget.dataset.stale = "";
      staleNote.hidden = true;
    }

    function markCurrent(running) {
      setLine(running ? "running" : "current", verdictText());
      output.classList.remove("estro-stale");
      output.setAttribute("aria-busy", running ? "true" : "false");
      widget.dataset.stale = "";
      staleNote.hidden = true;
    }

    function showError(message, field) {
      setLine("error", t("Problem: {message}", {message}));
      errorBox.hidden = false;
      errorBox.textContent = message;
      output.hidden = true; // the error takes the result's place: no old result that looks current
      staleNote.hidden = true;
      output.setAttribute("aria-busy", "false");
      widget.dataset.stale = "";
      if (form) form.showError(field || "", message);
    }

    function clearError() {
      errorBox.hidden = true;
      errorBox.textContent = "";
      output.hidden = false;
      if (form) form.clearErrors();
    }

    const unsubscribe = engine.subscribe((message) => {
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
        progressText.textContent = "";
        status.textContent = loadingText(message);
      } else if (message.type === "ready") {
        progress.hidden = true;
        status.textContent = t("Python ready in {seconds} s. Running…", {seconds: message.seconds.toLocaleString(lang === "it" ? "it-IT" : "en", {minimumFractionDigits: 1, maximumFractionDigits: 1})});
        if (widget.dataset.stale) markStale(); // its wording says the result is on its way now
      }
    });

    /* ---------- running ---------- */

    function settle() {
      current = null;
      runButton.disabled = false;
      setDisabled(cancelButton, true, runButton);
      progress.hidden = true;
      widget.dataset.busy = "";
    }

    function schedule(delay) {
      markStale();
      clearTimeout(timer);
      timer = setTimeout(run, delay);
    }

    /* Run the scenario in the JSON view. An edit that changes nothing (leaving a box, a select set to
     * what it was) does not run it again; the Run button always does. */
    /* ---------- scenarios of another kind this widget takes fields from (data-takes) ----------
     * The win probability, given a battle (pasted, picked, or handed over by the battle viewer), does
     * not run one battle: it says so and offers to estimate those teams, in its own scenario (its
     * number of battles and seed) with the given scenario's fields. */

    const takes = widget.dataset.takes ? JSON.parse(widget.dataset.takes) : {};
    const offerBox = $(".estro-offer");
    let own = null; // the last scenario of its own kind it had (what a taken scenario's fields go into)
    try {
      own = parse(textarea.value);
    } catch (_) {
      own = {kind: homeKind};
    }

    function taken(given) {
      const fields = takes[given.kind];
      if (!fields) return null;
      const next = {...own, kind: homeKind};
      for (const f of fields) {
        if (given[f] === undefined) delete next[f];
        else next[f] = structuredClone(given[f]);
      }
      return pretty({kind: homeKind, ...next});
    }

    /* Run `text` here if it is a scenario this widget takes fields from; false if it is not. */
    widget.estroTake = (text) => {
      let given;
      try {
        given = parse(text);
      } catch (_) {
        return false;
      }
      const next = taken(given);
      if (next === null) return false;
      if (offerBox) offerBox.hidden = true;
      widget.estroShow(next, null);
      return true;
    };

    async function offer(given) {
      let what = given.kind;
      try {
        what = (await declarations(given.kind)).summary || what;
      } catch (_) {
        // the kind's name says it
      }
      offerBox.textContent = "";
      const text = document.createElement("p");
      text.textContent = t("This scenario is not one this widget runs: it is “{what}”. It was not run.", {what});
      const take = button(widget.dataset.offer || t("Use it here"), "estro-take md-button--primary");
      take.addEventListener("click", () => widget.estroTake(textarea.value));
      offerBox.append(text, take);
      offerBox.hidden = false;
      markItalian(offerBox);
    }

    function run(force = false) {
      clearTimeout(timer);
      timer = null;
      const text = textarea.value; // sent as it is: broken JSON gets the engine's message, as on the command line
      let given = null;
      try {
        given = parse(text);
      } catch (_) {
        // the engine names the problem
      }
      if (offerBox) offerBox.hidden = true;
      if (given && given.kind !== homeKind && takes[given.kind]) {
        if (current !== null) engine.cancel(current);
        settle();
        markStale(t("press “{offer}” to run it here.", {offer: widget.dataset.offer}));
        status.textContent = t("Not run: another kind of scenario.");
        offer(given);
        return;
      }
      if (given && given.kind === homeKind) own = given;
      if (force !== true && current !== null && text === sentText) return;
      if (force !== true && current === null && text === answeredText) {
        if (errorBox.hidden) markCurrent(false); // its answer is on screen already (an error stays)
        else markStaleOff();
        return;
      }
      if (current !== null) engine.cancel(current); // the latest scenario wins
      sentText = text;
      started = performance.now();
      widget.dataset.busy = "1";
      widget.dataset.firstPartialAt = "";
      widget.dataset.doneAt = "";
      markStale();
      cancelButton.disabled = false;
      if (engine.ready) {
        status.textContent = t("Running…");
      } else if (engine.status && engine.status.type === "loading") {
        status.textContent = loadingText(engine.status); // started on intent: show where it is
      } else {
        status.textContent = t("Loading Python ({size})…", {size: formatBytes(Number(widget.dataset.downloadBytes || 0))});
      }
      widget.dataset.sentAt = String(performance.now()); // for the benchmark: where the time goes
      const id = engine.send("simulate", text, base, {onProgress: (message) => receive(id, message)});
      current = id;
    }

    function receive(id, message) {
      if (id !== current) return; // an older scenario's answer, or one already cancelled
      widget.dataset.repliedAt = String(performance.now());
      const reply = message.reply;
      const done = Boolean(message.done || reply.done);
      if (!reply.ok) {
        settle();
        if (reply.cancelled || message.cancelled) {
          status.textContent = t("Cancelled before it ran.");
          answeredText = null;
          markStale(t("press Run for this one's.")); // what is shown is not this scenario's result
          return;
        }
        showError(reply.words || reply.error, reply.field); // in the form's words; the path names the control
        status.textContent = t("The scenario has a problem:");
        finished();
        return;
      }
      clearError();
      output.innerHTML = reply.html; // HTML from the engine's views: every text is escaped there
      output.lang = reply.lang || "en"; // the language the engine answered in (its kind's, or English)
      enhanceSteppers(output);
      markItalian(output);
      const estimate = reply.total !== undefined;
      if (estimate && !widget.dataset.firstPartialAt) widget.dataset.firstPartialAt = String(performance.now());
      if (!done) {
        markCurrent(true); // an estimate under way: partial, but for this scenario
        progress.hidden = false;
        progressBar.max = reply.total || 1;
        progressBar.value = reply.completed || 0;
        const counts = {completed: reply.completed, total: reply.total};
        progressText.textContent = " " + tn("{completed} of {total} battle", "{completed} of {total} battles", reply.total, counts);
        status.textContent = tn("Running: {completed} of {total} battle…", "Running: {completed} of {total} battles…", reply.total, counts);
        return;
      }
      settle();
      markCurrent(false);
      const seconds = ((performance.now() - started) / 1000).toLocaleString(lang === "it" ? "it-IT" : "en", {minimumFractionDigits: 2, maximumFractionDigits: 2});
      if (message.cancelled || reply.cancelled) {
        const n = reply.completed ?? 0;
        status.textContent = tn("Cancelled after {count} battle.", "Cancelled after {count} battles.", n, {count: n});
      } else {
        status.textContent = estimate
          ? tn("Done: {count} battle in {seconds} s.", "Done: {count} battles in {seconds} s.", reply.completed, {count: reply.completed, seconds})
          : t("Done in {seconds} s.", {seconds});
      }
      finished();
    }

    function finished() {
      answeredText = sentText;
      const now = performance.now();
      widget.dataset.lastMs = String(now - started);
      widget.dataset.resultAt = String(now); // for the tests and the benchmark
      widget.dataset.doneAt = String(now);
      widget.dataset.paintedAt = "";
      requestAnimationFrame(() => setTimeout(() => (widget.dataset.paintedAt = String(performance.now())))); // after its frame
      widget.dataset.runs = String(Number(widget.dataset.runs || 0) + 1);
    }

    /* ---------- the editor and the JSON view, in sync ---------- */

    function pretty(value) {
      return window.estroForm.stringify(value, 2);
    }

    function onFormChange(value, how) {
      const text = pretty(value);
      if (text === textarea.value) {
        // Nothing changed (a box left after typing): no new run, and nothing on screen moves.
        if (how === "change" && timer !== null) run();
        return;
      }
      textarea.value = text;
      schedule(how === "input" ? TYPING_MS : 0);
    }

    async function buildForm(scenario) {
      const kind = typeof scenario.kind === "string" ? scenario.kind : homeKind;
      if (form && formKind === kind) {
        form.set(scenario);
        markItalian(form.element);
        addRunStops(form.element);
        return;
      }
      try {
        const [decl, {samples}] = await Promise.all([declarations(kind), widgetAssets().catch(() => ({samples: {}}))]);
        // A kind that does not speak the page's language yet: its editor is English, all of it, and marked so.
        const foreign = Boolean(decl.lang) && decl.lang !== lang;
        const words = foreign ? window.estroWords.english : window.estroWords;
        form = window.estroForm.create(decl, scenario, {samples, controls: kind === homeKind ? controls : [], onChange: onFormChange, onBuilt: markItalian, words});
        if (foreign) form.element.lang = decl.lang;
        formKind = kind;
        editorBox.textContent = "";
        editorBox.append(form.element, line);
        markItalian(form.element);
        addRunStops(form.element);
        if (!line.dataset.state) setLine("current", verdictText());
      } catch (err) {
        form = null;
        formKind = null;
        editorBox.textContent = "";
        const note = document.createElement("p");
        note.className = "estro-help";
        note.textContent = t("No controls for this scenario ({reason}): edit it as JSON below.", {reason: err.message});
        editorBox.append(note);
      }
    }

    /* The JSON view was edited: the controls follow it (while it parses), and it runs. */
    function fromJson() {
      let scenario;
      try {
        scenario = parse(textarea.value);
      } catch (_) {
        schedule(0); // the engine says where the JSON breaks
        return;
      }
      buildForm(scenario).then(() => schedule(0));
    }

    let typing = null;
    textarea.addEventListener("input", () => {
      markStale();
      clearTimeout(typing);
      typing = setTimeout(fromJson, TYPING_MS);
    });

    // The picker holds the examples' titles; their scenarios are a file the site ships (fetched once).
    const picker = $(".estro-examples");
    picker?.addEventListener("change", async () => {
      if (picker.value === "") return;
      try {
        textarea.value = (await widgetAssets()).examples[Number(picker.value)][1];
      } catch (err) {
        showError(t("The example could not be loaded ({reason}): try again once the network is back.", {reason: err.message}));
        return;
      }
      fromJson();
    });
    runButton.addEventListener("click", () => run(true));
    cancelButton.addEventListener("click", () => {
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
      if (current !== null) engine.cancel(current);
    });

    /* Show a scenario whose result is known (a worked example's, rendered by the same view): no run
     * until it is edited. Without a result, it runs as any edit does. */
    widget.estroShow = (text, html) => {
      clearTimeout(timer);
      timer = null;
      if (current !== null) {
        engine.cancel(current);
        settle();
      }
      textarea.value = text;
      let scenario = null;
      try {
        scenario = parse(text);
        textarea.value = pretty(scenario);
      } catch (_) {
        // shown as it is: the engine names the problem when it runs
      }
      clearError();
      if (html) {
        output.innerHTML = html;
        enhanceSteppers(output);
        answeredText = textarea.value;
        markCurrent(false);
        status.textContent = t("The example's result, as the page shows it. Change the example to run your own.");
      }
      return (scenario ? buildForm(scenario) : Promise.resolve()).then(() => {
        if (!html) schedule(0);
      });
    };

    // "Estimate these teams": the scenario goes to the widget that takes it, which runs it.
    $(".estro-hand")?.addEventListener("click", (event) => {
      const target = document.getElementById(`widget-${event.currentTarget.dataset.to}`);
      if (!target || !target.estroTake || !target.estroTake(textarea.value)) {
        status.textContent = t("The other widget could not take this scenario.");
        return;
      }
      const title = target.querySelector(".estro-title");
      if (title) title.focus();
    });

    $(".estro-copy-link")?.addEventListener("click", async () => {
      let text = textarea.value;
      try {
        text = window.estroForm.stringify(parse(text)); // compact: a shorter link
      } catch (_) {
        // shared as it is: the link restores the same broken text
      }
      const link = await window.estroShare.link(widget.dataset.widget, text, widget.id);
      let box = widget.querySelector(".estro-link");
      if (!box) {
        box = document.createElement("input");
        box.className = "estro-link";
        box.readOnly = true;
        box.setAttribute("aria-label", t("Link to this scenario"));
        widget.querySelector(".estro-actions").append(box);
      }
      box.value = link;
      box.select();
      try {
        await navigator.clipboard.writeText(link);
        status.textContent = tn("Link copied ({count} character): it restores this scenario.", "Link copied ({count} characters): it restores this scenario.", link.length, {count: link.length});
      } catch (_) {
        status.textContent = tn("Copy the link from the box ({count} character): it restores this scenario.", "Copy the link from the box ({count} characters): it restores this scenario.", link.length, {count: link.length});
      }
    });

    // A link made by "Copy link" restores the scenario and runs it; otherwise the editor shows the default.
    window.estroShare.fromLocation(widget.dataset.widget).then(
      (text) => {
        if (text === null) {
          let scenario = null;
          try {
            scenario = parse(textarea.value);
          } catch (_) {
            return;
          }
          buildForm(scenario);
          return;
        }
        textarea.value = text;
        try {
          textarea.value = pretty(parse(text));
        } catch (_) {
          widget.querySelector(".estro-json").open = true; // broken JSON: show it where it can be fixed
        }
        fromJson();
      },
      (err) => {
        const bounded = err instanceof window.estroShare.LinkError; // too big, or not UTF-8: it says which
        showError(bounded ? err.message : t("The link's scenario could not be read (it may have been cut short)."));
        try {
          buildForm(parse(textarea.value));
        } catch (_) {
          // nothing to build from
        }
      },
    );
  }

  /* ---------- "Try it": the page's widget opens under the worked example, in place ----------
   *
   * A worked example's "Try it" is a link that opens the example in the page's widget (?widget=…&z=…,
   * share.js's format): without scripts it does just that, by loading the page again. Here the widget
   * itself moves under the example, with the example loaded and its result (the one the page already
   * shows: the engine's, for this very scenario), and the focus goes into its editor; the page does
   * not scroll. Close (or Escape) puts it back where it was and returns the focus to the example's
   * "Try it". Where the widget was, a note says where it is. */

  /* Change the page with `change()` and keep `element` where it was on the screen (at `top`, by default
   * where it is now). The browser's own scroll anchoring is off meanwhile: it would correct the scroll
   * too, and the two would add up; the correction is made again on the next two frames, once the parts
   * of the page drawn only near the screen (content-visibility) have their sizes. A change that returns a
   * promise (`later`) is kept in place when it has settled too. Returns `top`. */
  function keepInPlace(element, change, later = false, top = element.getBoundingClientRect().top) {
    const root = document.documentElement;
    const correct = () => scrollBy(0, element.getBoundingClientRect().top - top);
    const hold = () => {
      root.style.overflowAnchor = "none";
      correct();
      requestAnimationFrame(() => {
        correct();
        requestAnimationFrame(() => {
          correct();
          root.style.overflowAnchor = "";
        });
      });
    };
    root.style.overflowAnchor = "none";
    const result = change();
    hold();
    if (later) return Promise.resolve(result).then(() => hold());
    return top;
  }

  function openInPlace(link) {
    const url = new URL(link.href, document.baseURI);
    const widget = document.getElementById(`widget-${url.searchParams.get("widget")}`);
    const worked = link.closest(".estro-worked");
    const z = url.searchParams.get("z");
    if (!widget || !widget.estroShow || !worked || !z) return false;
    const top = keepInPlace(worked, () => {
      if (!widget.estroHome) {
        const home = document.createElement("p");
        home.className = "estro-widget-away";
        widget.before(home);
        widget.estroHome = home;
        const close = button(t("Close ✕"), "estro-close");
        close.setAttribute("aria-label", t("Close the widget and go back to the example"));
        close.addEventListener("click", () => closeInPlace(widget));
        widget.prepend(close);
        widget.addEventListener("keydown", (event) => {
          if (event.key === "Escape" && widget.classList.contains("estro-in-place")) closeInPlace(widget);
        });
      }
      const title = widget.querySelector(".estro-title strong");
      widget.estroHome.hidden = false;
      const named = title ? title.textContent : t("The widget");
      widget.estroHome.textContent = t("{widget} is open under an example below.", {widget: named});
      worked.after(widget); // under the example, which stays where the reader saw it
      widget.classList.add("estro-in-place");
    });
    widget.estroOpener = link;
    widget.estroBack = {worked, top};
    window.estroShare.decode(z).then((text) => {
      const outcome = worked.querySelector(".estro-worked-outcome");
      return keepInPlace(worked, () => widget.estroShow(text, outcome ? outcome.innerHTML : null), true);
    }).then(() => {
      const first = widget.querySelector(".estro-editor :is(input, select, textarea, button):not([disabled])");
      (first || widget.querySelector(".estro-run")).focus({preventScroll: true});
      widget.dataset.opened = String(performance.now()); // for the tests
    });
    return true;
  }

  function closeInPlace(widget) {
    if (!widget.classList.contains("estro-in-place")) return;
    const opener = widget.estroOpener;
    const back = widget.estroBack;
    const move = () => {
      widget.classList.remove("estro-in-place");
      widget.estroHome.after(widget);
      widget.estroHome.hidden = true;
    };
    if (!back || !back.worked.isConnected) return move();
    // Back to the example, on the screen where it was when "Try it" opened the widget.
    keepInPlace(back.worked, move, false, back.top);
    if (opener && opener.isConnected) opener.focus({preventScroll: true});
  }

  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a.estro-try") : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (openInPlace(link)) {
        event.preventDefault();
        event.stopPropagation(); // not a page load, and not the theme's instant navigation either
      }
    },
    true,
  );

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
