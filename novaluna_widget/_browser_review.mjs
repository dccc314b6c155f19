// The helper of a long review in the in-browser site (novaluna_widget/_browser_review.py): a second Pyodide,
// in a Web Worker the kernel's own worker starts, on the browser's other core. Sent the job once (where the
// site's Pyodide is, the package's distribution name, the pickled calls and their count), it starts Pyodide
// from the site's files, loads the package's wheel alone (the site's lock names it; the widget's
// dependencies are not needed), and makes the calls from the last one down, posting each result (pickled)
// as it is made. The kernel makes them from the first one up and posts the index of each call it takes on
// itself (a number): the helper stops above the last it heard of. Any failure is posted as `{error}`, and
// the kernel goes on alone.
let claimed = -1;

// Lets the kernel's claims in between two calls, with no timer's delay (a chain of setTimeout(0) waits 4 ms
// a time).
const channel = new MessageChannel();
const hearTheKernel = () =>
  new Promise((resolve) => {
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });

self.onmessage = async ({ data }) => {
  if (typeof data === "number") {
    claimed = Math.max(claimed, data);
    return;
  }
  try {
    const { indexURL, distribution, job, count } = data;
    const lock = await (await fetch(new URL("pyodide-lock.json", indexURL))).json();
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const pyodide = await loadPyodide({ indexURL, lockFileContents: lock });
    const wheel = new URL(lock.packages[distribution].file_name, indexURL).href;
    await pyodide.loadPackage(wheel, { messageCallback: () => {} });
    const call = pyodide.pyimport("novaluna_widget._browser_review")._serve(job);
    for (let index = count - 1; index > claimed; index -= 1) {
      const made = call(index);
      const result = made.toJs();
      made.destroy();
      self.postMessage({ index, result }, [result.buffer]);
      await hearTheKernel();
    }
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
