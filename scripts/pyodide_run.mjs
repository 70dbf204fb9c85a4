// Run the engine inside Pyodide under Node, exactly as the browser worker does:
// load the vendored Pyodide from node_modules, unpack the engine's wheel, import.
//
//   node scripts/pyodide_run.mjs WHEEL scenarios  < list.json   -> JSON list of web.handle replies
//   node scripts/pyodide_run.mjs WHEEL python     < code.py     -> prints what the code prints
//
// Timings go to stderr as a JSON line: {"load_s": ..., "run_s": ...}.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [wheelPath, mode] = process.argv.slice(2);
if (!wheelPath || !["scenarios", "python"].includes(mode)) {
  console.error("usage: node scripts/pyodide_run.mjs WHEEL (scenarios|python) < input");
  process.exit(2);
}
const input = readFileSync(0, "utf8");
const t0 = performance.now();
const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel");
const t1 = performance.now();
if (mode === "scenarios") {
  const web = pyodide.pyimport("estro_rules.web");
  const replies = JSON.parse(input).map((text) => JSON.parse(web.handle(text)));
  process.stdout.write(JSON.stringify(replies));
} else {
  await pyodide.runPythonAsync(input);
}
const t2 = performance.now();
console.error(JSON.stringify({ load_s: (t1 - t0) / 1000, run_s: (t2 - t1) / 1000 }));
