// What a visitor's kernel does before tutorial 1's first widget, in the site's own Pyodide under Node
// (bench/site.py runs it): start Pyodide with the packages the kernel preloads, import IPython (the
// kernel's own start), then the package and tutorial 1's first widget. Prints, as JSON, each step's wall
// and CPU seconds (CPU of every thread: V8 compiles the WebAssembly on several), so that builds compare
// even on a busy machine.
// Usage: node bench/pyodide_start.mjs PYODIDE_FOLDER PACKAGE...
import { pathToFileURL } from "node:url";

const [runtime, ...packages] = process.argv.slice(2);
const steps = {};
let [wall, cpu] = [performance.now(), process.cpuUsage()];
const step = (name) => {
  const used = process.cpuUsage(cpu);
  steps[name] = { wall: (performance.now() - wall) / 1000, cpu: (used.user + used.system) / 1e6 };
  [wall, cpu] = [performance.now(), process.cpuUsage()];
};
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/`, packages });
step("pyodide");
pyodide.runPython("import IPython, comm, ipywidgets");
step("kernel");
pyodide.runPython("from novaluna_widget import NovaLunaWidget; NovaLunaWidget.tutorial()");
step("widget");
console.log(JSON.stringify(steps));
