// Runs site/precompile.py in Pyodide under Node (`make site`, site/build.py's `precompile`): the wheels in
// the folder given get the bytecode of the Python that the visitors' kernel runs.
// Usage: node site/precompile.mjs PYODIDE_FOLDER WHEEL_FOLDER SCRIPT
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [runtime, wheels, script] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: wheels }, "/wheels");
pyodide.runPython(readFileSync(script, "utf8"), { filename: script });
