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
