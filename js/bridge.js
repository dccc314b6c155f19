// Reading the state as Python built it, whichever kernel sent it. In JupyterLite the kernel is Pyodide,
// which hands Python's None to JavaScript as `undefined`: the message's JSON then drops an object key
// whose value was None (a list item becomes null, as it should). The view compares with null
// (`state.selected !== null`), so it reads the state only through `readState`, which puts back every
// key the contract (novaluna_widget/_contract.py) lets hold None: js/build_contract.py lists them in
// nullable.json. Under JupyterLab's own kernel the state arrives whole and this changes nothing.

import NULLABLE from "./nullable.json";

/**
 * `value` with the key at the end of `path` present (null where it was missing); copies, never changes
 * the model's own objects.
 * @param {any} value @param {string[]} path @returns {any}
 */
function restore(value, path) {
  const [head, ...rest] = path;
  if (head === "[]") return Array.isArray(value) ? value.map((item) => restore(item, rest)) : value;
  if (value === null || typeof value !== "object") return value; // a null parent has no keys to restore
  // A key under one that is missing belongs to another mode's state (`puzzle.seat` in a game): none.
  if (rest.length && value[head] === undefined) return value;
  const inner = rest.length ? restore(value[head], rest) : value[head];
  return { ...value, [head]: inner === undefined ? null : inner };
}

/**
 * The model's state, with the nulls a Pyodide kernel dropped put back.
 * @param {import("./contract").Model} model
 * @returns {import("./contract").State}
 */
export function readState(model) {
  return NULLABLE.reduce((state, path) => restore(state, path.split(".")), model.get("state"));
}
