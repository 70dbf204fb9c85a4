/* ESTRO Rules — links that carry a widget's scenario.
 *
 * LINK FORMAT (the same for "Copy link" here and for links the site build makes in Python):
 *
 *     <page URL>?widget=NAME&z=DATA#widget-NAME
 *
 *   DATA = base64url, without "=" padding, of the scenario's JSON text (UTF-8) compressed with raw
 *   DEFLATE (RFC 1951: no zlib or gzip header). In the browser that is
 *   CompressionStream("deflate-raw"); in Python, zlib.compressobj(9, zlib.DEFLATED, -15) (and
 *   zlib.decompress(data, -15) to read one). tests/pages/test_widget_links.py checks both ways.
 *
 * Older links carry the scenario uncompressed, as ?widget=NAME&scenario=<base64url of the JSON>;
 * they keep working.
 *
 * BOUNDED. A scenario is at most MAX_BYTES (1,000,000 bytes of JSON, as on the command line). A link
 * is inflated chunk by chunk and dropped as soon as it passes that, before anything is parsed: a
 * small link that inflates to hundreds of MB (a "bomb") costs a few milliseconds and gets a
 * LinkError whose message the widget shows.
 *
 * A LINK FOR ANOTHER PAGE. When a link names a widget this page does not have, the page says so at
 * the top of its text, with a link to the page that has it (assets/estro/widgets.json, written by
 * the site build: widget name -> page).
 *
 * API: window.estroShare
 *   link(widgetName, scenarioText, hash) -> Promise<string>   the URL of this page with the scenario
 *   fromLocation(widgetName) -> Promise<string | null>         the scenario text a link carries for it
 *                                                             (rejects when the link is damaged or too
 *                                                             big: a LinkError says which)
 *   LinkError, MAX_BYTES
 */
"use strict";

(function () {
  const {t, lang} = window.estroWords; // the page's words (assets/estro/engine.js)
  const MAX_BYTES = 1000000;
  const SCRIPT_URL = document.currentScript ? document.currentScript.src : location.href;
  const WIDGETS_URL = new URL("widgets.json", SCRIPT_URL);

  /* A link that cannot be opened, in words for the player. */
  class LinkError extends Error {
    name = "LinkError";
  }

  const tooBig = () =>
    new LinkError(
      t("The link's scenario is longer than {bytes} bytes once unpacked (the most a scenario may be): it was not opened.", {
        bytes: MAX_BYTES.toLocaleString(lang === "it" ? "it-IT" : "en"),
      }),
    );

  function toBase64url(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64url(text) {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    let binary;
    try {
      binary = atob(b64 + "===".slice((b64.length + 3) % 4));
    } catch {
      throw new LinkError(t("The link's scenario could not be read (it may have been cut short)."));
    }
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }

  async function through(stream, bytes) {
    const piped = new Blob([bytes]).stream().pipeThrough(stream);
    return new Uint8Array(await new Response(piped).arrayBuffer());
  }

  /* Inflate at most `limit` bytes; a LinkError (and the stream cancelled) past that. */
  async function inflate(bytes, limit) {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const chunks = [];
    let total = 0;
    try {
      for (;;) {
        const {done, value} = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > limit) {
          reader.cancel().catch(() => {});
          throw tooBig();
        }
        chunks.push(value);
      }
    } catch (err) {
      if (err instanceof LinkError) throw err;
      throw new LinkError(t("The link's scenario could not be read (it may have been cut short)."));
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.byteLength;
    }
    return out;
  }

  const compressed = typeof CompressionStream === "function" && typeof DecompressionStream === "function";

  async function encode(text) {
    return toBase64url(await through(new CompressionStream("deflate-raw"), new TextEncoder().encode(text)));
  }

  const utf8 = (bytes) => {
    try {
      return new TextDecoder("utf-8", {fatal: true}).decode(bytes);
    } catch {
      throw new LinkError(t("The link's scenario is not UTF-8 text: it was not opened."));
    }
  };

  async function decode(data) {
    return utf8(await inflate(fromBase64url(data), MAX_BYTES));
  }

  async function link(widget, text, hash) {
    const url = new URL(location.href);
    url.search = "";
    url.searchParams.set("widget", widget);
    if (compressed) url.searchParams.set("z", await encode(text));
    else url.searchParams.set("scenario", toBase64url(new TextEncoder().encode(text))); // a browser without streams
    url.hash = hash;
    return url.href;
  }

  async function fromLocation(widget) {
    const params = new URLSearchParams(location.search);
    if (params.get("widget") !== widget) return null;
    if (params.get("z")) return decode(params.get("z"));
    if (params.get("scenario")) {
      const bytes = fromBase64url(params.get("scenario"));
      if (bytes.length > MAX_BYTES) throw tooBig();
      return utf8(bytes);
    }
    return null;
  }

  /* The link names a widget this page lacks: say so, with the page that has it when the site knows. */
  async function linkElsewhere() {
    const name = new URLSearchParams(location.search).get("widget");
    const article = document.querySelector("article");
    if (!name || !article || article.querySelector(".estro-link-elsewhere")) return;
    const here = [...document.querySelectorAll(".estro-widget")].some((w) => w.dataset.widget === name);
    if (here) return;
    const note = document.createElement("div");
    note.className = "admonition warning estro-link-elsewhere";
    note.setAttribute("role", "status");
    const title = document.createElement("p");
    title.className = "admonition-title";
    title.textContent = t("This link is for another page");
    const text = document.createElement("p");
    text.textContent = t("The link carries a scenario for the widget “{name}”, which is not on this page.", {name});
    note.append(title, text);
    article.prepend(note);
    let page = null;
    try {
      const response = await fetch(WIDGETS_URL);
      if (response.ok) page = (await response.json())[name] || null;
    } catch {
      // offline without it: the note stands without a link
    }
    if (typeof page !== "string") {
      text.append(" " + t("It may come from another version of the site."));
      return;
    }
    const target = new URL(page, new URL("../../", SCRIPT_URL));
    target.search = location.search;
    target.hash = `widget-${name}`;
    const a = document.createElement("a");
    a.href = target.href;
    a.textContent = t("Open it on the page that has it");
    text.append(" ", a, ".");
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => linkElsewhere());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => linkElsewhere());
  } else {
    linkElsewhere();
  }

  window.estroShare = {link, fromLocation, encode, decode, LinkError, MAX_BYTES};
})();
