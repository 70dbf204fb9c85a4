// Run the engine inside Pyodide under Node, as the browser worker does.
//
//   node scripts/pyodide_run.mjs ENGINE scenarios [STDLIB]  < list.json  -> JSON list of web.handle replies (as JSON text)
//   node scripts/pyodide_run.mjs ENGINE python [STDLIB]     < code.py    -> prints what the code prints
//
// ENGINE is the engine's wheel (unpacked into site-packages) or the site's
// estro_rules.zip of bytecode (put on sys.path, as the worker does). STDLIB is
// a python_stdlib.zip to start Pyodide with (the site's compiled one); without
// it, the npm package's own.
//
// ESTRO_WHOLE_STDLIB (optional), JSON {"path": WHOLE_ZIP, "rest": [module, ...]}: STDLIB is a boot
// library, and estro_rules.web_stdlib loads this whole library in its place when an import needs
// one of the rest, as the worker does (here from the file, there with a request).
//
// Timings go to stderr as a JSON line: {"load_s": ..., "run_s": ...}.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const [enginePath, mode, stdlibPath] = process.argv.slice(2);
if (!enginePath || !["scenarios", "python"].includes(mode)) {
  console.error("usage: node scripts/pyodide_run.mjs ENGINE (scenarios|python) [STDLIB] < input");
  process.exit(2);
}
const input = readFileSync(0, "utf8");
const t0 = performance.now();
const pyodide = await loadPyodide({
  stdout: (s) => console.log(s),
  stderr: (s) => console.error(s),
  ...(stdlibPath ? { stdLibURL: resolve(stdlibPath) } : {}),
});
const engine = new Uint8Array(readFileSync(enginePath));
if (enginePath.endsWith(".whl")) {
  pyodide.unpackArchive(engine, "wheel");
} else {
  pyodide.FS.writeFile("/lib/estro_rules.zip", engine);
  pyodide.runPython("import sys; sys.path.insert(0, '/lib/estro_rules.zip')");
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
  const replies = JSON.parse(input).map((text) => web.handle(text));
  process.stdout.write(JSON.stringify(replies));
} else {
  await pyodide.runPythonAsync(input);
}
const t2 = performance.now();
console.error(JSON.stringify({ load_s: (t1 - t0) / 1000, run_s: (t2 - t1) / 1000 }));
