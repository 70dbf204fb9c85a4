/* ESTRO Rules — reading aids for every page (not the widgets' code).
 *
 * TABLES. The theme wraps each table in a box that scrolls sideways on a narrow screen. A box that
 * scrolls must be reachable by keyboard and named for a screen reader (WCAG 2.1.1; axe:
 * scrollable-region-focusable), so each gets tabindex="0", role="region" and a name: the table's
 * caption, or the heading above it.
 *
 * POPOVERS. A glossary term (a link to glossary/#term) and a link to a ruling of the same page show
 * what they mean in a popover, beside the link: on hover (a mouse), on keyboard focus, and on a tap.
 * A tap on a glossary term does not leave the page: the popover says the meaning and links to the
 * entry; a second tap on the same term, or the link in the popover, goes there. A term's meaning
 * comes from assets/estro/glossary.json (written by the build from the glossary's terms, fetched the
 * first time a popover is needed), a ruling's title from its heading on the page. Escape, a tap
 * elsewhere or leaving the link closes it. The link points to the popover (aria-describedby) while
 * it is shown. The Italian word is marked lang="it". On an Italian page the popover is Italian: the word the
 * Italian pages use, the English one beside it, the Italian meaning.
 *
 * LANDING. A link to a ruling (battaglia/#BAT-9), a search hit among them, lands on it: the heading under
 * the header, and kept there while the page settles (the widgets' editors are built after the page is
 * shown, and the theme's instant navigation may scroll before the new page has its height), until the
 * reader scrolls, taps or types, or for 3 s at most.
 *
 * COPYING A DOCTEST. A ruling's doctest box gets its copy button, in the theme's markup, the first time it
 * is opened; the theme's clipboard handler serves it. The theme fits its own copy buttons to every code
 * block as it starts, with a forced layout each, so the doctests are written to escape that (pages.py).
 *
 * LANGUAGES. The Italian pages are under it/, with the same rulings and anchors. The header's language menu
 * keeps the reader on the same page and the same ruling (its link is the page's twin; the #anchor is added
 * here). A link from a page of one language to a page of the other loads that page in full, not by the
 * theme's instant navigation, which keeps the old page's <html lang> and the theme's words in its language.
 *
 * SEARCH HIGHLIGHTS. The theme marks every word that starts like a searched one (BAT-9 marked "bat" in
 * every "battle"); a mark that is only part of a word is taken away again, in the page a search hit
 * opens and in the list of hits.
 */
"use strict";

(function () {
  const {t} = window.estroWords; // the page's words (assets/estro/engine.js)
  const TABLE_WORD = t("Table");

  function nameOf(box) {
    const caption = box.querySelector("caption");
    if (caption) return caption.textContent.trim();
    let node = box;
    while (node && node !== document.body) {
      let prev = node.previousElementSibling;
      while (prev) {
        if (/^H[1-6]$/.test(prev.tagName)) return `${TABLE_WORD}: ${prev.textContent.replace(/¶$/, "").trim()}`;
        prev = prev.previousElementSibling;
      }
      node = node.parentElement;
    }
    return TABLE_WORD;
  }

  function label() {
    for (const box of document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])")) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", nameOf(box));
    }
    document.documentElement.dataset.estroReading = "1";
  }

  /* ---------- popovers ---------- */

  const SCRIPT_URL = document.currentScript ? document.currentScript.src : location.href;
  const MEANINGS_URL = new URL("glossary.json", SCRIPT_URL);
  let meanings = null; // Promise of {anchor: [english, italian, meaning, ourTranslation, italianMeaning, italianPagesWord]}
  let popover = null;
  let shownFor = null; // the link the popover is about
  let hoverTimer = null;

  function loadMeanings() {
    if (!meanings) {
      meanings = fetch(MEANINGS_URL).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status}`))));
      meanings.catch(() => (meanings = null));
    }
    return meanings;
  }

  /* ---------- Italian words: lang="it" on what the widgets show ----------
   * The pages come with every Italian word of the glossary marked (scripts/sitegen/lang.py); results,
   * editors and steps the scripts add later are marked here, from the same list (glossary.json). */

  let italian = null; // Promise of a RegExp

  function italianWords() {
    if (!italian) {
      italian = loadMeanings().then((data) => {
        const escape = (w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "['’]");
        const word = (w) => (/^\p{Ll}/u.test(w) ? `[${w[0]}${w[0].toUpperCase()}]${escape(w.slice(1))}` : escape(w));
        return new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${data.italian.map(word).join("|")})(?![\\p{L}\\p{N}_-])`, "gu");
      });
      italian.catch(() => (italian = null));
    }
    return italian;
  }

  const NOT_PROSE = "script, style, textarea, code, pre, [lang]:not(html)";

  async function markItalian(root) {
    // On an Italian page every word is already Italian (<html lang="it">), and what is not is marked lang="en".
    if (!root || document.documentElement.lang === "it") return;
    let words;
    try {
      words = await italianWords();
    } catch (_) {
      return; // no list (offline before any visit): the words stay unmarked
    }
    for (const option of root.querySelectorAll("option")) {
      words.lastIndex = 0;
      const m = words.exec(option.textContent.trim());
      if (m && m[0] === option.textContent.trim()) option.lang = "it";
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement && !node.parentElement.closest(NOT_PROSE) && !node.parentElement.closest("option")
          ? NodeFilter.FILTER_ACCEPT
          : NodeFilter.FILTER_REJECT,
    });
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
    for (const node of nodes) {
      const text = node.nodeValue;
      words.lastIndex = 0;
      if (!words.test(text)) continue;
      words.lastIndex = 0;
      const parts = document.createDocumentFragment();
      let at = 0;
      for (const m of text.matchAll(words)) {
        parts.append(text.slice(at, m.index));
        const span = document.createElement("span");
        span.lang = "it";
        span.textContent = m[0];
        parts.append(span);
        at = m.index + m[0].length;
      }
      parts.append(text.slice(at));
      node.replaceWith(parts);
    }
  }

  window.estroReading = {markItalian};

  function termAnchor(link) {
    const href = link.getAttribute("href") || "";
    const match = href.match(/(?:^|\/)glossary\/?#([a-z0-9-]+)$/);
    return match && !location.pathname.endsWith("/glossary/") ? match[1] : null;
  }

  function rulingHeading(link) {
    const href = link.getAttribute("href") || "";
    if (!href.startsWith("#") || link.hasAttribute("title")) return null;
    const target = document.getElementById(decodeURIComponent(href.slice(1)));
    return target && target.classList.contains("estro-ruling-heading") ? target : null;
  }

  function target(node) {
    const link = node instanceof Element ? node.closest(".md-typeset a[href]") : null;
    return link && (termAnchor(link) || rulingHeading(link)) ? link : null;
  }

  function element() {
    if (!popover) {
      popover = document.createElement("div");
      popover.id = "estro-popover";
      popover.className = "estro-popover";
      popover.setAttribute("role", "tooltip");
      popover.hidden = true;
      document.body.append(popover);
    }
    return popover;
  }

  async function show(link, touch) {
    const box = element();
    const anchor = termAnchor(link);
    box.textContent = "";
    if (anchor) {
      let entry;
      try {
        entry = (await loadMeanings()).terms[anchor];
      } catch (_) {
        return; // no meanings (offline before any visit): the link still leads to the glossary
      }
      if (!entry) return;
      const [english, italian, meaning, ours, italianMeaning, italianWord] = entry;
      const inItalian = document.documentElement.lang === "it" && italianMeaning;
      const word = document.createElement("strong");
      word.textContent = inItalian ? italianWord : english;
      box.append(word);
      if (inItalian && italianWord !== english) {
        const en = document.createElement("i");
        en.lang = "en";
        en.textContent = english;
        const inEnglish = t("in English");
        box.append(` (${inEnglish} `, en, ")"); // the glossary's other word: the English pages use it
      } else if (!inItalian && italian && italian !== english) {
        const it = document.createElement("i");
        it.lang = "it";
        it.textContent = italian;
        const translated = t(", our translation");
        box.append(" (", it, ours ? `${translated})` : ")");
      }
      box.append(": " + (inItalian ? italianMeaning : meaning));
      if (touch) {
        const more = document.createElement("a");
        more.href = link.href;
        more.className = "estro-popover-more";
        more.textContent = t("Glossary entry");
        box.append(" ", more);
      }
    } else {
      const heading = rulingHeading(link);
      if (!heading) return;
      box.textContent = heading.textContent.replace(/¶\s*$/, "").trim();
    }
    if (shownFor && shownFor !== link) shownFor.removeAttribute("aria-describedby");
    shownFor = link;
    link.setAttribute("aria-describedby", box.id);
    box.hidden = false;
    const r = link.getBoundingClientRect();
    const width = Math.min(320, document.documentElement.clientWidth - 16);
    box.style.maxWidth = `${width}px`;
    const left = Math.max(8, Math.min(r.left, document.documentElement.clientWidth - width - 8));
    box.style.left = `${left + scrollX}px`;
    box.style.top = `${r.bottom + scrollY + 6}px`;
  }

  function hide() {
    clearTimeout(hoverTimer);
    if (popover) popover.hidden = true;
    if (shownFor) shownFor.removeAttribute("aria-describedby");
    shownFor = null;
  }

  let lastPointer = "mouse";
  document.addEventListener("pointerdown", (event) => (lastPointer = event.pointerType), true);
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const link = target(event.target);
    if (!link) return;
    loadMeanings().catch(() => null);
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => show(link, false), 200);
  });
  document.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse" || !target(event.target)) return;
    if (popover && event.relatedTarget instanceof Node && popover.contains(event.relatedTarget)) return;
    if (shownFor && shownFor === document.activeElement) return; // focus keeps it
    hide();
  });
  document.addEventListener("focusin", (event) => {
    const link = target(event.target);
    if (link && link.matches(":focus-visible")) show(link, false);
    else if (shownFor && !(popover && popover.contains(event.target))) hide();
  });
  document.addEventListener("focusout", (event) => {
    if (shownFor && event.target === shownFor && lastPointer !== "touch") hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shownFor) hide();
  });
  // A tap on a glossary term: the meaning, here; a second tap on the same term goes to the glossary.
  document.addEventListener(
    "click",
    (event) => {
      if (popover && popover.contains(event.target)) return;
      const link = target(event.target);
      if (lastPointer !== "touch" || !link || !termAnchor(link)) {
        if (shownFor && lastPointer === "touch") hide();
        return;
      }
      if (shownFor === link && !popover.hidden) return; // the second tap: follow the link
      event.preventDefault();
      event.stopPropagation(); // not the theme's instant navigation either
      show(link, true);
    },
    true,
  );
  addEventListener("resize", hide);

  /* ---------- search highlights: whole words only ---------- */

  const WORD = /[\p{L}\p{N}_]/u;
  const BLOCK = "p, li, td, th, h1, h2, h3, h4, h5, h6, dd, dt, pre, summary, figcaption, article, div";

  /* The character just before (dir -1) or after (dir 1) `mark`'s text, within its block. */
  function beside(mark, dir) {
    const block = mark.parentElement.closest(BLOCK) || document.body;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    let before = "";
    let inside = false;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (mark.contains(n)) {
        inside = true;
        if (dir < 0) return before;
      } else if (inside && n.nodeValue) {
        return n.nodeValue[0];
      } else if (n.nodeValue) {
        before = n.nodeValue[n.nodeValue.length - 1];
      }
    }
    return "";
  }

  function wholeWords(root) {
    if (!root) return; // already taken away again
    for (const mark of root.querySelectorAll("mark")) {
      if (!mark.parentElement) continue;
      if (WORD.test(beside(mark, -1)) || WORD.test(beside(mark, 1))) mark.replaceWith(...mark.childNodes);
    }
  }

  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches("mark") || node.querySelector("mark")) wholeWords(node.matches("mark") ? node.parentElement : node);
      }
    }
  }).observe(document.documentElement, {childList: true, subtree: true});

  /* ---------- copying a doctest ---------- */

  let doctests = 0;
  document.addEventListener("toggle", (event) => {
    const box = event.target;
    const pre = box instanceof HTMLDetailsElement && box.open ? box.querySelector(":scope > pre.estro-doctest") : null;
    if (!pre || pre.querySelector(".md-code__nav")) return;
    pre.id ||= `estro-doctest-${++doctests}`;
    const nav = document.createElement("nav");
    nav.className = "md-code__nav";
    const button = document.createElement("button");
    button.className = "md-code__button";
    button.title = t("Copy to clipboard");
    button.dataset.clipboardTarget = `#${pre.id} code`;
    button.dataset.mdType = "copy";
    nav.append(button);
    pre.prepend(nav);
  }, true);

  /* ---------- landing on a #ID ---------- */

  let landing = null; // {target, until, observer}

  function stopLanding() {
    if (!landing) return;
    landing.observer.disconnect();
    landing = null;
  }

  function land() {
    stopLanding();
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id);
    const content = document.querySelector(".md-content");
    if (!target || !content) return;
    const place = () => {
      if (!landing || performance.now() > landing.until) return stopLanding();
      const top = target.getBoundingClientRect().top;
      const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
      if (Math.abs(top - margin) > 2) target.scrollIntoView({block: "start"});
    };
    landing = {target, until: performance.now() + 3000, observer: new ResizeObserver(place)};
    landing.observer.observe(content);
    requestAnimationFrame(place);
  }

  for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) {
    addEventListener(type, stopLanding, {capture: true, passive: true});
  }
  addEventListener("hashchange", land);
  if (window.location$ && typeof window.location$.subscribe === "function") {
    window.location$.subscribe(() => setTimeout(land, 0)); // the theme's instant navigation
  }

  /* ---------- languages ---------- */

  const ITALIAN_ROOT = new URL("../../it/", SCRIPT_URL).href; // this script is assets/estro/reading.js

  function languageOf(url) {
    return url.startsWith(ITALIAN_ROOT) ? "it" : "en";
  }

  // Capturing, on the document: before the theme's instant navigation sees the click, and after the first tap
  // on a glossary term (above), which shows the meaning and goes nowhere.
  document.addEventListener(
    "click",
    (event) => {
      if (event.defaultPrevented) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!link || link.target || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      const url = new URL(link.href);
      if (url.origin !== location.origin || languageOf(url.href) === languageOf(location.href)) return;
      // The language menu's link to this page's twin: the same ruling there (its anchors are the same).
      if (link.classList.contains("estro-language") && "twin" in link.dataset && !url.hash) url.hash = location.hash;
      event.preventDefault();
      event.stopPropagation();
      location.assign(url.href);
    },
    {capture: true},
  );

  // The theme wraps the tables when it mounts a page; label them once it has.
  const later = () => {
    hide();
    land();
    setTimeout(land, 0); // the theme may set the new page's address just after showing it
    setTimeout(label, 0);
    // The page's own words are marked when it is built; the theme's header and menu are made here.
    setTimeout(() => {
      markItalian(document.querySelector(".md-header"));
      markItalian(document.querySelector(".md-sidebar--primary"));
    }, 0);
  };
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(later);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", later);
  else later();
})();
