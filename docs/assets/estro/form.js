/* ESTRO Rules — a scenario's form, generated from its kind's field declarations.
 *
 * Nothing here knows a protocol. The site ships each scenario kind's declared fields as data
 * (assets/estro/kinds/<kind>.json, made by estro_rules.schema's Type.to_json()), and this module
 * turns any declaration into controls:
 *   object        → its fields in a group (a team's "name" and "cryptids")
 *   list          → rows, each with Move and Remove, and an "Add <item>" button; a list of choices
 *                   is a set of checkboxes (one stop for Tab; the arrow keys go from box to box). An item with a list or a map in it (a cryptid, a card) is
 *                   a compact row: its name and a summary in words (from the declarations' labels),
 *                   opened on a tap; its controls are made then. The rows are one stop for Tab (the
 *                   arrow keys move along them). A full list (its declared maximum) says so.
 *   choice        → a select showing the declared labels (the JSON keeps the machine names)
 *   keyed         → a select of the shapes ("The dice total is"), then the chosen shape's controls
 *   tagged        → a select of the variants ("Action"), then the chosen variant's fields
 *   map           → a control per possible key (printed values, counters; a face per state label)
 *   ref           → a select of the names the scenario defines now (its players, its cards)
 *   int/text/bool → an input; pair → two inputs; const → nothing to choose
 * Every control has a visible label or an aria-label in the declarations' words, and carries its
 * field's path (data-field, as the engine writes it: "left.cryptids[0].abilities[1].when.total"),
 * so an engine error that names a field is shown on that control and on its row.
 *
 * API: window.estroForm
 *   create(kind, value, {samples, controls, onChange}) -> form
 *     kind      the kind's declarations ({name, summary, fields})
 *     value     the scenario (copied; the form edits its own copy)
 *     samples   {object name: [values]}: sample values offered for every object of that name
 *     controls  the top-level fields to show, in order (empty: every field)
 *     onChange(value, how)  after every edit; how: "input" (typing) or "change" (a committed edit)
 *     onBuilt(node)         after controls are made inside the form once it exists (a row opened, a list
 *                           drawn again): the page marks their Italian words there
 *     words     {t, tn} that say the editor's own words (window.estroWords, the page's language, by default)
 *   form.element, form.value(), form.set(value), form.showError(path, message), form.clearErrors()
 */
"use strict";

(function () {
  const {t, tn} = window.estroWords; // the page's words (assets/estro/engine.js)
  let uid = 0;
  const nextId = (stem) => `estro-f${++uid}-${stem}`;

  /* ---------- paths, as the engine writes them (estro_rules.fields.join) ---------- */

  const join = (path, key) => (!path ? key : key.startsWith("[") ? path + key : `${path}.${key}`);

  /* The path one level up: "a.b[2]" → "a.b", "a.b" → "a", "a" → "". */
  function parentPath(path) {
    const m = path.match(/^(.*?)(\[\d+\]|\.[^.[\]]+)$/);
    return m ? m[1] : "";
  }

  /* A number kept as the player wrote it (3.0, 1e309, 1e5): JavaScript would write it back otherwise
   * (3, null, 100000), and the engine must see what was typed, to accept or refuse it as the
   * command line does. Immutable; String(n) is its text. */
  class RawNumber {
    constructor(source) {
      this.source = source;
      Object.freeze(this);
    }
    toString() {
      return this.source;
    }
  }
  const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

  /* A deep copy of a JSON value that keeps BigInts and RawNumbers as they are. */
  function clone(v) {
    if (Array.isArray(v)) return v.map(clone);
    if (v !== null && typeof v === "object" && !(v instanceof RawNumber)) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)]));
    }
    return v;
  }

  /* JSON with its numbers as written: whole numbers beyond 2^53 kept exact (a seed may go up to
   * 2^63 - 1) as BigInt, and any number JavaScript would write back otherwise (3.0, 1e309) as a
   * RawNumber, where the browser gives the reviver the number's source text. */
  function parseJson(text) {
    return JSON.parse(text, (key, value, context) => {
      if (typeof value !== "number" || !context || typeof context.source !== "string") return value;
      if (!Number.isSafeInteger(value) && /^-?\d+$/.test(context.source)) return BigInt(context.source);
      return JSON.stringify(value) === context.source ? value : new RawNumber(context.source);
    });
  }

  function stringify(value, indent) {
    const marked = (key, v) => (typeof v === "bigint" ? `\u0000big:${v}` : v instanceof RawNumber ? `\u0000num:${v.source}` : v);
    const text = JSON.stringify(value, marked, indent);
    return text.replace(/"\\u0000big:(-?\d+)"/g, "$1").replace(/"\\u0000num:([-+.\deE]+)"/g, "$1");
  }
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof RawNumber);
  const capital = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

  /* What a player calls one item of a list, from the declarations ("Cryptid", "Action", "Player"). */
  function noun(type) {
    if (type.label) return type.label;
    return capital(type.what || "") || t("Item");
  }

  function el(name, attrs = {}, ...children) {
    const e = document.createElement(name);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "text") e.textContent = v;
      else if (k === "class") e.className = v;
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children) if (c) e.append(c);
    return e;
  }

  /* ---------- default values: what an added row or a newly chosen shape starts as ---------- */

  function defaultValue(type, ctx, hint) {
    switch (type.type) {
      case "int": {
        const lo = type.min ?? -Infinity;
        const hi = type.max ?? Infinity;
        return lo <= 1 && 1 <= hi ? 1 : Number.isFinite(lo) ? lo : 0;
      }
      case "bool":
        return false;
      case "text":
        return hint || "";
      case "const":
        return type.value;
      case "choice":
        return type.options.length ? type.options[0][0] : "";
      case "ref": {
        const names = ctx.names(type) || [];
        return names[0] ?? hint ?? "";
      }
      case "list":
        return Array.from({length: type.min || 0}, (_, i) => defaultValue(type.item, ctx, `${noun(type.item)} ${i + 1}`));
      case "pair":
        return type.items.map((part) => defaultValue(part, ctx));
      case "map":
        return {};
      case "object": {
        const out = {};
        for (const f of type.fields) {
          if (f.required) out[f.name] = defaultValue(f.type, ctx, f.name === "name" || f.name === "id" ? hint : undefined);
        }
        return out;
      }
      case "keyed": {
        const o = type.options[0];
        return optionValue(o, ctx);
      }
      case "tagged": {
        const v = type.variants[0];
        const out = {[type.tag]: v.name};
        for (const f of [...type.before, ...v.fields, ...type.after]) {
          if (f.required) out[f.name] = defaultValue(f.type, ctx, f.name === "name" ? hint : undefined);
        }
        return out;
      }
      default:
        return null;
    }
  }

  /* A keyed value of one shape: the plain string, or {name: value, ...its extra fields}. */
  function optionValue(option, ctx) {
    if (!option.value) return option.name;
    const out = {[option.name]: defaultValue(option.value, ctx)};
    for (const f of option.extra) if (f.required) out[f.name] = defaultValue(f.type, ctx);
    return out;
  }

  /* ---------- slots: where a control reads and writes its value ---------- */

  /* A slot for key `key` of the object or list that `parent` holds (made on the first write). */
  function childSlot(parent, key, make = () => (typeof key === "number" ? [] : {})) {
    return {
      get() {
        const p = parent.get();
        return p !== null && typeof p === "object" ? p[key] : undefined;
      },
      set(v) {
        let p = parent.get();
        if (p === null || typeof p !== "object") {
          if (v === undefined) return;
          p = make();
          parent.set(p);
        }
        if (v === undefined) {
          if (Array.isArray(p)) p[key] = null;
          else delete p[key];
        } else {
          p[key] = v;
        }
      },
    };
  }

  /* ---------- the form ---------- */

  function create(kind, value, options = {}) {
    const {t, tn} = options.words || window.estroWords; // the editor's words: the page's, or its kind's language
    const root = {value: isObject(value) ? clone(value) : {}};
    const rootSlot = {get: () => root.value, set: (v) => (root.value = v)};
    const samples = options.samples || {};
    const element = el("div", {class: "estro-form"});
    const built = (node) => options.onBuilt && options.onBuilt(node); // controls made after the form was

    const ctx = {
      /* Names a ref can pick among, from the scenario as it is now; null when the declarations do not
       * name a list of the scenario (then a text box with suggestions). An object in that list is named
       * by its "id", else by its first declared field (a card on the board: its ID, else its card). */
      names(type) {
        const field = kind.fields.fields.find((f) => f.name === type.to);
        const list = root.value[type.to];
        if (!field || field.type.type !== "list") return null;
        const item = field.type.item;
        const first = item.type === "object" && item.fields.length ? item.fields[0].name : null;
        const out = [];
        for (const entry of Array.isArray(list) ? list : []) {
          let name = entry;
          if (isObject(entry)) name = typeof entry.id === "string" && entry.id ? entry.id : first ? entry[first] : null;
          if (typeof name === "string" && name && !out.includes(name)) out.push(name);
        }
        return out;
      },
      /* Suggestions for a ref the declarations do not tie to a list: the names found anywhere under
       * that key (the faces' state labels for "faces", the abilities' names for "abilities"). */
      suggestions(type) {
        const found = new Set();
        const walk = (v) => {
          if (Array.isArray(v)) v.forEach(walk);
          else if (isObject(v)) {
            for (const [k, x] of Object.entries(v)) {
              if (k === type.to) {
                if (Array.isArray(x)) x.forEach((i) => isObject(i) && typeof i.name === "string" && found.add(i.name));
                else if (isObject(x)) Object.keys(x).forEach((key) => found.add(key));
              }
              walk(x);
            }
          }
        };
        walk(root.value);
        return [...found];
      },
      changed(how) {
        refreshRefs();
        if (options.onChange) options.onChange(root.value, how);
      },
    };

    /* Selects fed from the scenario follow it: a renamed player or card shows up at once. */
    function refreshRefs() {
      for (const select of element.querySelectorAll("select[data-ref]")) select.estroFill();
      for (const list of element.querySelectorAll("datalist[data-ref]")) list.estroFill();
      for (const row of element.querySelectorAll(".estro-row-collapsible")) row.estroSummary();
    }

    /* ---------- one field: label, control, help; the wrapper carries the path ---------- */

    function field(f, parent, path, opts = {}) {
      const slot = childSlot(parent, f.name);
      const meta = {label: f.label || f.name, help: f.help, required: Boolean(f.required), default: f.default, name: f.name};
      return control(f.type, slot, join(path, f.name), meta, opts);
    }

    function wrapper(path, cls, ...children) {
      return el("div", {class: `estro-field ${cls}`, "data-path": path}, ...children);
    }

    function labelled(input, meta, path, cls) {
      const id = nextId("c");
      input.id = id;
      input.dataset.field = path;
      if (meta.compact) {
        // In a row whose title says what it is ("Player 2"): named by an aria-label, on the row's line.
        input.setAttribute("aria-label", meta.label);
        return wrapper(path, `${cls} estro-compact`, input);
      }
      const label = el("label", {for: id, text: meta.label});
      if (meta.help) {
        label.title = meta.help;
        const help = el("span", {class: "estro-help", id: id + "-help", text: meta.help});
        input.setAttribute("aria-describedby", help.id);
        return wrapper(path, cls, label, input, help);
      }
      return wrapper(path, cls, label, input);
    }

    function control(type, slot, path, meta, opts = {}) {
      switch (type.type) {
        case "int":
          return intControl(type, slot, path, meta);
        case "bool":
          return boolControl(slot, path, meta);
        case "text":
          return textControl(type, slot, path, meta);
        case "choice":
          return choiceControl(type, slot, path, meta);
        case "ref":
          return refControl(type, slot, path, meta);
        case "const":
          if (slot.get() === undefined) slot.set(type.value);
          return null;
        case "pair":
          return pairControl(type, slot, path, meta);
        case "list":
          return type.item.type === "choice" ? checkboxList(type, slot, path, meta) : listControl(type, slot, path, meta);
        case "map":
          return mapControl(type, slot, path, meta);
        case "object":
          return objectControl(type, slot, path, meta, opts);
        case "keyed":
          return keyedControl(type, slot, path, meta);
        case "tagged":
          return taggedControl(type, slot, path, meta, opts);
        default:
          return wrapper(path, "estro-unknown", el("p", {text: t("{field}: edit this field in the JSON view.", {field: meta.label})}));
      }
    }

    /* An empty box leaves an optional field out (it takes its default); typing gives a number, or a
     * word the declarations allow (a Character's DEF "X"), or else the text as typed for the engine
     * to name. */
    function intControl(type, slot, path, meta) {
      const also = type.also || [];
      // A text box, not type="number": a number box hides what was typed when the browser cannot read
      // it (1e309 reads as ""), and the engine must see the player's own text to name it.
      const input = el("input", {
        type: "text",
        inputmode: also.length ? "text" : "numeric",
        "data-min": type.min ?? undefined,
        "data-max": type.max ?? undefined,
        spellcheck: "false",
        autocomplete: "off",
        class: "estro-int",
      });
      const v = slot.get();
      input.value = v === undefined || v === null ? "" : String(v);
      if (meta.default !== undefined && meta.default !== null) input.placeholder = String(meta.default);
      else if (also.length) input.placeholder = t("number or {words}", {words: also.join(", ")});
      const read = () => {
        const s = input.value.trim();
        if (s === "") return undefined;
        if (/^[+-]?\d+$/.test(s)) return Number.isSafeInteger(Number(s)) ? Number(s) : BigInt(s); // exact, however long
        if (JSON_NUMBER.test(s)) return new RawNumber(s); // 3.0, 1e309: sent as typed, for the engine to refuse
        const word = also.find((a) => a.toLowerCase() === s.toLowerCase());
        return word !== undefined ? word : s;
      };
      input.addEventListener("input", () => {
        slot.set(read());
        ctx.changed("input");
      });
      // Up and Down step a whole number by one within its range, as a number box does.
      input.addEventListener("keydown", (event) => {
        const step = {ArrowUp: 1, ArrowDown: -1}[event.key];
        const now = read();
        if (!step || !(now === undefined || Number.isSafeInteger(now))) return;
        event.preventDefault();
        const start = now === undefined ? Number(meta.default ?? type.min ?? 0) - step : now;
        const next = Math.min(type.max ?? Infinity, Math.max(type.min ?? -Infinity, start + step));
        input.value = String(next);
        input.dispatchEvent(new Event("input"));
      });
      input.addEventListener("change", () => ctx.changed("change"));
      return labelled(input, meta, path, "estro-int-field");
    }

    function boolControl(slot, path, meta) {
      const input = el("input", {type: "checkbox"});
      const v = slot.get();
      input.checked = v === undefined || v === null ? Boolean(meta.default) : Boolean(v);
      input.dataset.field = path;
      input.addEventListener("change", () => {
        slot.set(input.checked);
        ctx.changed("change");
      });
      const label = el("label", {class: "estro-check", title: meta.help || undefined}, input, document.createTextNode(" " + meta.label));
      return wrapper(path, "estro-bool-field", label);
    }

    function textControl(type, slot, path, meta) {
      const input = el("input", {type: "text", class: "estro-text", spellcheck: "false"});
      const v = slot.get();
      input.value = typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v);
      if (type.suggestions && type.suggestions.length) {
        const list = el("datalist", {id: nextId("l")});
        for (const s of type.suggestions) list.append(el("option", {value: s}));
        input.setAttribute("list", list.id);
        input.after(list);
        const w = labelled(input, meta, path, "estro-text-field");
        w.append(list);
        bindText(input, slot, meta);
        return w;
      }
      bindText(input, slot, meta);
      return labelled(input, meta, path, "estro-text-field");
    }

    /* A blank optional text is left out of the JSON (it takes its default); a required one stays "". */
    function bindText(input, slot, meta) {
      input.addEventListener("input", () => {
        slot.set(input.value === "" && !meta.required ? undefined : input.value);
        ctx.changed("input");
      });
      input.addEventListener("change", () => ctx.changed("change"));
    }

    function fillSelect(select, choices, current, meta, labelOf) {
      select.textContent = "";
      if (!meta.required) {
        const d = meta.default;
        const text = d !== undefined && d !== null && d !== "" ? t("Default ({value})", {value: labelOf(d)}) : t("— (none)");
        select.append(el("option", {value: "", text}));
      } else if (current === undefined || current === null || current === "") {
        select.append(el("option", {value: "", text: t("Choose…")}));
      }
      for (const [value, text] of choices) select.append(el("option", {value, text}));
      if (current !== undefined && current !== null && current !== "" && !choices.some(([v]) => v === current)) {
        // A value the list does not hold (a typo in the JSON): shown as it is, for the engine to name.
        select.append(el("option", {value: String(current), text: t("{value} (not known)", {value: current})}));
      }
      select.value = current === undefined || current === null ? "" : String(current);
    }

    function choiceControl(type, slot, path, meta) {
      const select = el("select");
      const labels = new Map(type.options);
      fillSelect(select, type.options, slot.get(), meta, (v) => labels.get(v) ?? v);
      select.addEventListener("change", () => {
        slot.set(select.value === "" ? undefined : select.value);
        ctx.changed("change");
      });
      return labelled(select, meta, path, "estro-choice-field");
    }

    function refControl(type, slot, path, meta) {
      if (ctx.names(type) === null) {
        // Not tied to a list of the scenario: a text box with the names found so far as suggestions.
        const input = el("input", {type: "text", class: "estro-text", spellcheck: "false"});
        const v = slot.get();
        input.value = typeof v === "string" ? v : "";
        const list = el("datalist", {id: nextId("l"), "data-ref": type.to});
        list.estroFill = () => {
          list.textContent = "";
          for (const s of ctx.suggestions(type)) list.append(el("option", {value: s}));
        };
        list.estroFill();
        input.setAttribute("list", list.id);
        bindText(input, slot, meta);
        const w = labelled(input, meta, path, "estro-ref-field");
        w.append(list);
        return w;
      }
      const select = el("select", {"data-ref": type.to});
      select.estroFill = () => {
        const names = ctx.names(type) || [];
        fillSelect(select, names.map((n) => [n, n]), slot.get(), meta, (v) => v);
      };
      select.estroFill();
      select.addEventListener("change", () => {
        slot.set(select.value === "" ? undefined : select.value);
        ctx.changed("change");
      });
      return labelled(select, meta, path, "estro-ref-field");
    }

    function pairControl(type, slot, path, meta) {
      if (!Array.isArray(slot.get())) slot.set(type.items.map((part) => defaultValue(part, ctx)));
      const group = el("fieldset", {class: "estro-pair", "data-path": path}, el("legend", {text: meta.label}));
      const words = [t("first"), t("second")];
      type.items.forEach((item, i) => {
        const part = control(item, childSlot(slot, i), join(path, `[${i}]`), {label: words[i], required: true});
        if (part) group.append(part);
      });
      group.classList.add("estro-field");
      return group;
    }

    function checkboxList(type, slot, path, meta) {
      const group = el("fieldset", {class: "estro-field estro-checks", "data-path": path, "data-field": path}, el("legend", {text: meta.label}));
      if (meta.help) group.title = meta.help;
      const current = () => {
        const v = slot.get();
        if (Array.isArray(v)) return v;
        return Array.isArray(meta.default) ? meta.default : [];
      };
      for (const [value, text] of type.item.options) {
        const box = el("input", {type: "checkbox", value});
        box.checked = current().includes(value);
        box.addEventListener("change", () => {
          const chosen = new Set([...group.querySelectorAll("input[type=checkbox]")].filter((b) => b.checked).map((b) => b.value));
          slot.set(type.item.options.map(([v]) => v).filter((v) => chosen.has(v)));
          ctx.changed("change");
        });
        group.append(el("label", {class: "estro-check"}, box, document.createTextNode(" " + text)));
      }
      // One stop for Tab, as a row of rows is: the arrow keys go from box to box, Space ticks.
      const boxes = [...group.querySelectorAll("input[type=checkbox]")];
      const rove = (to) => {
        boxes.forEach((b) => (b.tabIndex = b === to ? 0 : -1));
        to.focus();
      };
      boxes.forEach((b, i) => (b.tabIndex = i === 0 ? 0 : -1));
      group.addEventListener("keydown", (event) => {
        const at = boxes.indexOf(document.activeElement);
        if (at < 0) return;
        const to = {ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: boxes.length - 1}[event.key];
        if (to === undefined || !boxes[to]) return;
        event.preventDefault();
        rove(boxes[to]);
      });
      group.addEventListener("focusin", (event) => {
        if (boxes.includes(event.target) && event.target.tabIndex !== 0) rove(event.target); // a click moves the stop
      });
      return group;
    }

    /* ---------- lists: rows with Move and Remove, and Add ---------- */

    /* An item that gets a compact row, opened on a tap: an object with a list or a map in it (a cryptid
     * and its abilities, a card and its faces, a card on the board and its counters), or with three fields
     * or more (an ability: its name, when, what and whom). */
    const collapsible = (type) =>
      type.type === "object" && (type.fields.length >= 3 || type.fields.some((f) => f.type.type === "list" || f.type.type === "map"));

    function listControl(type, slot, path, meta) {
      const item = type.item;
      const name = noun(item);
      const lower = name.toLowerCase();
      const across = Boolean(type.across);
      const compact = collapsible(item);
      const group = el("fieldset", {class: `estro-field estro-list${across ? " estro-across" : ""}${compact ? " estro-compact-rows" : ""}`, "data-path": path});
      group.append(el("legend", {text: meta.label}));
      if (meta.help) group.title = meta.help;
      const rows = el("div", {class: "estro-rows"});
      const add = el("button", {type: "button", class: "estro-add md-button", text: t("Add {item}", {item: lower})});
      const cap = el("p", {class: "estro-cap-note", role: "status"});
      const bar = el("div", {class: "estro-list-bar"}, add);
      const sampleList = item.type === "object" ? samples[item.name] : null;
      let picker = null;
      if (sampleList && sampleList.length) {
        picker = el("select", {class: "estro-sample-pick", "aria-label": t("Add a sample {item}", {item: lower})});
        picker.append(el("option", {value: "", text: t("Add a sample {item}…", {item: lower})}));
        sampleList.forEach((s, i) => picker.append(el("option", {value: String(i), text: sampleName(s, `${name} ${i + 1}`)})));
        bar.append(picker);
      }
      bar.append(cap);
      group.append(rows, bar);

      const items = () => (Array.isArray(slot.get()) ? slot.get() : []);
      const ensure = () => {
        if (!Array.isArray(slot.get())) slot.set([]);
        return slot.get();
      };
      let open = new Set(); // the compact rows shown open (their indices)
      let active = 0; // the compact row whose toggle Tab reaches (the others: arrow keys)

      function draw(focus) {
        rows.textContent = "";
        const list = items();
        active = Math.max(0, Math.min(active, list.length - 1));
        list.forEach((_, i) => rows.append(row(i, list.length)));
        built(rows);
        const full = type.max !== null && type.max !== undefined && list.length >= type.max;
        add.disabled = full;
        if (picker) picker.disabled = full;
        const most = {list: capital(type.what || t("list of {item}s", {item: lower})), count: type.max};
        cap.textContent = full ? tn("{list}: {count} at most. Remove one to add another.", "{list}: {count} at most. Remove one to add another.", type.max, most) : "";
        cap.hidden = !full;
        if (focus) focus();
      }

      function row(i, count) {
        const rowPath = join(path, `[${i}]`);
        const title = `${name} ${i + 1}`;
        const r = el("div", {class: "estro-row", role: "group", "aria-label": title, "data-path": rowPath, "data-index": i});
        const at = {item: lower, number: i + 1};
        const earlier = across
          ? ["←", t("Move {item} {number} left", at), t("Move left")]
          : ["↑", t("Move {item} {number} up", at), t("Move up")];
        const later = across
          ? ["→", t("Move {item} {number} right", at), t("Move right")]
          : ["↓", t("Move {item} {number} down", at), t("Move down")];
        const up = el("button", {type: "button", class: "estro-move estro-earlier", text: earlier[0], "aria-label": earlier[1], title: earlier[2]});
        const down = el("button", {type: "button", class: "estro-move estro-later", text: later[0], "aria-label": later[1], title: later[2]});
        const remove = el("button", {type: "button", class: "estro-remove", text: t("Remove"), "aria-label": t("Remove {item} {number}", at)});
        up.disabled = i === 0;
        down.disabled = i === count - 1;
        up.addEventListener("click", () => move(i, -1, "estro-earlier"));
        down.addEventListener("click", () => move(i, 1, "estro-later"));
        remove.addEventListener("click", () => {
          ensure().splice(i, 1);
          open = new Set([...open].filter((k) => k !== i).map((k) => (k > i ? k - 1 : k)));
          if (active > i) active -= 1;
          draw(() => focusIn(rows.children[i] || rows.children[i - 1], compact ? ".estro-row-toggle" : ".estro-remove") || add.focus());
          ctx.changed("change");
        });
        if (compact) return compactRow(r, i, title, [up, down, remove]);
        const scalar = ["int", "text", "choice", "ref"].includes(item.type);
        const body = control(item, childSlot(slot, i), rowPath, {label: title, required: true, compact: scalar}, {inRow: true});
        const head = el("div", {class: "estro-row-head"}, el("span", {class: "estro-row-title", text: title}));
        if (scalar && body) head.append(body);
        head.append(up, down, remove);
        r.append(head);
        if (!scalar && body) r.append(body);
        if (scalar) r.classList.add("estro-row-compact");
        return r;
      }

      /* One line: a button with the item's name and a summary of it, which opens the row (its controls
       * are built then), and Move and Remove. The rows' toggles are one stop for Tab: the arrow keys go
       * up and down the rows, and left and right along a row's buttons. */
      function compactRow(r, i, title, buttons) {
        const rowPath = join(path, `[${i}]`);
        const value = () => items()[i];
        const toggle = el("button", {type: "button", class: "estro-row-toggle", "aria-expanded": "false"});
        const heading = el("span", {class: "estro-row-title"});
        const summary = el("span", {class: "estro-row-summary"});
        toggle.append(heading, summary);
        const head = el("div", {class: "estro-row-head", role: "toolbar", "aria-label": title}, toggle, ...buttons);
        const holder = el("div", {class: "estro-row-body"});
        holder.hidden = true;
        const done = el("button", {type: "button", class: "estro-row-done", text: t("Done"), "aria-label": t("Done with {item} {number}", {item: lower, number: i + 1})});
        let made = false;
        r.classList.add("estro-row-collapsible");
        for (const b of [toggle, ...buttons]) b.tabIndex = -1;
        toggle.tabIndex = i === active ? 0 : -1;
        r.estroSummary = () => {
          const v = value();
          const named = isObject(v) ? sampleName(v, "") : "";
          heading.textContent = named ? `${title}: ${named}` : title;
          summary.textContent = summarise(item, v, true);
          built(toggle);
        };
        r.estroOpen = (show) => {
          if (show && !made) {
            made = true;
            const body = control(item, childSlot(slot, i), rowPath, {label: title, required: true}, {inRow: true});
            if (body) holder.append(body);
            holder.append(el("div", {class: "estro-row-end"}, done));
            built(holder);
          }
          holder.hidden = !show;
          toggle.setAttribute("aria-expanded", String(show));
          r.classList.toggle("estro-open", show);
          if (show) open.add(i);
          else open.delete(i);
        };
        toggle.addEventListener("click", () => r.estroOpen(holder.hidden));
        done.addEventListener("click", () => {
          r.estroOpen(false);
          toggle.focus();
        });
        head.addEventListener("keydown", (event) => {
          const here = [toggle, ...buttons].filter((b) => !b.disabled);
          const at = here.indexOf(document.activeElement);
          let target = null;
          if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
            if (at < 0) return;
            target = here[(at + (event.key === "ArrowRight" ? 1 : here.length - 1)) % here.length];
          } else if (event.key === "ArrowDown" || event.key === "ArrowUp" || event.key === "Home" || event.key === "End") {
            const toggles = [...rows.children].map((c) => c.querySelector(":scope > .estro-row-head > .estro-row-toggle"));
            const k = {ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: toggles.length - 1}[event.key];
            target = toggles[k] || null;
            if (!target) return;
          } else {
            return;
          }
          event.preventDefault();
          roveTo(target);
        });
        r.estroSummary();
        r.append(head, holder);
        if (open.has(i)) r.estroOpen(true);
        return r;
      }

      /* The toggle of the row that holds `button` takes Tab from now on; `button` takes the focus. */
      function roveTo(button) {
        const r = button.closest(".estro-row");
        active = Number(r.dataset.index);
        for (const toggle of rows.querySelectorAll(":scope > .estro-row > .estro-row-head > .estro-row-toggle")) toggle.tabIndex = -1;
        r.querySelector(":scope > .estro-row-head > .estro-row-toggle").tabIndex = 0;
        button.focus();
      }

      function move(i, by, which) {
        const list = ensure();
        const j = i + by;
        if (j < 0 || j >= list.length) return;
        [list[i], list[j]] = [list[j], list[i]];
        const wasOpen = [open.has(i), open.has(j)];
        open.delete(i);
        open.delete(j);
        if (wasOpen[0]) open.add(j);
        if (wasOpen[1]) open.add(i);
        if (compact) active = j;
        draw(() => {
          const target = rows.children[j];
          const button = target && target.querySelector(`:scope > .estro-row-head .${which}`);
          if (button && !button.disabled) button.focus();
          else focusIn(target, ".estro-move:not([disabled])");
        });
        ctx.changed("change");
      }

      function append(value) {
        const list = ensure();
        list.push(value);
        if (compact) {
          open.add(list.length - 1);
          active = list.length - 1;
        }
        const first = compact ? ".estro-row-body :is(input, select)" : "input, select, button:not(.estro-move):not(.estro-remove)";
        draw(() => focusIn(rows.children[list.length - 1], first));
        ctx.changed("change");
      }

      add.addEventListener("click", () => append(defaultValue(item, ctx, `${name} ${items().length + 1}`)));
      if (picker) {
        picker.addEventListener("change", () => {
          if (picker.value === "") return;
          const chosen = clone(sampleList[Number(picker.value)]);
          picker.value = "";
          append(chosen);
        });
      }
      draw();
      return group;
    }

    /* A value in a line of words, from the declarations' labels: "Threat 5 · Health 4 · 2 abilities: The
     * dice total is 7, Damage 2". What it says comes from the declarations only (no rule is known here). */
    function summarise(type, value, top = false) {
      if (value === undefined || value === null || value === "") return "";
      const short = (label) => String(label || "").replace(/\s*\(.*\)\s*$/, "");
      switch (type.type) {
        case "int":
        case "text":
        case "ref":
          return String(value);
        case "bool":
          return value ? t("yes") : t("no");
        case "const":
          return "";
        case "choice": {
          const found = type.options.find(([v]) => v === value);
          return found ? found[1] : String(value);
        }
        case "pair":
          return Array.isArray(value) ? value.join("–") : "";
        case "list": {
          if (!Array.isArray(value)) return "";
          const each = value.map((v) => summarise(type.item, v)).filter(Boolean);
          const what = noun(type.item).toLowerCase();
          if (type.item.type !== "object" && type.item.type !== "tagged") return each.join(", ");
          const counted = tn("{count} {item}", "{count} {item}s", value.length, {count: value.length, item: what});
          return counted + (each.length ? `: ${each.join("; ")}` : "");
        }
        case "map": {
          if (!isObject(value)) return "";
          return Object.entries(value).map(([k, v]) => {
            const inner = summarise(type.value, v);
            return inner ? `${k} ${inner}` : k;
          }).join(", ");
        }
        case "keyed": {
          const key = typeof value === "string" ? value : isObject(value) ? Object.keys(value)[0] : null;
          const option = type.options.find((o) => o.name === key);
          if (!option) return "";
          const inner = option.value && isObject(value) ? summarise(option.value, value[key]) : "";
          return [option.label || option.name, inner].filter(Boolean).join(" ");
        }
        case "tagged": {
          if (!isObject(value)) return "";
          const variant = type.variants.find((v) => v.name === value[type.tag]);
          const fields = variant ? [...type.before, ...variant.fields, ...type.after] : [];
          const parts = fields.map((f) => summarise(f.type, value[f.name])).filter(Boolean);
          return [variant ? variant.label || variant.name : "", ...parts].filter(Boolean).join(" ");
        }
        case "object": {
          if (!isObject(value)) return "";
          const parts = [];
          let lead = "";
          for (const f of type.fields) {
            const v = value[f.name];
            if (v === undefined || v === null || v === "" || (Array.isArray(v) && !v.length)) continue;
            if (!lead && !parts.length && (f.type.type === "text" || f.type.type === "ref")) {
              lead = String(v); // its name: the row's title says it, or it leads ("Bite: …")
              continue;
            }
            const inner = summarise(f.type, v);
            if (!inner) continue;
            parts.push(["list", "keyed", "map"].includes(f.type.type) ? inner : `${short(f.label || f.name)} ${inner}`);
          }
          if (top) return parts.join(" · ");
          return (lead ? `${lead}: ` : "") + parts.join(", ");
        }
        default:
          return "";
      }
    }

    function focusIn(container, selector) {
      if (!container) return false;
      const target = container.querySelector(selector);
      if (target) {
        target.focus();
        if (target.tagName === "INPUT" && target.type === "text") target.select(); // typing replaces "Cryptid 3"
      }
      return Boolean(target);
    }

    function sampleName(value, fallback) {
      if (isObject(value)) for (const key of ["name", "title", "id"]) if (typeof value[key] === "string" && value[key]) return value[key];
      return fallback;
    }

    /* ---------- maps: a control per possible key ---------- */

    function mapControl(type, slot, path, meta) {
      const group = el("fieldset", {class: "estro-field estro-map", "data-path": path}, el("legend", {text: meta.label}));
      if (meta.help) group.title = meta.help;
      const keyType = type.key;
      let keys;
      if (keyType.type === "choice") keys = keyType.options;
      else if (keyType.type === "ref" && ctx.names(keyType) !== null) keys = ctx.names(keyType).map((n) => [n, n]);
      else {
        group.append(el("p", {class: "estro-help", text: t("Edit this field in the JSON view.")}));
        return group;
      }
      const map = () => (isObject(slot.get()) ? slot.get() : {});
      // An emptied map is left out when the field may be (printed values, counters).
      const tidy = () => {
        if (!meta.required && isObject(slot.get()) && Object.keys(slot.get()).length === 0) slot.set(undefined);
      };
      const entry = (key) => ({
        get: () => map()[key],
        set: (v) => {
          const m = isObject(slot.get()) ? slot.get() : (slot.set({}), slot.get());
          if (v === undefined) delete m[key];
          else m[key] = v;
          tidy();
        },
      });
      const scalar = ["int", "text", "choice", "ref", "bool"].includes(type.value.type);
      if (scalar) {
        const grid = el("div", {class: "estro-map-grid"});
        for (const [key, text] of keys) {
          grid.append(control(type.value, entry(key), join(path, key), {label: text, required: false}));
        }
        group.append(grid);
        return group;
      }
      // Values that are objects or lists (a card's faces): a checkbox per key, then its controls.
      for (const [key, text] of keys) {
        const keyPath = join(path, key);
        const box = el("input", {type: "checkbox", "data-field": keyPath});
        box.checked = map()[key] !== undefined;
        const holder = el("div", {class: "estro-map-value"});
        const draw = () => {
          holder.textContent = "";
          if (map()[key] !== undefined) {
            const body = control(type.value, entry(key), keyPath, {label: text, required: true}, {inRow: true});
            if (body) holder.append(body);
          }
        };
        box.addEventListener("change", () => {
          entry(key).set(box.checked ? defaultValue(type.value, ctx) : undefined);
          draw();
          ctx.changed("change");
        });
        const section = el("div", {class: "estro-map-entry", "data-path": keyPath});
        section.append(el("label", {class: "estro-check"}, box, document.createTextNode(` ${text}`)), holder);
        draw();
        group.append(section);
      }
      return group;
    }

    /* ---------- objects ---------- */

    function objectControl(type, slot, path, meta, opts) {
      // A shorthand object given as its one field's value (a team as its list of cryptids): that
      // field's path is the object's own; editing another field turns it into the full object.
      const short = type.shorthand;
      const asShort = () => short && Array.isArray(slot.get());
      const holder = {
        get: () => {
          const v = slot.get();
          return asShort() ? {[short]: v} : v;
        },
        set: (v) => {
          if (asShort() && isObject(v) && Object.keys(v).every((k) => k === short)) slot.set(v[short]);
          else slot.set(v);
        },
      };
      const objSlot = {
        get: () => holder.get(),
        set: (v) => holder.set(v),
      };
      const group = opts.inRow
        ? el("div", {class: "estro-object", "data-path": path})
        : el("fieldset", {class: "estro-field estro-object", "data-path": path}, el("legend", {text: meta.label}));
      const body = el("div", {class: "estro-object-fields"});
      const draw = () => {
        body.textContent = "";
        let shown = type.fields;
        if (opts.controls && opts.controls.length) shown = opts.controls.map((n) => type.fields.find((f) => f.name === n)).filter(Boolean);
        for (const f of shown) {
          const fieldSlot = {
            get: () => {
              const v = objSlot.get();
              return isObject(v) ? v[f.name] : undefined;
            },
            set: (x) => {
              const v = isObject(objSlot.get()) ? clone(objSlot.get()) : {};
              const current = objSlot.get();
              if (isObject(current) && !asShort()) {
                if (x === undefined) delete current[f.name];
                else current[f.name] = x;
                return;
              }
              if (x === undefined) delete v[f.name];
              else v[f.name] = x;
              objSlot.set(v);
            },
          };
          const fieldPath = short === f.name && asShort() ? path : join(path, f.name);
          const c = control(f.type, fieldSlot, fieldPath, {
            label: f.label || f.name,
            help: f.help,
            required: Boolean(f.required),
            default: f.default,
            name: f.name,
          });
          if (c) body.append(c);
        }
      };
      const pool = samples[type.name];
      if (pool && pool.length && !opts.inRow) {
        const lower = noun(type).toLowerCase();
        const picker = el("select", {class: "estro-sample-pick", "aria-label": t("Use a sample {item} for {field}", {item: lower, field: meta.label})});
        picker.append(el("option", {value: "", text: t("Use a sample {item}…", {item: lower})}));
        pool.forEach((s, i) => picker.append(el("option", {value: String(i), text: sampleName(s, `${noun(type)} ${i + 1}`)})));
        picker.addEventListener("change", () => {
          if (picker.value === "") return;
          slot.set(clone(pool[Number(picker.value)]));
          picker.value = "";
          draw();
          ctx.changed("change");
          picker.focus();
        });
        group.append(el("div", {class: "estro-list-bar"}, picker));
      }
      group.append(body);
      draw();
      return group;
    }

    /* ---------- a choice between shapes ---------- */

    function keyedControl(type, slot, path, meta) {
      const group = el("div", {class: "estro-field estro-keyed", "data-path": path});
      const select = el("select");
      const chosen = () => {
        const v = slot.get();
        if (typeof v === "string") return v;
        if (isObject(v)) {
          const extras = new Set(type.options.flatMap((o) => o.extra.map((f) => f.name)));
          const keys = Object.keys(v).filter((k) => !extras.has(k));
          return keys.length === 1 ? keys[0] : "";
        }
        return "";
      };
      const options = type.options.map((o) => [o.name, o.label || o.name]);
      fillSelect(select, options, chosen() || undefined, {required: true}, (v) => v);
      const id = nextId("k");
      select.id = id;
      select.dataset.field = path;
      const label = el("label", {for: id, text: meta.label});
      if (meta.help) label.title = meta.help;
      const params = el("div", {class: "estro-params"});
      const draw = () => {
        params.textContent = "";
        const option = type.options.find((o) => o.name === chosen());
        if (!option) return;
        select.title = option.help || "";
        if (option.value) {
          const valueSlot = childSlot(slot, option.name);
          const c = control(option.value, valueSlot, join(path, option.name), {label: option.label || option.name, required: true});
          if (c) params.append(c);
        }
        for (const f of option.extra) {
          const c = field(f, slot, path);
          if (c) params.append(c);
        }
      };
      select.addEventListener("change", () => {
        const option = type.options.find((o) => o.name === select.value);
        slot.set(option ? optionValue(option, ctx) : undefined);
        draw();
        ctx.changed("change");
      });
      group.append(el("div", {class: "estro-field-line"}, label, select), params);
      draw();
      return group;
    }

    function taggedControl(type, slot, path, meta, opts) {
      const group = el("div", {class: `estro-field estro-tagged${opts.inRow ? "" : " estro-boxed"}`, "data-path": path});
      if (!isObject(slot.get())) slot.set(defaultValue(type, ctx));
      const select = el("select");
      const variants = type.variants.map((v) => [v.name, v.label || v.name]);
      const current = () => (isObject(slot.get()) ? slot.get()[type.tag] : undefined);
      fillSelect(select, variants, current(), {required: true}, (v) => v);
      const id = nextId("t");
      select.id = id;
      select.dataset.field = join(path, type.tag);
      const line = el("div", {class: "estro-field-line", "data-path": join(path, type.tag)}, el("label", {for: id, text: type.label || capital(type.what)}), select);
      const before = el("div", {class: "estro-object-fields"});
      const params = el("div", {class: "estro-params estro-object-fields"});
      const after = el("div", {class: "estro-object-fields"});
      const fill = (holder, fields) => {
        holder.textContent = "";
        for (const f of fields) {
          const c = field(f, slot, path);
          if (c) holder.append(c);
        }
      };
      const draw = () => {
        const variant = type.variants.find((v) => v.name === current());
        fill(params, variant ? variant.fields : []);
      };
      select.addEventListener("change", () => {
        const variant = type.variants.find((v) => v.name === select.value);
        const old = isObject(slot.get()) ? slot.get() : {};
        const next = {};
        for (const f of type.before) if (old[f.name] !== undefined) next[f.name] = old[f.name];
        next[type.tag] = select.value;
        for (const f of variant ? variant.fields : []) {
          if (old[f.name] !== undefined) next[f.name] = old[f.name]; // a field both variants have keeps its value
          else if (f.required) next[f.name] = defaultValue(f.type, ctx);
        }
        for (const f of type.after) if (old[f.name] !== undefined) next[f.name] = old[f.name];
        slot.set(next);
        draw();
        ctx.changed("change");
      });
      fill(before, type.before);
      fill(after, type.after);
      group.append(before, line, params, after);
      draw();
      return group;
    }

    /* ---------- the whole scenario ---------- */

    function build() {
      element.textContent = "";
      const controls = options.controls || [];
      element.append(
        objectControl(kind.fields, rootSlot, "", {label: kind.summary || kind.name}, {inRow: true, controls}),
      );
    }

    function clearErrors() {
      for (const e of element.querySelectorAll(".estro-field-error")) e.remove();
      for (const e of element.querySelectorAll(".estro-invalid")) e.classList.remove("estro-invalid");
      for (const e of element.querySelectorAll("[aria-invalid]")) {
        e.removeAttribute("aria-invalid");
        const ids = (e.getAttribute("aria-describedby") || "").split(" ").filter((x) => x && !x.endsWith("-error"));
        if (ids.length) e.setAttribute("aria-describedby", ids.join(" "));
        else e.removeAttribute("aria-describedby");
      }
    }

    /* The engine's message on the control its field path names (or the nearest group that holds it,
     * when the field has no control of its own), and its row marked. Returns the element. */
    function showError(path, message) {
      clearErrors();
      if (!path) return null;
      // A compact row that holds the field opens (and one inside it, once built), so the field is shown.
      for (let opened = true; opened; ) {
        opened = false;
        for (const row of element.querySelectorAll(".estro-row-collapsible:not(.estro-open)")) {
          const p = row.dataset.path;
          if (path === p || path.startsWith(p + ".") || path.startsWith(p + "[")) {
            row.estroOpen(true);
            opened = true;
          }
        }
      }
      let at = path;
      let target = null;
      while (at) {
        target = element.querySelector(`[data-path="${CSS.escape(at)}"]`);
        if (target) break;
        at = parentPath(at);
      }
      if (!target) return null;
      const note = el("p", {class: "estro-field-error", id: nextId("error"), text: message});
      const first = target.firstElementChild;
      if (first && (first.tagName === "LEGEND" || first.tagName === "LABEL" || first.classList.contains("estro-row-head") || first.classList.contains("estro-field-line"))) first.after(note);
      else target.prepend(note);
      target.classList.add("estro-invalid");
      const controlEl = target.querySelector(`[data-field="${CSS.escape(at)}"]`) || target.querySelector("input, select");
      if (controlEl) {
        controlEl.setAttribute("aria-invalid", "true");
        const ids = (controlEl.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
        controlEl.setAttribute("aria-describedby", [...ids, note.id].join(" "));
      }
      // Its row is marked, and every row that holds that row (the ability, and the cryptid it is on).
      for (let row = target.closest(".estro-row"); row; row = row.parentElement.closest(".estro-row")) {
        row.classList.add("estro-invalid");
      }
      return note;
    }

    build();
    return {
      element,
      value: () => root.value,
      set(value) {
        root.value = isObject(value) ? clone(value) : {};
        build();
      },
      showError,
      clearErrors,
    };
  }

  window.estroForm = {create, parentPath, parseJson, stringify, RawNumber};
})();
