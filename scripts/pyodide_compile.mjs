// Compile the standard library for Pyodide: bytecode made by Pyodide's own CPython under Node, at
// build time. (The engine's bytecode is pyodide-build's `py-compile`: scripts/sitegen/toolchain.py.
// pyodide-build has nothing that measures which standard-library modules a start needs, so this
// step stays our own.)
//
//   node scripts/pyodide_compile.mjs OUT_DIR < job.json
//
// job.json: {"engine": {"estro_rules/web.py": "<source>", "…/estro_rules.mo": {"base64": "…"}, ...}, "scenarios": [...],
//            "stdlib_prefix": "/lib/python314.zip/", "package": null or {"lock": PYODIDE_LOCK_JSON}}
//
// With "package", the engine is loaded the Pyodide way, loadPackage("estro-rules") from that lock
// file (its wheel beside it), so the modules Pyodide's package loader imports are measured too.
//
// 1. Measure: start Pyodide (the npm package's own python_stdlib.zip), import
//    estro_rules.web and put estro_rules.web_stdlib's finder in place from the
//    given sources, and run every scenario as the worker does (a job stepped to
//    its end, and web.handle); record which standard-library modules are then
//    in sys.modules: they make the boot library.
// 2. Compile, with py_compile inside Pyodide (the call pyodide-build's
//    `py-compile` makes; the interpreter is Pyodide's own, so the magic number
//    is right): every measured standard-library module becomes an unchecked
//    hash-based .pyc.
//
// OUT_DIR receives modules.json (the measured list) and stdlib/NAME.pyc;
// scripts/sitegen/assets.py builds the zips from them.
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { loadPyodide } from "pyodide";

const out = process.argv[2];
if (!out) {
  console.error("usage: node scripts/pyodide_compile.mjs OUT_DIR < job.json");
  process.exit(2);
}
const job = JSON.parse(readFileSync(0, "utf8"));
mkdirSync(out, { recursive: true });

const quiet = { stdout: (s) => console.error(s), stderr: (s) => console.error(s) };
const byPackage = job.package
  ? { lockFileContents: readFileSync(job.package.lock, "utf8"), packageBaseUrl: dirname(resolve(job.package.lock)) + "/" }
  : {};
const pyodide = await loadPyodide({ ...quiet, ...byPackage });
if (job.package) {
  await pyodide.loadPackage("estro-rules", { messageCallback: () => {}, errorCallback: (s) => console.error(s) });
} else {
  // The engine's sources, written into the in-memory file system (not unpacked
  // with Python's zipfile, so that measuring imports nothing the worker does not).
  for (const [name, text] of Object.entries(job.engine)) {
    const path = "/engine-src/" + name;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    // A binary file (a compiled message catalogue) comes as {"base64": …}.
    pyodide.FS.writeFile(path, typeof text === "string" ? text : Buffer.from(text.base64, "base64"));
  }
}
pyodide.globals.set("SCENARIOS", pyodide.toPy(job.scenarios));
pyodide.runPython(`
import sys
sys.path.insert(0, "/engine-src")
from estro_rules import web, web_stdlib
web_stdlib.install(${JSON.stringify(job.stdlib_prefix.replace(/\/$/, ""))}, [])  # as the worker does

for text in SCENARIOS:
    job = web.start(text, "../")
    while not __import__("json").loads(job.step())["done"]:
        pass
    web.start(text).cancel()
    web.handle(text, "../")
    web.handle(text, "../", "it")  # an Italian page's widget: the Italian catalogue read and parsed
del SCENARIOS
`);
const measured = pyodide.runPython(`
import json
prefix = ${JSON.stringify(job.stdlib_prefix)}
json.dumps(sorted(
    spec.origin[len(prefix):]
    for spec in (getattr(m, "__spec__", None) for m in list(sys.modules.values()))
    if spec is not None and isinstance(spec.origin, str) and spec.origin.startswith(prefix) and spec.origin.endswith(".py")
))
`);

pyodide.mountNodeFS("/out", resolve(out));
pyodide.globals.set("MEASURED", measured);
pyodide.runPython(`
import os, py_compile, zipfile

def compile_to(source: bytes, dfile: str, target: str) -> None:
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open("/tmp/source.py", "wb") as f:
        f.write(source)
    py_compile.compile(
        "/tmp/source.py", cfile=target, dfile=dfile, doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )

names = json.loads(MEASURED)
with zipfile.ZipFile("/lib/python314.zip") as stdlib:
    for name in names:
        compile_to(stdlib.read(name), prefix + name, "/out/stdlib/" + name + "c")
with open("/out/modules.json", "w") as f:
    json.dump({"python": sys.version.split()[0], "magic": __import__("importlib.util").util.MAGIC_NUMBER.hex(), "stdlib": names}, f, indent=1)
`);
