// The widget in any host: JupyterLab and Notebook 7 draw it in the page itself (the light DOM), marimo
// inside a shadow root, Voilà and some embeddings in an iframe. Two things the page reads change with
// that, and every reading of them goes through here:
// - an event heard on `window` (the widget's keys are: see widget.js) is retargeted to the shadow root's
//   host element, so its `target` is never inside the widget; its composed path still starts at the
//   element it happened on;
// - `document.activeElement` is the shadow root's host too; the shadow root knows its own focused
//   element, and an iframe's document its own.

/**
 * The element an event happened on, wherever it was heard: the first of its composed path (open shadow
 * roots are walked through), else its target.
 * @param {Event} event @returns {EventTarget | null}
 */
export const origin = (event) => event.composedPath()[0] ?? event.target;

/**
 * Whether `event` happened on `root` or inside it, through any open shadow root between them.
 * @param {Element} root @param {Event} event
 */
export const inside = (root, event) => event.composedPath().includes(root);

/**
 * The element that has the focus in the document or shadow root holding `el` (null when none has).
 * @param {Node} el @returns {Element | null}
 */
export function active(el) {
  const scope = /** @type {DocumentOrShadowRoot | Node} */ (el.getRootNode());
  return "activeElement" in scope ? scope.activeElement : null;
}

/**
 * The element focused inside `root`, or null when the focus is elsewhere.
 * @param {Element} root @returns {Element | null}
 */
export function focusedIn(root) {
  const el = active(root);
  return el && root.contains(el) ? el : null;
}
