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
 * API: window.estroShare
 *   link(widgetName, scenarioText, hash) -> Promise<string>   the URL of this page with the scenario
 *   fromLocation(widgetName) -> Promise<string | null>         the scenario text a link carries for it
 *                                                             (rejects when the link is damaged)
 */
"use strict";

(function () {
  function toBase64url(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64url(text) {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(b64 + "===".slice((b64.length + 3) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }

  async function through(stream, bytes) {
    const piped = new Blob([bytes]).stream().pipeThrough(stream);
    return new Uint8Array(await new Response(piped).arrayBuffer());
  }

  const compressed = typeof CompressionStream === "function" && typeof DecompressionStream === "function";

  async function encode(text) {
    return toBase64url(await through(new CompressionStream("deflate-raw"), new TextEncoder().encode(text)));
  }

  async function decode(data) {
    return new TextDecoder().decode(await through(new DecompressionStream("deflate-raw"), fromBase64url(data)));
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
    if (params.get("scenario")) return new TextDecoder().decode(fromBase64url(params.get("scenario")));
    return null;
  }

  window.estroShare = {link, fromLocation, encode, decode};
})();
