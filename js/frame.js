// The widget's frame: its parts, written once into the root, which the view fills and patches.

import { HISTORY_HTML, TUTORIAL_HTML } from "./coach.js";

/**
 * Write the frame into `root` and return its parts.
 * @param {HTMLElement} root
 */
export function frame(root) {
  // "said": what just happened (a polite live region), where an error shows over it; "now": what to do
  // now, always on show; "explain": what the pointer or focus rests on. Each is a box of fixed height,
  // so that neither a move, an error nor hovering moves the board. The area in play comes first beside
  // the wheel: the solo score, the review and the hint, which grow, stand under it.
  root.innerHTML =
    `<div class="nl-frame"><div class="nl-top"></div>` +
    HISTORY_HTML +
    TUTORIAL_HTML +
    `<div class="nl-puzzle-box"></div>` +
    `<div class="nl-status"><div class="nl-error" role="alert" hidden><span class="nl-error-text"></span>` +
    `<button type="button" class="nl-dismiss">×</button></div>` +
    `<p class="nl-said" role="status"></p><p class="nl-now"></p></div>` +
    `<p class="nl-explain"></p>` +
    `<div class="nl-main"><div class="nl-wheel-box">` +
    `<svg class="nl-wheel" viewBox="-500 -500 1000 1000" role="group">` +
    `<g class="nl-wheel-parts"></g><g class="nl-marks" aria-hidden="true"></g></svg></div>` +
    `<div class="nl-side"><div class="nl-big"></div><div class="nl-panel-box"></div>` +
    `<div class="nl-review-box"></div><div class="nl-hint-box"></div></div></div>` +
    `<div class="nl-others"></div><div class="nl-log-box"></div></div>`;
  /** @param {string} cls @returns {HTMLElement} one of the parts just written */
  const part = (cls) => /** @type {HTMLElement} */ (root.querySelector(`.${cls}`));
  return {
    top: part("nl-top"),
    history: part("nl-history"),
    slider: /** @type {HTMLInputElement} */ (part("nl-history-slider")),
    tutorial: part("nl-tutorial"),
    puzzle: part("nl-puzzle-box"),
    error: part("nl-error"),
    dismiss: part("nl-dismiss"),
    wheelSvg: /** @type {SVGSVGElement} */ (root.querySelector(".nl-wheel")),
    wheel: /** @type {SVGGElement} */ (root.querySelector(".nl-wheel-parts")),
    wheelMarks: /** @type {SVGGElement} */ (root.querySelector(".nl-wheel > .nl-marks")),
    review: part("nl-review-box"),
    hint: part("nl-hint-box"),
    panel: part("nl-panel-box"),
    said: part("nl-said"),
    now: part("nl-now"),
    explain: part("nl-explain"),
    wheelBox: part("nl-wheel-box"),
    big: part("nl-big"),
    others: part("nl-others"),
    log: part("nl-log-box"),
    // The three below live in shells that `speak` writes, before anything is drawn: the root until then.
    /** @type {Element} the headline, in the top bar's shell */
    headline: root,
    /** @type {Element} the toolbar, in the top bar's shell */
    toolbar: root,
    /** @type {Element} the log's list of entries, in its shell */
    logList: root,
  };
}
