// Patching the page in place: only the markup that changed is written, so a click costs the browser as
// little style and layout work as it can. Each element remembers the markup it was given last.

import { setAttr } from "./coach.js";

/**
 * Replace an element's content only when its markup changed.
 * @param {Element} el @param {string} html @param {boolean} full
 */
export function patch(el, html, full) {
  if (full || el.nlHtml !== html) {
    el.innerHTML = html;
    el.nlHtml = html;
  }
}

/**
 * Make `el`'s children the parts in `html` (each part is one element), keeping every child whose markup
 * is still wanted, wherever it now stands: a move adds a tile and drops the lit cells, the log gains an
 * entry at the top, and only those elements are made, moved or removed. Fewer changed elements keep
 * the browser's style and layout work, and so the click, short.
 * @param {Element} el @param {string[]} html @param {boolean} full
 */
export function patchChildren(el, html, full) {
  const old = el.nlParts;
  el.nlParts = html;
  if (full || !old || el.children.length !== old.length) {
    el.innerHTML = html.join("");
    return;
  }
  /** @type {Map<string, Element[]>} the children by their markup (the same markup may stand twice) */
  const kept = new Map();
  old.forEach((markup, i) => {
    const same = kept.get(markup);
    if (same) same.push(el.children[i]);
    else kept.set(markup, [el.children[i]]);
  });
  const wanted = html.map((markup) => kept.get(markup)?.shift() ?? null);
  const missing = html.filter((_, i) => wanted[i] === null);
  if (missing.length) {
    // Parsed in one go, in `el`'s own kind of parent (an SVG group parses SVG).
    const scratch = /** @type {Element} */ (el.cloneNode(false));
    scratch.innerHTML = missing.join("");
    if (scratch.children.length !== missing.length) {
      el.innerHTML = html.join("");
      return;
    }
    const made = [...scratch.children];
    wanted.forEach((child, i) => {
      if (child === null) wanted[i] = made.shift() ?? null;
    });
  }
  for (const unwanted of kept.values()) for (const child of unwanted) child.remove();
  wanted.forEach((child, i) => {
    const here = el.children[i] ?? null;
    if (child !== here) el.insertBefore(/** @type {Element} */ (child), here);
  });
}

/**
 * Draw a player's card into `slot`, replacing only what changed.
 * @param {Element} slot @param {import("./area.js").Card} c @param {boolean} full
 */
export function patchCard(slot, c, full) {
  if (!slot.firstElementChild) {
    // The area's tiles and cells in one group, the coach's marks over them in another: patching
    // the one never touches the other.
    slot.innerHTML =
      `<section><header></header><svg class="nl-area" role="group">` +
      `<g class="nl-area-parts"></g><g class="nl-marks" aria-hidden="true"></g></svg></section>`;
  }
  const section = /** @type {Element} */ (slot.firstElementChild);
  setAttr(section, "class", c.className);
  setAttr(section, "aria-label", c.label);
  if (full || section.nlHeader !== c.header) {
    /** @type {Element} */ (section.firstElementChild).outerHTML = c.header;
    section.nlHeader = c.header;
  }
  const svg = /** @type {SVGSVGElement} */ (section.lastElementChild);
  setAttr(svg, "viewBox", c.viewBox);
  setAttr(svg, "aria-label", c.areaLabel);
  if (svg.style.getPropertyValue("--nl-area-max") !== c.maxWidth)
    svg.style.setProperty("--nl-area-max", c.maxWidth);
  if (svg.style.getPropertyValue("--nl-rows") !== c.rows) svg.style.setProperty("--nl-rows", c.rows);
  patchChildren(/** @type {SVGGElement} */ (svg.firstElementChild), c.parts, full);
}

/**
 * Write a line's text only when it changes: no needless layout, and no live region said again.
 * @param {Element} el @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
