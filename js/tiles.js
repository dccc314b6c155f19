// SVG for one tile: colour, cost top left, task discs with dots, and the colour's letter.
// Every colour has its own dot shape and letter, so nothing rests on telling colours apart.

import * as spec from "./drawing.js";
import { num } from "./i18n.js";

/** @typedef {import("./types.js").Catalogue} Catalogue */
/** @typedef {import("./types.js").Task} Task */

const { tile: TILE, token: TOKEN } = spec;
const HALF = TILE.face / 2;

/** @param {unknown} s @returns {string} the text, safe in HTML and in attribute values */
export const esc = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

/**
 * A tile face's outline centred at (x, y) (also the outline of an empty cell, which a tile fills).
 * @param {string} attrs the rect's other attributes (class, data-…)
 */
export const faceRect = (attrs, x = 0, y = 0) =>
  `<rect ${attrs} x="${x - HALF}" y="${y - HALF}" width="${TILE.face}" height="${TILE.face}" rx="${TILE.corner}"/>`;

/** A dot's outline (absolute M, L, H and Z commands around 0, 0 in the spec) moved to (x, y). */
const moved = (outline, x, y) =>
  outline.replace(/([MLHZ])([^MLHZ]*)/g, (_, command, numbers) => {
    const shift = { M: [x, y], L: [x, y], H: [x], Z: [] }[command];
    const values = numbers.split(/\s+/).filter(Boolean);
    return command + values.map((n, i) => Number(n) + shift[i]).join(" ");
  });

function dot(colour, x, y) {
  const cls = `nl-dot nl-${colour}`;
  const shape = spec.tile_colours[colour].dot;
  if (shape.square !== undefined) {
    const half = shape.square;
    return `<rect class="${cls}" x="${x - half}" y="${y - half}" width="${2 * half}" height="${2 * half}"/>`;
  }
  if (shape.path !== undefined) return `<path class="${cls}" d="${moved(shape.path, x, y)}"/>`;
  return `<circle class="${cls}" cx="${x}" cy="${y}" r="${shape.circle}"/>`;
}

/** @param {Task} task */
function taskDots(task) {
  const colours = task.flatMap(([colour, n]) => Array(n).fill(colour));
  return TILE.dots[colours.length].map(([x, y], i) => dot(colours[i], x, y)).join("");
}

/**
 * One tile centred at (cx, cy), `tile.size` units wide.
 * `task(k, x, y, inner, task)` may wrap each task disc (to add a token, hooks and labels).
 * @param {Catalogue} catalogue
 * @param {string} id
 * @param {number} cx
 * @param {number} cy
 * @param {((k: number, x: number, y: number, inner: string, task: Task) => string) | null} [task]
 * @returns {string}
 */
export function tileSvg(catalogue, id, cx, cy, task = null) {
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
    `<g class="nl-tile nl-${colour}" transform="translate(${cx} ${cy})">` +
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
