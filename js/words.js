// Words for labels and hints. The page never judges a rule: these only word what Python computed.

import * as spec from "./drawing.js";

/** @typedef {import("./types.js").Catalogue} Catalogue */
/** @typedef {import("./types.js").PlayerState} PlayerState */
/** @typedef {import("./types.js").Task} Task */
/** @typedef {import("./types.js").TaskRow} TaskRow */

// The state names colours by letter in task chains (TaskRow): the letters drawn on the tiles.
const LETTER_COLOUR = Object.fromEntries(
  Object.entries(spec.tile_colours).map(([colour, { letter }]) => [letter, colour]),
);

/** @param {Task} task @returns {string} e.g. "2 red + 1 blue" */
export function taskWords(task) {
  return task.map(([colour, n]) => `${n} ${colour}`).join(" + ");
}

/** @param {Catalogue} catalogue @param {string} id @returns {string} */
export function tileWords(catalogue, id) {
  const [colour, cost, tasks] = catalogue[id];
  const what = tasks.length ? `tasks: ${tasks.map(taskWords).join("; ")}` : "no task";
  return `${colour} tile, cost ${cost}, ${what}`;
}

export const cellWords = (x, y) => `(${x}, ${y})`;

/**
 * The engine's explanation sentence (Board.explain), worded from the compact chain in the state.
 * @param {Catalogue} catalogue @param {PlayerState} player @param {TaskRow} row one of `player.tasks`
 * @returns {string}
 */
export function explainWords(catalogue, player, row) {
  const [tileIndex, k, , counts] = row;
  const [id, x, y] = player.tiles[tileIndex];
  const [colour, , tasks] = catalogue[id];
  const met = counts.every(([, needed, counted]) => counted >= needed);
  const name = (i) => `${player.tiles[i][0]} at ${cellWords(player.tiles[i][1], player.tiles[i][2])}`;
  const parts = counts.map(([letter, needed, counted, chain, touching]) => {
    const c = LETTER_COLOUR[letter];
    let text = `${counted} of ${needed} ${c}`;
    if (chain.length) {
      const linked = chain.filter((i) => !touching.includes(i));
      text += ` (${touching.map(name).join(", ")} touching`;
      if (linked.length) text += `; ${linked.map(name).join(", ")} by chain`;
      text += ")";
    }
    if (c === colour) text += ` (the ${id} itself never counts)`;
    return text;
  });
  const outcome = met ? "fulfilled" : "not fulfilled";
  const head = `Task ${taskWords(tasks[k])} on ${id} at ${cellWords(x, y)} is ${outcome}: `;
  return head + parts.join("; ") + ".";
}

export function ordinal(n) {
  return ["1st", "2nd", "3rd", "4th"][n] ?? `${n + 1}th`;
}

export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The takeable tiles as the wheel's badges number them (1 up to 3), for "choose …".
 * @param {number} n how many tiles may be taken
 * @returns {string}
 */
export function choiceWords(n) {
  if (n === 1) return "the tile marked 1";
  if (n === 2) return "tile 1 or 2";
  return `one of the tiles marked 1–${n}`;
}

// -- the coach's words ----------------------------------------------------------------------------

/** What the page says when a click would change an earlier position. */
export const BROWSING_WORDS = "This is an earlier position; press Back to now to play.";

/** @param {string} text @returns {string} the text ending with a full stop (or its own . ! ?) */
export const sentence = (text) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** @param {number} n @returns {string} a number of tokens or points to one decimal: "1.5", "2" */
const decimal = (n) => String(Math.round(n * 10) / 10);

/**
 * @param {import("./types.js").CoachOption} option
 * @returns {string} the option in a few words: "T03 from space 6 at (0, 0)", "refill the wheel"
 */
export function optionWords(option) {
  const action = option.action?.[0];
  if (action === "refill") return "refill the wheel";
  if (action === "end_phase_one") return "end phase 1";
  if (option.tile != null && option.cell) {
    return `${option.tile} from space ${option.space} at ${cellWords(...option.cell)}`;
  }
  return option.words ?? "";
}

/** @param {number} behind tokens the option trails the suggestion by @returns {string} */
export function behindWords(behind) {
  const n = decimal(behind);
  return n === "0" ? "as good" : `${n} ${n === "1" ? "token" : "tokens"} behind`;
}

/** @param {"tokens" | "points"} unit @returns {string} what a review's loss means */
export function lossMeaning(unit) {
  return unit === "points"
    ? "Loss: how many points better (lower) the coach's suggestion looked for the score, a few turns ahead."
    : "Loss: how many tokens better the coach's suggestion looked, a few turns ahead.";
}

/** @param {number} done @param {number} total @returns {string} */
export const reviewProgressWords = (done, total) => `Reviewing ${done} of ${plural(total, "action")}…`;

/**
 * The history bar's words: the slider's name, and the banner beside it.
 * @param {import("./types.js").View} view
 * @returns {{slider: string, banner: string}}
 */
export function historyWords(view) {
  const slider = `history: position ${view.turn} of ${view.turns}`;
  if (!view.now) return { slider, banner: `Earlier position: ${view.label}` };
  if (view.turns === 0) return { slider, banner: "History: no action yet." };
  return { slider, banner: "History: the position now. Move the slider to look back." };
}
