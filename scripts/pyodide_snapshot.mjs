// Make the memory snapshot the site ships: Pyodide's own CPython under Node, started from the boot
// library, with the engine imported and warmed as the worker does it.
//
//   node scripts/pyodide_snapshot.mjs OUT_FILE < job.json
//
// job.json: {"stdlib": BOOT_LIBRARY_ZIP, "engine": ENGINE_ZIP, "engine_path": "/lib/estro_rules.zip",
//            "stdlib_path": "/lib/python314.zip", "rest": [module, ...], "boot_modules": [module, ...],
//            "warmups": ["<scenario JSON>", ...], "lock": {the lock file the worker hands Pyodide},
//            "package": null or {"lock": PYODIDE_LOCK_JSON}}
//
// With "package", the engine is loaded as the worker then loads it, loadPackage("estro-rules") from
// that lock file's folder, instead of its zip put on sys.path.
//
// 1. The snapshot: loadPyodide({_makeSnapshot: true}) from the boot library; the engine's zip on
//    sys.path and estro_rules.web_stdlib's finder in place, as worker.js's installEngine does;
//    every warm-up scenario run as a job to its end; then every module of the boot library
//    imported, so that a restored Python never reads the boot library again (the worker gives it
//    an empty one). Refused if the heap grew: Pyodide cannot restore such a snapshot.
// 2. The pages left as they were: a second Pyodide started from that snapshot shows the memory as
//    instantiated, before the snapshot is copied in. The snapshot's 64 KiB pages that equal it
//    (the WebAssembly's data, untouched) are left out, and so are the pages of zeros: OUT_FILE
//    holds Pyodide's header and the other pages, one after the other (a third of the whole);
//    OUT_FILE.json lists which ("pages") and which were as instantiated ("initial_pages"). The
//    worker puts the pages in place and copies the others back from its own fresh memory.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { loadPyodide } from "pyodide";

const out = process.argv[2];
if (!out) {
  console.error("usage: node scripts/pyodide_snapshot.mjs OUT_FILE < job.json");
  process.exit(2);
}
const job = JSON.parse(readFileSync(0, "utf8"));
const PAGE = 65536;
const quiet = { stdout: (s) => console.error(s), stderr: (s) => console.error(s) };
const asm = new URL("pyodide.asm.mjs", import.meta.resolve("pyodide")).href;

const packages = job.package ? { packageBaseUrl: dirname(resolve(job.package.lock)) + "/" } : {};
const pyodide = await loadPyodide({ ...quiet, ...packages, stdLibURL: job.stdlib, lockFileContents: job.lock, _makeSnapshot: true });
const heap = pyodide._module.HEAP8.length;
if (job.package) {
  await pyodide.loadPackage("estro-rules", { messageCallback: () => {}, errorCallback: (s) => console.error(s) });
} else {
  pyodide.FS.writeFile(job.engine_path, new Uint8Array(readFileSync(job.engine)));
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(job.engine_path)})`);
}
pyodide.runPython(`from estro_rules import web_stdlib
web_stdlib.install(${JSON.stringify(job.stdlib_path)}, ${JSON.stringify(job.rest)})`);
const web = pyodide.pyimport("estro_rules.web");
for (const text of job.warmups) {
  const run = web.start(text, "../");
  while (!JSON.parse(run.step()).done);
  run.destroy();
}
web.destroy();
pyodide.runPython(`import importlib
for name in ${JSON.stringify(job.boot_modules)}:
    importlib.import_module(name)`);
if (pyodide._module.HEAP8.length !== heap) {
  console.error(`the heap grew from ${heap} to ${pyodide._module.HEAP8.length} bytes: Pyodide could not restore it`);
  process.exit(1);
}
// A snapshot may hold no JavaScript state, and the package's files are not in it: Pyodide forgets it
// loaded the engine, and the restored Python loads it again (the worker does).
if (job.package) delete pyodide.loadedPackages["estro-rules"];
const snapshot = pyodide.makeMemorySnapshot();

// The memory as instantiated: a second Pyodide from this snapshot, seen before the snapshot is copied in.
let fresh = null;
await loadPyodide({
  ...quiet,
  stdLibURL: job.stdlib,
  lockFileContents: job.lock,
  _loadSnapshot: snapshot.slice(),
  createPyodideModule: async (settings) => {
    const module = await (await import(asm)).default(settings);
    fresh = module.HEAPU8.slice();
    return module;
  },
});
const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
const memory = snapshot.subarray(header);
if (memory.length % PAGE !== 0) throw new Error("the memory is not a whole number of pages");
const same = [];
const kept = [];
for (let start = 0; start < memory.length; start += PAGE) {
  const page = memory.subarray(start, start + PAGE);
  if (!page.some((b) => b !== 0)) continue;
  if (page.every((b, i) => b === fresh[start + i])) same.push(start / PAGE);
  else kept.push(start / PAGE);
}
const packed = new Uint8Array(header + kept.length * PAGE);
packed.set(snapshot.subarray(0, header));
kept.forEach((n, i) => packed.set(memory.subarray(n * PAGE, (n + 1) * PAGE), header + i * PAGE));
writeFileSync(out, packed);
writeFileSync(out + ".json", JSON.stringify({ header, bytes: snapshot.length, pages: kept, initial_pages: same }));
console.error(`snapshot: ${snapshot.length} bytes, ${kept.length} pages kept, ${same.length} as instantiated`);
