// Run the engine inside Pyodide under Node, as the browser worker does.
//
//   node scripts/pyodide_run.mjs ENGINE scenarios [STDLIB]  < list.json  -> JSON list of web.handle replies (as JSON text);
//                                                           an item [text, "it"] asks for the reply in Italian
//   node scripts/pyodide_run.mjs ENGINE python [STDLIB]     < code.py    -> prints what the code prints
//
// ENGINE is the engine's py3-none-any wheel made by `pyodide build` (unpacked
// into site-packages), the compiled wheel pyodide-build's `py-compile` made, or
// any zip of the engine's bytecode (put on sys.path at /lib/estro_rules.zip, as
// the worker does), or the pyodide-lock.json beside that compiled wheel
// (loadPackage("estro-rules"), Pyodide's own way). STDLIB is a
// python_stdlib.zip to start Pyodide with (the site's compiled one); without
// it, the npm package's own.
//
// ESTRO_WHOLE_STDLIB (optional), JSON {"path": WHOLE_ZIP, "rest": [module, ...]}: STDLIB is a boot
// library, and estro_rules.web_stdlib loads this whole library in its place when an import needs
// one of the rest, as the worker does (here from the file, there with a request).
//
// ESTRO_SNAPSHOT (optional), JSON {"path": SNAPSHOT, "bytes": n, "header": n, "pages": [page, ...],
// "initial_pages": [page, ...]}: start from that snapshot (the one the site ships) with an empty boot
// library, as the worker does: its pages put in place, those left as instantiated copied in from the
// fresh module.
//
// Timings go to stderr as a JSON line: {"load_s": ..., "run_s": ...}.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { loadPyodide } from "pyodide";

const [enginePath, mode, stdlibPath] = process.argv.slice(2);
if (!enginePath || !["scenarios", "python"].includes(mode)) {
  console.error("usage: node scripts/pyodide_run.mjs ENGINE (scenarios|python) [STDLIB] < input");
  process.exit(2);
}
const input = readFileSync(0, "utf8");
const t0 = performance.now();
const options = {
  stdout: (s) => console.log(s),
  stderr: (s) => console.error(s),
  ...(stdlibPath ? { stdLibURL: resolve(stdlibPath) } : {}),
};
if (process.env.ESTRO_SNAPSHOT) {
  const { path, bytes: length, header, pages: kept, initial_pages: pages } = JSON.parse(process.env.ESTRO_SNAPSHOT);
  const packed = new Uint8Array(readFileSync(path));
  const bytes = new Uint8Array(length);
  bytes.set(packed.subarray(0, header));
  kept.forEach((n, i) => bytes.set(packed.subarray(header + i * 65536, header + (i + 1) * 65536), header + n * 65536));
  const empty = join(mkdtempSync(join(tmpdir(), "estro-")), "python_stdlib.zip");
  writeFileSync(empty, new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]));
  const asm = new URL("pyodide.asm.mjs", import.meta.resolve("pyodide")).href;
  Object.assign(options, {
    stdLibURL: empty,
    _loadSnapshot: bytes,
    createPyodideModule: async (settings) => {
      const module = await (await import(asm)).default(settings);
      for (const n of pages) bytes.set(module.HEAPU8.subarray(n * 65536, (n + 1) * 65536), header + n * 65536);
      return module;
    },
  });
}
const byPackage = enginePath.endsWith("pyodide-lock.json");
if (byPackage) {
  options.lockFileContents = readFileSync(enginePath, "utf8");
  options.packageBaseUrl = dirname(resolve(enginePath)) + "/";
}
const pyodide = await loadPyodide(options);
if (byPackage) {
  await pyodide.loadPackage("estro-rules", { messageCallback: () => {}, errorCallback: (s) => console.error(s) });
} else if (enginePath.endsWith("-py3-none-any.whl")) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(enginePath)), "wheel");
} else {
  const engine = new Uint8Array(readFileSync(enginePath));
  pyodide.FS.writeFile("/lib/estro_rules.zip", engine);
  pyodide.runPython("import sys\nif '/lib/estro_rules.zip' not in sys.path: sys.path.insert(0, '/lib/estro_rules.zip')");
}
if (process.env.ESTRO_WHOLE_STDLIB) {
  const whole = JSON.parse(process.env.ESTRO_WHOLE_STDLIB);
  globalThis.estroLoadStdlib = () => {
    globalThis.estroStdlibLoads = (globalThis.estroStdlibLoads || 0) + 1;
    pyodide.FS.writeFile("/lib/python314.zip", new Uint8Array(readFileSync(whole.path)));
  };
  pyodide.runPython(`from estro_rules import web_stdlib\nweb_stdlib.install("/lib/python314.zip", ${JSON.stringify(whole.rest)})`);
}
const t1 = performance.now();
if (mode === "scenarios") {
  const web = pyodide.pyimport("estro_rules.web");
  // The replies stay JSON text: parsed in JavaScript, numbers past 2**53 would lose digits.
  // Each item is a scenario's text, or [text, language] for a page in that language.
  const replies = JSON.parse(input).map((item) => (Array.isArray(item) ? web.handle(item[0], "", item[1]) : web.handle(item)));
  process.stdout.write(JSON.stringify(replies));
} else {
  await pyodide.runPythonAsync(input);
}
const t2 = performance.now();
console.error(JSON.stringify({ load_s: (t1 - t0) / 1000, run_s: (t2 - t1) / 1000 }));
