// SVG for one tile (Python's drawing of its face and tasks, put in place), a token and a swatch.
// Every colour has its own dot shape and letter, so nothing rests on telling colours apart.

import * as spec from "./drawing.js";
import { faces } from "./drawing.js";
import { num } from "./i18n.js";

/** @typedef {import("./contract").Catalogue} Catalogue */

const { tile: TILE, token: TOKEN } = spec;

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
 * A rectangle with round corners centred at (x, y), as the wheel and the areas draw their boxes.
 * @param {number} width @param {number} height @param {number} corner its corners' radius
 * @param {string} [attrs] the rect's other attributes (class, data-…) @param {number} [x] @param {number} [y]
 */
export const centredRect = (width, height, corner, attrs = "", x = 0, y = 0) =>
  `<rect ${attrs ? `${attrs} ` : ""}x="${x - width / 2}" y="${y - height / 2}" width="${width}" ` +
  `height="${height}" rx="${corner}"/>`;

/**
 * A tile face's outline centred at (x, y) (also the outline of an empty cell, which a tile fills).
 * @param {string} attrs the rect's other attributes (class, data-…)
 */
export const faceRect = (attrs, x = 0, y = 0) => centredRect(TILE.face, TILE.face, TILE.corner, attrs, x, y);

/**
 * One tile centred at (0, 0), `tile.size` units wide, in one group; `classes` (first) and `attrs` go on
 * that group (a placed tile's place and hooks: no group around a group, one element less a tile). Its
 * face and tasks are Python's markup (`faces()`), the very markup of the static pictures.
 * `task(k, x, y, inner)` may wrap each task (its disc and dots, `inner`) at its disc's centre (to add a
 * token, hooks and labels).
 * @param {Catalogue} catalogue
 * @param {string} id
 * @param {((k: number, x: number, y: number, inner: string) => string) | null} [task]
 * @param {string[]} [classes]
 * @param {string} [attrs]
 * @returns {string}
 */
export function tileSvg(catalogue, id, task = null, classes = [], attrs = "") {
  const [colour] = catalogue[id];
  const [face, tasks] = faces().tiles[id];
  const discs = tasks
    .map((inner, k) => {
      const [x, y] = TILE.discs[tasks.length][k];
      return task ? task(k, x, y, inner) : `<g transform="translate(${x} ${y})">${inner}</g>`;
    })
    .join("");
  return (
    `<g class="${[...classes, "nl-tile", `nl-${colour}`].join(" ")}"${attrs && ` ${attrs}`}>` +
    face +
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
