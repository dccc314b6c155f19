// Each player's area: tiles on a grid, tokens on covered tasks, and the cells a chosen tile may go on.

import * as spec from "./drawing.js";
import { num, t, tc, tn, tnc } from "./i18n.js";
import { tabStops } from "./roving.js";
import { centredRect, esc, faceRect, swatchSvg, tileSvg, tokenSvg } from "./tiles.js";
import { agrees, botWord, cellWords, named, ordinal, sentences, taskWords, tileWords } from "./words.js";

/** @typedef {import("./contract").State} State */
/** @typedef {import("./contract").Catalogue} Catalogue */
/** @typedef {import("./contract").TaskRow} TaskRow */
/** @typedef {import("./contract").TaskRef} TaskRef */
/** @typedef {import("./contract").PlacedTile} PlacedTile */
/** @typedef {import("./contract").PlayerState} PlayerState */

// One cell per tile, a tile wide.
const CELL = spec.tile.size;
// The area in play is drawn large enough to click comfortably; the others smaller, yet with task
// symbols still legible (a dot is a twentieth of a cell).
const MAX_CELL_PX = { big: 112, small: 64 };

/** @param {PlacedTile[]} tiles @returns {[number, number, number, number]} the tiles' least and greatest x and y */
function bounds(tiles) {
  if (!tiles.length) return [0, 0, 0, 0];
  const xs = tiles.map((t) => t[1]);
  const ys = tiles.map((t) => t[2]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * For the player to move: legal cell "x,y" → tasks the chosen tile would fulfil there.
 * @param {State} state
 * @param {number | null} [space] the takeable space whose tile is meant, if not the chosen one
 * @returns {Map<string, [number, number, number][]>}
 */
export function legalCells(state, space = null) {
  const cells = new Map();
  const pick = state.choices.indexOf(/** @type {number} none is no choice: -1 */ (space ?? state.selected));
  const effects = new Map(pick >= 0 ? state.moves.fulfil[pick] : []);
  state.moves.cells.forEach(([x, y], i) => cells.set(`${x},${y}`, effects.get(i) ?? []));
  return cells;
}

// "★ n" on a cell: the number of tasks a tile would fulfil there, dark on gold in either theme (the
// cell's label says it in words).
const STAR = { width: 58, height: 34, corner: 9, baseline: 11 };

/** @param {number} n */
function star(n) {
  const { width, height, corner, baseline } = STAR;
  return (
    `<g class="nl-star" aria-hidden="true">${centredRect(width, height, corner)}` +
    `<text y="${baseline}">★${num(n)}</text></g>`
  );
}

/**
 * @param {import("./contract").PlayerState} player @param {string} cell @param {number} fulfils tasks
 * @returns {string} a lit cell's label: "Ada's area, cell (1, 0): empty, legal, fulfils 2 tasks"
 */
function legalWords(player, cell, fulfils) {
  const values = { name: named(player), cell };
  if (agrees(player)) {
    return fulfils
      ? tnc(
          "the player named You, the reader",
          "your area, cell {cell}: empty, legal, fulfils {n} task",
          "your area, cell {cell}: empty, legal, fulfils {n} tasks",
          fulfils,
          values,
        )
      : tc("the player named You, the reader", "your area, cell {cell}: empty, legal", values);
  }
  return fulfils
    ? tn(
        "{name}'s area, cell {cell}: empty, legal, fulfils {n} task",
        "{name}'s area, cell {cell}: empty, legal, fulfils {n} tasks",
        fulfils,
        values,
      )
    : t("{name}'s area, cell {cell}: empty, legal", values);
}

/**
 * @param {import("./contract").PlayerState} player @param {string} cell @param {string} tile its id
 * @param {string} what the tile in words @param {boolean} recent placed in the latest turns
 * @returns {string} a placed tile's label: "Ada's area, cell (1, 0): R05, red tile, cost 3, no task"
 */
function placedWords(player, cell, tile, what, recent) {
  const values = { name: named(player), cell, tile, what };
  if (agrees(player)) {
    return recent
      ? tc(
          "the player named You, the reader",
          "your area, cell {cell}: {tile}, {what}, placed in the latest turns",
          values,
        )
      : tc("the player named You, the reader", "your area, cell {cell}: {tile}, {what}", values);
  }
  return recent
    ? t("{name}'s area, cell {cell}: {tile}, {what}, placed in the latest turns", values)
    : t("{name}'s area, cell {cell}: {tile}, {what}", values);
}

/** @param {import("./contract").PlayerState} player @returns {string} "Ada's area: 3 tiles" */
function areaWords(player) {
  const n = player.tiles.length;
  return agrees(player)
    ? tnc("the player named You, the reader", "your area: {n} tile", "your area: {n} tiles", n)
    : tn("{name}'s area: {n} tile", "{name}'s area: {n} tiles", n, {
        name: named(player),
      });
}

/**
 * A task's label, short: whether it is fulfilled, and whether a token covers it. Why is the engine's
 * sentence, which the page asks Python for while it points at the task (`whyWords`).
 * @param {import("./contract").PlayerState} player @param {TaskRow} row
 * @returns {string}
 */
export function taskLabel(player, row) {
  const [tileIndex, k, status] = row;
  const [id, x, y] = player.tiles[tileIndex];
  const values = { task: taskWords(id, k), tile: id, cell: cellWords(x, y) };
  const label = status
    ? t("Task {task} on {tile} at {cell}: fulfilled.", values)
    : t("Task {task} on {tile} at {cell}: not fulfilled.", values);
  return status === 2 ? sentences([label, t("A token covers it.")]) : label;
}

/**
 * Why a task is or is not fulfilled, once Python has answered the page's question (`state.why`), with
 * whether a token covers it; else its short label.
 * @param {State} state @param {number} p @param {TaskRow} row
 * @returns {string}
 */
export function whyWords(state, p, row) {
  const why = state.why;
  if (!why || why.task[0] !== p || why.task[1] !== row[0] || why.task[2] !== row[1]) {
    return taskLabel(state.players[p], row);
  }
  return row[2] === 2 ? sentences([why.text, t("A token covers it.")]) : why.text;
}

/**
 * An empty cell of player `p`'s area. Lit (`legal`) where the chosen tile may go, with the number of
 * tasks it would fulfil there; `previewed` where a wheel tile the player points at could go, before
 * it is chosen (a picture only: the wheel tile keeps the focus). Either way one element, so that a
 * preview redraws only the cells and never the tiles and tasks, which may hold the focus.
 * @param {number} p @param {number} x @param {number} y @param {boolean} legal @param {boolean} previewed
 * @param {TaskRef[]} fulfils @param {(stop?: boolean) => string} stops the area's cells' Tab stops
 * @param {PlayerState} player @returns {string}
 */
function emptyCell(p, x, y, legal, previewed, fulfils, stops, player) {
  const at = `data-player="${p}" data-cell="${x},${y}"`;
  if (previewed) {
    return (
      `<g class="nl-cell nl-preview${fulfils.length ? " nl-fulfils" : ""}" ${at} ` +
      `transform="translate(${x * CELL} ${y * CELL})">${faceRect(`class="nl-cell-box"`)}` +
      `${fulfils.length ? star(fulfils.length) : ""}</g>`
    );
  }
  if (!legal) {
    // Not a place to go now, yet clickable: the engine explains why a tile cannot go there.
    return faceRect(`class="nl-cell" ${at}`, x * CELL, y * CELL);
  }
  const label = legalWords(player, cellWords(x, y), fulfils.length);
  return (
    `<g class="nl-cell nl-legal${fulfils.length ? " nl-fulfils" : ""}" ${at} role="button" ` +
    `aria-label="${esc(label)}" ${stops()} transform="translate(${x * CELL} ${y * CELL})">` +
    faceRect(`class="nl-cell-box"`) +
    (fulfils.length ? star(fulfils.length) : `<path class="nl-plus" d="M-14 0H14M0 -14V14"/>`) +
    `</g>`
  );
}

/**
 * An empty cell of player `p`'s area that a puzzle's answer may name: any empty cell (whether a tile may
 * go there is the learner's to judge), a button neither lit nor starred.
 * @param {number} p @param {number} x @param {number} y @param {(stop?: boolean) => string} stops the
 * area's cells' Tab stops @param {PlayerState} player @returns {string}
 */
function pickableCell(p, x, y, stops, player) {
  const cell = cellWords(x, y);
  const label = agrees(player)
    ? tc("the player named You, the reader", "your area, cell {cell}: empty", {
        cell,
      })
    : t("{name}'s area, cell {cell}: empty", { name: named(player), cell });
  return (
    `<g class="nl-cell nl-pickable" data-player="${p}" data-cell="${x},${y}" role="button" ` +
    `aria-label="${esc(label)}" ${stops()} transform="translate(${x * CELL} ${y * CELL})">` +
    `${faceRect(`class="nl-cell-box"`)}</g>`
  );
}

/**
 * A task's label: while a puzzle asks about the area, only which task it is (its status would give the
 * answer away); else whether it is fulfilled.
 * @param {State} state @param {PlayerState} player @param {TaskRow} row
 * @returns {string}
 */
function taskName(state, player, row) {
  if (state.mode !== "puzzle" || state.puzzle.answers) return taskLabel(player, row);
  const tile = player.tiles[row[0]][0];
  return t("{task} on {tile}", { task: taskWords(tile, row[1]), tile });
}

/**
 * Player `p`'s tile `t` with its tasks' tokens, hooks and explanations.
 * @param {State} state @param {Catalogue} catalogue @param {number} p @param {number} t
 * @param {Map<string, TaskRow>} rows the area's tasks by "tile,task"
 * @param {(stop?: boolean) => string} stops the area's tasks' Tab stops
 */
function placedTile(state, catalogue, p, t, rows, stops) {
  const player = state.players[p];
  const [id, x, y] = player.tiles[t];
  // The turns since the player to move last moved stay marked, the latest most.
  const recent = state.recent.findIndex(([, q, tile]) => q === p && tile === id);
  const mark =
    recent < 0 ? [] : recent === state.recent.length - 1 ? ["nl-recent", "nl-last"] : ["nl-recent"];
  /** @param {number} k @param {number} dx @param {number} dy @param {string} inner */
  const task = (k, dx, dy, inner) => {
    const row = rows.get(`${t},${k}`);
    const status = row ? row[2] : 0;
    const token = status === 2 ? tokenSvg(p, spec.token.on_task) : "";
    const label = row ? taskName(state, player, row) : "";
    return (
      `<g class="nl-task nl-status-${status}" data-task="${p},${t},${k}" ${stops()} ` +
      `role="img" aria-label="${esc(label)}" ` +
      `transform="translate(${dx} ${dy})"><g class="nl-disc-zoom">${inner}${token}</g></g>`
    );
  };
  const tileLabel = placedWords(player, cellWords(x, y), id, tileWords(id), recent >= 0);
  const attrs =
    `data-player="${p}" data-cell="${x},${y}" data-tile="${p},${t}" role="group" ` +
    `aria-label="${esc(tileLabel)}" transform="translate(${x * CELL} ${y * CELL})"`;
  return tileSvg(catalogue, id, task, ["nl-placed", ...mark], attrs);
}

/**
 * The player who places a tile now: the one to move or, in a puzzle that asks for a whole move (a puzzle
 * names no player to move), the puzzle's seat.
 * @param {State} state @returns {number | null}
 */
export const placing = (state) =>
  state.current ?? (state.mode === "puzzle" && state.puzzle.click === "move" ? state.puzzle.seat : null);

/**
 * An area's grid as SVG elements, one part each (cells, then tiles), and its viewBox.
 * @param {State} state @param {Catalogue} catalogue @param {number} p the player
 * @param {number | null} preview a takeable space the player points at, before choosing
 * @returns {{parts: string[], viewBox: string, cols: number, rows: number}}
 */
function area(state, catalogue, p, preview) {
  const player = state.players[p];
  const toMove = placing(state) === p;
  const chosen = toMove && state.selected !== null;
  const previewing = toMove && !chosen && preview !== null;
  const legal = chosen || previewing ? legalCells(state, chosen ? null : preview) : new Map();
  const occupied = new Set(player.tiles.map(([, x, y]) => `${x},${y}`));
  const rows = new Map(player.tasks.map((row) => [`${row[0]},${row[1]}`, row]));
  const [x0, y0, x1, y1] = bounds(player.tiles);
  const margin = player.tiles.length ? 1 : 0; // an empty area shows its one offered cell
  const picking = state.mode === "puzzle" && state.puzzle.click === "cell" && state.puzzle.seat === p;
  const parts = [];
  const cells = tabStops(`cells-${p}`);
  for (let y = y0 - margin; y <= y1 + margin; y++) {
    for (let x = x0 - margin; x <= x1 + margin; x++) {
      const key = `${x},${y}`;
      if (occupied.has(key)) continue;
      if (picking) {
        parts.push(pickableCell(p, x, y, cells, player));
        continue;
      }
      const isLegal = chosen && legal.has(key);
      const previewed = previewing && legal.has(key);
      const fulfils = legal.get(key) ?? [];
      parts.push(emptyCell(p, x, y, isLegal, previewed, fulfils, cells, player));
    }
  }
  const tasks = tabStops(`tasks-${p}`);
  player.tiles.forEach((_, t) => parts.push(placedTile(state, catalogue, p, t, rows, tasks)));
  const cols = x1 - x0 + 1 + 2 * margin;
  const rowsHigh = y1 - y0 + 1 + 2 * margin;
  const [left, top] = [(x0 - margin - 0.5) * CELL, (y0 - margin - 0.5) * CELL];
  const viewBox = `${left} ${top} ${cols * CELL} ${rowsHigh * CELL}`;
  return { parts, viewBox, cols, rows: rowsHigh };
}

/** @param {State} state @param {number} p @returns {string} */
function header(state, p) {
  const player = state.players[p];
  const badges = [];
  if (state.current === p) {
    const toMove = agrees(player)
      ? tc("the player named You, the reader", "to move")
      : tc("a badge beside the name of the player to move", "to move");
    badges.push(`<span class="nl-badge nl-badge-turn">${esc(toMove)}</span>`);
  }
  if (player.bot) {
    const bot = t("bot: {bot}", { bot: botWord(state, player.bot) });
    badges.push(`<span class="nl-badge">${esc(bot)}</span>`);
  }
  if (state.over && state.players.length > 1) {
    const place = state.over.ranking.indexOf(p);
    badges.push(`<span class="nl-badge nl-place-${place}">${esc(ordinal(place))}</span>`);
  }
  const used = player.supply - player.tokens;
  // The moon track's space, as the wheel shows it; the total time (which orders turns) in the title.
  const title = state.solo
    ? tn("{used} of {n} token placed", "{used} of {n} tokens placed", player.supply, { used })
    : tn(
        "{used} of {n} token placed; time taken in all: {time}",
        "{used} of {n} tokens placed; time taken in all: {time}",
        player.supply,
        { used, time: player.time },
      );
  // The count stands out: its digits, wherever the language puts them.
  const left = esc(tn("{n} token left", "{n} tokens left", player.tokens));
  let tokens = left.replace(num(player.tokens), (digits) => `<b>${digits}</b>`);
  const track = t("moon track {space}", { space: player.space });
  if (!state.solo) tokens += ` · ${esc(track)}`;
  return (
    `<header class="nl-player-head">` +
    swatchSvg(p) +
    `<span class="nl-name">${esc(player.name)}</span>${badges.join("")}` +
    `<span class="nl-tokens" title="${esc(title)}">${tokens}</span>` +
    `<span class="nl-bar" aria-hidden="true">` +
    `<span style="width:${(100 * used) / player.supply}%"></span></span>` +
    `</header>`
  );
}

/**
 * The player whose area is drawn large: the one a puzzle asks about; else the reader's, always; without a
 * reader the one to move, unless a bot plays that seat (then the first human seat, whose view it is). At
 * the end the first human seat keeps it (the winner with bots only, or when the players share the page).
 * @param {State} state
 * @returns {number}
 */
export function focusPlayer(state) {
  // A puzzle about an area shows that area large.
  if (state.mode === "puzzle" && state.puzzle.seat !== null) return state.puzzle.seat;
  // The reader's own area never leaves its place, whoever moves (in the guided game Luna, whose seat no
  // bot plays, would otherwise take it with her empty area while she is to move).
  const reader = state.players.findIndex((player) => player.you);
  if (reader >= 0) return reader;
  const human = state.players.findIndex((player) => !player.bot);
  if (state.over) {
    const againstBots = human >= 0 && state.players.some((player) => player.bot);
    return againstBots ? human : state.over.winner;
  }
  // A puzzle names no player to move (that would answer "whose turn is it?"): the first human seat.
  if (state.current === null) return Math.max(human, 0);
  // The game goes on: a player is to move.
  if (!state.players[/** @type {number} */ (state.current)].bot) return /** @type {number} */ (state.current);
  return human >= 0 ? human : /** @type {number} */ (state.current);
}

/**
 * @typedef {object} Card A player's card, drawn by widget.js's patchCard.
 * @property {string} className
 * @property {string} label the card's accessible name
 * @property {string} header the header's HTML
 * @property {string} viewBox the area's
 * @property {string} maxWidth CSS: the area's cells are at most MAX_CELL_PX wide (--nl-area-max)
 * @property {string} rows the area's rows of cells (--nl-rows: widget.css keeps them legible)
 * @property {string} areaLabel
 * @property {string[]} parts the area's SVG elements
 */

/**
 * A player's card: its classes and label, the header's HTML, and the area's SVG parts.
 * @param {State} state @param {Catalogue} catalogue @param {number} p the player
 * @param {"big" | "small"} size the area in play is big
 * @param {number | null} [preview] a takeable space the player points at (see `area`)
 * @returns {Card}
 */
export function card(state, catalogue, p, size, preview = null) {
  const player = state.players[p];
  const cls = ["nl-player", `nl-card-${size}`];
  if (placing(state) === p) cls.push("nl-current");
  if (state.over && state.over.winner === p) cls.push("nl-winner");
  const { parts, viewBox, cols, rows } = area(state, catalogue, p, preview);
  return {
    className: cls.join(" "),
    label: player.name,
    header: header(state, p),
    viewBox,
    maxWidth: `${cols * MAX_CELL_PX[size]}px`,
    rows: String(rows),
    areaLabel: areaWords(player),
    parts,
  };
}
