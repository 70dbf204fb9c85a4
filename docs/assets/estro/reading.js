/* ESTRO Rules — reading aids for every page (not the widgets' code).
 *
 * The theme wraps each table in a box that scrolls sideways on a narrow screen. A box that scrolls
 * must be reachable by keyboard and named for a screen reader (WCAG 2.1.1; axe:
 * scrollable-region-focusable), so each gets tabindex="0", role="region" and a name: the table's
 * caption, or the heading above it.
 */
"use strict";

(function () {
  function nameOf(box) {
    const caption = box.querySelector("caption");
    if (caption) return caption.textContent.trim();
    let node = box;
    while (node && node !== document.body) {
      let prev = node.previousElementSibling;
      while (prev) {
        if (/^H[1-6]$/.test(prev.tagName)) return `Table: ${prev.textContent.replace(/¶$/, "").trim()}`;
        prev = prev.previousElementSibling;
      }
      node = node.parentElement;
    }
    return "Table";
  }

  function label() {
    for (const box of document.querySelectorAll(".md-typeset__scrollwrap:not([tabindex])")) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", nameOf(box));
    }
    document.documentElement.dataset.estroReading = "1";
  }

  // The theme wraps the tables when it mounts a page; label them once it has.
  const later = () => setTimeout(label, 0);
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(later);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", later);
  else later();
})();
