// Reading the state as Python built it, whichever kernel sent it. In JupyterLite the kernel is Pyodide,
// which hands Python's None to JavaScript as `undefined`: the message's JSON then drops an object key
// whose value was None (a list item becomes null, as it should). The view compares with null
// (`state.selected !== null`), so it reads the state only through `readState`, which puts back every
// key that types.js documents as "or null". Under JupyterLab's own kernel the state arrives whole and
// this changes nothing. tests/test_protocol.py checks that NULLABLE names every key Python sets to None.

/**
 * Where the state may hold null: a key of the state, or of each item of a list ("players.[].bot").
 * tests/test_protocol.py reads the list as JSON, so it is kept free of a trailing comma.
 * @type {string[]}
 */
// prettier-ignore
export const NULLABLE = ["seed", "current", "over", "solo", "selected", "error", "players.[].bot", "hint",
  "hint.space", "hint.tile", "hint.cell", "hint.cost", "hint.next_player", "hint.alternatives.[].space",
  "hint.alternatives.[].tile", "hint.alternatives.[].cell", "hint.alternatives.[].cost",
  "hint.alternatives.[].next_player", "tutorial", "tutorial.prompt", "tutorial.expects",
  "tutorial.highlight", "tutorial.refused", "tutorial.highlight.button", "view.compare",
  "view.compare.played.tile", "view.compare.played.space", "view.compare.played.cell",
  "view.compare.suggested.tile", "view.compare.suggested.space", "view.compare.suggested.cell",
  "view.compare.played_area.bot", "view.compare.suggested_area.bot"];

/**
 * `value` with the key at the end of `path` present (null where it was missing); copies, never changes
 * the model's own objects.
 * @param {any} value @param {string[]} path @returns {any}
 */
function restore(value, path) {
  const [head, ...rest] = path;
  if (head === "[]") return Array.isArray(value) ? value.map((item) => restore(item, rest)) : value;
  if (value === null || typeof value !== "object") return value; // a null parent has no keys to restore
  const inner = rest.length ? restore(value[head], rest) : value[head];
  return { ...value, [head]: inner === undefined ? null : inner };
}

/**
 * The model's state, with the nulls a Pyodide kernel dropped put back.
 * @param {import("./types.js").Model} model
 * @returns {import("./types.js").State}
 */
export function readState(model) {
  return NULLABLE.reduce((state, path) => restore(state, path.split(".")), model.get("state"));
}
