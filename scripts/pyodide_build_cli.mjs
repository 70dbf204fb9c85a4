// Run pyodide-build's command line inside Pyodide's own CPython under Node, at build time.
//
//   node scripts/pyodide_build_cli.mjs WHEELS_DIR WORK_DIR py-compile [OPTIONS] PATH
//
// WHEELS_DIR holds pyodide-build's pure-Python wheels for Python 3.14 (requirements-pyodide-build.txt,
// downloaded by scripts/setup_pyodide_build.sh); they go on sys.path as they are (zip imports).
// WORK_DIR, a folder of this machine, is mounted at the same path inside Pyodide, so the command's
// paths under it mean the same inside and out. The rest of the arguments are the `pyodide`
// command's own.
//
// Why Pyodide's interpreter: `pyodide py-compile` compiles for the Python that runs it and never
// checks the target. Pyodide 314 is CPython 3.14; no native 3.14 is to be had here, and bytecode of
// another version fails in Pyodide with "bad magic number". pyodide-build's command line needs
// `__main__.__file__` set (it looks for its plugins beside it); nothing else is changed.
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const [wheelsDir, workDir, ...args] = process.argv.slice(2);
if (!wheelsDir || !workDir || !args.length) {
  console.error("usage: node scripts/pyodide_build_cli.mjs WHEELS_DIR WORK_DIR COMMAND [ARGS ...]");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
const mount = (host) => {
  const path = resolve(host);
  pyodide.FS.mkdirTree(path);
  pyodide.mountNodeFS(path, path);
  return path;
};
const tools = mount(wheelsDir);
mount(workDir);
const wheels = readdirSync(tools)
  .filter((name) => name.endsWith(".whl"))
  .sort()
  .map((name) => `${tools}/${name}`);
if (!wheels.some((path) => path.includes("/pyodide_build-"))) {
  console.error(`no pyodide-build wheel in ${tools}: run bash scripts/setup.sh`);
  process.exit(2);
}
pyodide.globals.set("WHEELS", pyodide.toPy(wheels));
pyodide.globals.set("ARGS", pyodide.toPy(args));
const status = pyodide.runPython(`
import __main__, sys
sys.path[:0] = list(WHEELS)
__main__.__file__ = sys.path[0]
sys.argv = ["pyodide", *ARGS]
from pyodide_cli.__main__ import main
try:
    main()
    status = 0
except SystemExit as stop:
    status = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
status
`);
process.exit(status);
