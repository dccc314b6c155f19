// Each player's area: tiles on a grid, tokens on covered tasks, and the cells a chosen tile may go on.

import * as spec from "./drawing.js";
import { esc, faceRect, swatchSvg, tileSvg, tokenSvg } from "./tiles.js";
import { cellWords, explainWords, ordinal, plural, tileWords } from "./words.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Catalogue} Catalogue */
/** @typedef {import("./types.js").TaskRow} TaskRow */

// One cell per tile, a tile wide.
const CELL = spec.tile.size;
// The area in play is drawn large enough to click comfortably; the others smaller.
const MAX_CELL_PX = { big: 72, small: 46 };

function bounds(tiles) {
  if (!tiles.length) return [0, 0, 0, 0];
  const xs = tiles.map((t) => t[1]);
  const ys = tiles.map((t) => t[2]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * For the player to move: legal cell "x,y" → tasks the chosen tile would fulfil there.
 * @param {State} state
 * @returns {Map<string, [number, number, number][]>}
 */
export function legalCells(state) {
  const cells = new Map();
  const pick = state.choices.indexOf(state.selected);
  const effects = new Map(pick >= 0 ? state.moves.fulfil[pick] : []);
  state.moves.cells.forEach(([x, y], i) => cells.set(`${x},${y}`, effects.get(i) ?? []));
  return cells;
}

function emptyCell(p, x, y, legal, fulfils, tabStop, name) {
  const at = `data-player="${p}" data-cell="${x},${y}"`;
  if (!legal) {
    // Not a place to go now, yet clickable: the engine explains why a tile cannot go there.
    return faceRect(`class="nl-cell" ${at}`, x * CELL, y * CELL);
  }
  const label =
    `${name}'s area, cell ${cellWords(x, y)}: empty, legal` +
    (fulfils.length ? `, fulfils ${plural(fulfils.length, "task")}` : "");
  return (
    `<g class="nl-cell nl-legal${fulfils.length ? " nl-fulfils" : ""}" ${at} role="button" ` +
    `aria-label="${esc(label)}" data-roving="cells-${p}" tabindex="${tabStop ? 0 : -1}" ` +
    `transform="translate(${x * CELL} ${y * CELL})">` +
    faceRect(`class="nl-cell-box"`) +
    (fulfils.length
      ? `<text class="nl-plus" y="12">★${fulfils.length}</text>`
      : `<path class="nl-plus" d="M-14 0H14M0 -14V14"/>`) +
    `</g>`
  );
}

/**
 * Player `p`'s tile `t` with its tasks' tokens, hooks and explanations.
 * @param {State} state @param {Catalogue} catalogue @param {number} p @param {number} t
 * @param {Map<string, TaskRow>} rows the area's tasks by "tile,task"
 * @param {{value: boolean}} firstTask whether the next task is the area's one Tab stop
 */
function placedTile(state, catalogue, p, t, rows, firstTask) {
  const player = state.players[p];
  const [id, x, y] = player.tiles[t];
  const last = state.last && state.last.player === p && state.last.tile === id;
  const task = (k, dx, dy, inner) => {
    const row = rows.get(`${t},${k}`);
    const status = row ? row[2] : 0;
    const token = status === 2 ? tokenSvg(p, spec.token.on_task) : "";
    const label = row
      ? explainWords(catalogue, player, row) + (status === 2 ? " A token covers it." : "")
      : "";
    const stop = firstTask.value;
    firstTask.value = false;
    return (
      `<g class="nl-task nl-status-${status}" data-task="${p},${t},${k}" data-roving="tasks-${p}" ` +
      `tabindex="${stop ? 0 : -1}" role="img" aria-label="${esc(label)}" ` +
      `transform="translate(${dx} ${dy})">` +
      `${inner}${token}</g>`
    );
  };
  const tileLabel = `${player.name}'s area, cell ${cellWords(x, y)}: ${id}, ${tileWords(catalogue, id)}`;
  return (
    `<g class="nl-placed${last ? " nl-last" : ""}" data-player="${p}" data-cell="${x},${y}" ` +
    `data-tile="${p},${t}" aria-label="${esc(tileLabel)}" ` +
    `transform="translate(${x * CELL} ${y * CELL})">` +
    tileSvg(catalogue, id, 0, 0, task) +
    `</g>`
  );
}

/**
 * An area's grid as SVG elements, one part each (cells, then tiles), and its viewBox.
 * @param {State} state @param {Catalogue} catalogue @param {number} p the player
 * @returns {{parts: string[], viewBox: string, cols: number}}
 */
function area(state, catalogue, p) {
  const player = state.players[p];
  const toMove = state.current === p;
  const legal = toMove ? legalCells(state) : new Map();
  const chosen = toMove && state.selected !== null;
  const occupied = new Set(player.tiles.map(([, x, y]) => `${x},${y}`));
  const rows = new Map(player.tasks.map((row) => [`${row[0]},${row[1]}`, row]));
  const [x0, y0, x1, y1] = bounds(player.tiles);
  const margin = player.tiles.length ? 1 : 0; // an empty area shows its one offered cell
  const parts = [];
  let cellStop = true;
  for (let y = y0 - margin; y <= y1 + margin; y++) {
    for (let x = x0 - margin; x <= x1 + margin; x++) {
      const key = `${x},${y}`;
      if (occupied.has(key)) continue;
      const isLegal = chosen && legal.has(key);
      parts.push(
        emptyCell(p, x, y, isLegal, isLegal ? legal.get(key) : [], isLegal && cellStop, player.name),
      );
      if (isLegal) cellStop = false;
    }
  }
  const firstTask = { value: true };
  player.tiles.forEach((_, t) => parts.push(placedTile(state, catalogue, p, t, rows, firstTask)));
  const cols = x1 - x0 + 1 + 2 * margin;
  const rowsHigh = y1 - y0 + 1 + 2 * margin;
  const [left, top] = [(x0 - margin - 0.5) * CELL, (y0 - margin - 0.5) * CELL];
  const viewBox = `${left} ${top} ${cols * CELL} ${rowsHigh * CELL}`;
  return { parts, viewBox, cols };
}

function header(state, p) {
  const player = state.players[p];
  const badges = [];
  if (state.current === p) badges.push(`<span class="nl-badge nl-badge-turn">to move</span>`);
  if (player.bot) badges.push(`<span class="nl-badge">bot: ${esc(player.bot)}</span>`);
  if (state.over && state.players.length > 1) {
    const place = state.over.ranking.indexOf(p);
    badges.push(`<span class="nl-badge nl-place-${place}">${ordinal(place)}</span>`);
  }
  const used = player.supply - player.tokens;
  const time = state.solo ? "" : ` · time ${player.time}`;
  return (
    `<header class="nl-player-head">` +
    swatchSvg(p) +
    `<span class="nl-name">${esc(player.name)}</span>${badges.join("")}` +
    `<span class="nl-tokens" title="${used} of ${player.supply} tokens placed` +
    `${state.solo ? "" : `; moon track space ${player.space}`}">` +
    `<b>${player.tokens}</b> ${player.tokens === 1 ? "token" : "tokens"} left${time}</span>` +
    `<span class="nl-bar" aria-hidden="true">` +
    `<span style="width:${(100 * used) / player.supply}%"></span></span>` +
    `</header>`
  );
}

/**
 * The player whose area is drawn large: the one to move, unless a bot plays that seat (then the first
 * human seat, whose view it is); at the end, the winner.
 * @param {State} state
 * @returns {number}
 */
export function focusPlayer(state) {
  if (state.over) return state.over.winner;
  if (!state.players[state.current].bot) return state.current;
  const human = state.players.findIndex((player) => !player.bot);
  return human >= 0 ? human : state.current;
}

/**
 * @typedef {object} Card A player's card, drawn by widget.js's patchCard.
 * @property {string} className
 * @property {string} label the card's accessible name
 * @property {string} header the header's HTML
 * @property {string} viewBox the area's
 * @property {string} maxWidth CSS: the area's cells are at most MAX_CELL_PX wide
 * @property {string} areaLabel
 * @property {string[]} parts the area's SVG elements
 */

/**
 * A player's card: its classes and label, the header's HTML, and the area's SVG parts.
 * @param {State} state @param {Catalogue} catalogue @param {number} p the player
 * @param {"big" | "small"} size the area in play is big
 * @returns {Card}
 */
export function card(state, catalogue, p, size) {
  const player = state.players[p];
  const cls = ["nl-player", `nl-card-${size}`];
  if (state.current === p) cls.push("nl-current");
  if (state.over && state.over.winner === p) cls.push("nl-winner");
  const { parts, viewBox, cols } = area(state, catalogue, p);
  return {
    className: cls.join(" "),
    label: player.name,
    header: header(state, p),
    viewBox,
    maxWidth: `${cols * MAX_CELL_PX[size]}px`,
    areaLabel: `${player.name}'s area: ${plural(player.tiles.length, "tile")}`,
    parts,
  };
}
