// What tsc should know of the page's elements beyond lib.dom (a script, not a module: it adds to the
// global types). Every element the view draws is HTML or SVG, which both have `dataset`, `style` and
// `focus` (lib.dom puts them on HTMLElement and SVGElement, not on Element, which querySelector answers).
interface Element extends HTMLOrSVGElement, ElementCSSInlineStyle {
  /** The markup `patch` (widget.js) last wrote into the element. */
  nlHtml?: string;
  /** The markup of each child `patchChildren` (widget.js) last wrote. */
  nlParts?: string[];
  /** The header markup `patchCard` (widget.js) last wrote. */
  nlHeader?: string;
}

interface HTMLElement {
  /** The root's redraw, for benchmarks and scripts (widget.js). */
  novaluna?: { draw: () => void };
  /** When the root was last drawn (`performance.now()`), read by bench/widget.py. */
  nlDrawnAt?: number;
}
