// SVG for one tile: colour, cost top left, task discs with dots, and the colour's letter.
// Every colour has its own dot shape and letter, so nothing rests on telling colours apart.

import * as spec from "./drawing.js";
import { num } from "./i18n.js";

/** @typedef {import("./contract").Catalogue} Catalogue */
/** @typedef {import("./contract").Task} Task */
/**
 * A dot's shape in the spec: an outline, a square's half side or a circle's radius.
 * @typedef {{path: string, square?: undefined} | {square: number, path?: undefined}
 *   | {circle: number, path?: undefined, square?: undefined}} Dot
 */

const { tile: TILE, token: TOKEN } = spec;
const HALF = TILE.face / 2;

/** @param {unknown} s @returns {string} the text, safe in HTML and in attribute values */
export const esc = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) =>
      /** @type {Record<string, string>} */ ({
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "'": "&#39;",
      })[c],
  );

/**
 * A tile face's outline centred at (x, y) (also the outline of an empty cell, which a tile fills).
 * @param {string} attrs the rect's other attributes (class, data-…)
 */
export const faceRect = (attrs, x = 0, y = 0) =>
  `<rect ${attrs} x="${x - HALF}" y="${y - HALF}" width="${TILE.face}" height="${TILE.face}" rx="${TILE.corner}"/>`;

/** A coordinate to 1/100 of a unit: sums like -6.5 + 5.6 print no floating-point tail in the markup. @param {number} v */
const round = (v) => Math.round(v * 100) / 100;

/**
 * A dot's outline (absolute M, L, H and Z commands around 0, 0 in the spec) moved to (x, y).
 * @param {string} outline @param {number} x @param {number} y @returns {string}
 */
const moved = (outline, x, y) =>
  outline.replace(/([MLHZ])([^MLHZ]*)/g, (_, command, numbers) => {
    /** @type {number[]} */
    const shift = { M: [x, y], L: [x, y], H: [x], Z: [] }[/** @type {"M" | "L" | "H" | "Z"} */ (command)];
    /** @type {string[]} */
    const values = numbers.split(/\s+/).filter(Boolean);
    return command + values.map((n, i) => round(Number(n) + shift[i])).join(" ");
  });

/**
 * A dot's outline as path data, centred at (x, y): a circle is two arcs, a square four sides.
 * @param {import("./contract").Colour} colour @param {number} x @param {number} y @returns {string}
 */
function dotPath(colour, x, y) {
  /** @type {Dot} */
  const shape = spec.tile_colours[colour].dot;
  if (shape.path !== undefined) return moved(shape.path, x, y);
  if (shape.square !== undefined) {
    const side = 2 * shape.square;
    return `M${round(x - shape.square)} ${round(y - shape.square)}h${side}v${side}h${-side}Z`;
  }
  const r = shape.circle;
  return `M${round(x - r)} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
}

/**
 * A task's dots, one path for each colour (not an element a dot): a late 4-player position draws some
 * 500 dots, and every element costs the browser parsing, style and layout.
 * @param {Task} task
 */
function taskDots(task) {
  const spots = TILE.dots[task.reduce((sum, [, n]) => sum + n, 0)];
  let next = 0;
  return task
    .map(([colour, n]) => {
      const d = spots
        .slice(next, (next += n))
        .map(([x, y]) => dotPath(colour, x, y))
        .join("");
      return `<path class="nl-dot nl-${colour}" d="${d}"/>`;
    })
    .join("");
}

/**
 * One tile centred at (0, 0), `tile.size` units wide, in one group; `classes` (first) and `attrs` go on
 * that group (a placed tile's place and hooks: no group around a group, one element less a tile).
 * `task(k, x, y, inner, task)` may wrap each task disc (to add a token, hooks and labels).
 * @param {Catalogue} catalogue
 * @param {string} id
 * @param {((k: number, x: number, y: number, inner: string, task: Task) => string) | null} [task]
 * @param {string[]} [classes]
 * @param {string} [attrs]
 * @returns {string}
 */
export function tileSvg(catalogue, id, task = null, classes = [], attrs = "") {
  const [colour, cost, tasks] = catalogue[id];
  const discs = tasks
    .map((t, k) => {
      const [x, y] = TILE.discs[tasks.length][k];
      const inner = `<circle class="nl-disc" r="${TILE.disc}"/>${taskDots(t)}`;
      return task ? task(k, x, y, inner, t) : `<g transform="translate(${x} ${y})">${inner}</g>`;
    })
    .join("");
  const { x, y, r, baseline } = TILE.cost;
  const [letterX, letterY] = TILE.letter;
  return (
    `<g class="${[...classes, "nl-tile", `nl-${colour}`].join(" ")}"${attrs && ` ${attrs}`}>` +
    faceRect(`class="nl-face"`) +
    `<circle class="nl-cost-disc" cx="${x}" cy="${y}" r="${r}"/>` +
    `<text class="nl-cost" x="${x}" y="${y + baseline}">${num(cost)}</text>` +
    `<text class="nl-letter" x="${letterX}" y="${letterY}">${spec.tile_colours[colour].letter}</text>` +
    discs +
    `</g>`
  );
}

/**
 * A player's token: their colour (widget.css, from the spec) and their number, in the language's digits.
 * @param {number} player
 * @param {number} [r] the radius
 * @returns {string}
 */
export function tokenSvg(player, r = TOKEN.radius) {
  return (
    `<g class="nl-token nl-p${player}"><circle r="${r}"/>` +
    `<text y="${r * TOKEN.number_y}" style="font-size:${r * TOKEN.number_size}px">${num(player + 1)}</text></g>`
  );
}

const SWATCH = TOKEN.radius + 2; // room for the token's outline

/** @param {number} player @returns {string} the player's token as a small picture (headers, the log) */
export const swatchSvg = (player) =>
  `<svg class="nl-swatch" viewBox="${-SWATCH} ${-SWATCH} ${2 * SWATCH} ${2 * SWATCH}" aria-hidden="true">` +
  `${tokenSvg(player)}</svg>`;
