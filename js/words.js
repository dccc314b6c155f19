// Words for labels and hints, in the widget's language (i18n.js). The page never judges a rule: these only
// word what Python computed. A tile and a task come worded by Python (`faces()`), as the engine words
// them. Why a task is or is not fulfilled is the engine's sentence (Board.explain), which the page asks
// Python for while it points at the task (the `why` intent, answered in `state.why`): every task's
// sentence in each state would more than double a late 4-player state.

import { faces } from "./drawing.js";
import { apart, inEveryLanguage, num, t, tc, tn, tnc } from "./i18n.js";

/** @typedef {import("./contract").PlayerState} PlayerState */

/**
 * Tiles of a colour in the draw pile: "3 red".
 * @type {Record<string, (n: number) => string>}
 */
const LEFT = {
  red: (n) => tnc("tiles of a colour in the draw pile", "{n} red", "{n} red", n),
  blue: (n) => tnc("tiles of a colour in the draw pile", "{n} blue", "{n} blue", n),
  teal: (n) => tnc("tiles of a colour in the draw pile", "{n} teal", "{n} teal", n),
  yellow: (n) => tnc("tiles of a colour in the draw pile", "{n} yellow", "{n} yellow", n),
};

/**
 * A player as a sentence names them: the reader (`you`) by the language's word for "you", whatever their
 * name (a sentence about them is in the reader's own words: "You win", «Вы победили»), anyone else by name.
 * @param {PlayerState} player @returns {string}
 */
export const named = (player) =>
  player.you ? tc("the name the guided game gives the player", "You") : player.name;

/** The word "you" in every language (You, Вы, あなた, شما). */
const YOU_WORDS = inEveryLanguage("the name the guided game gives the player", "You");

/**
 * Whether sentences about `player` take the reader's messages: the reader's seat, or a seat named "you" in
 * one of the languages, for grammar's sake ("You win", not "You wins"; the engine's `names.says_you`).
 * @param {import("./contract").PlayerState} player @returns {boolean}
 */
export const agrees = (player) => player.you || YOU_WORDS.has(player.name);

/**
 * @param {string[]} items @returns {string} "a, b, c" with the language's separator, each item kept `apart`
 * in a right-to-left language (as the engine's joined lists)
 */
export const list = (items) => items.map(apart).join(tc("separator between the items of a list", ", "));

/** @param {string[]} items @returns {string} "a; b; c" with the language's separator, each item `apart` */
export const clauses = (items) => items.map(apart).join(tc("separator between clauses", "; "));

/**
 * @param {string[]} items sentences, each ending with its own full stop
 * @returns {string} the sentences one after the other (a space between them, none in Japanese)
 */
export const sentences = (items) =>
  items.length
    ? items.reduce((first, second) => tc("two sentences in a row", "{first} {second}", { first, second }))
    : "";

/** @param {string} id a tile's id @returns {string} the tile in words: "red tile, cost 3, tasks: 2 blue" */
export const tileWords = (id) => faces().words[id][0];

/** @param {string} id a tile's id @param {number} k a task's index @returns {string} "2 red + 1 blue" */
export const taskWords = (id, k) => faces().words[id][1][k];

/** @param {Record<string, number>} colours the draw pile's tiles per colour @returns {string} "3 red, 2 blue" */
export const pileWords = (colours) => list(Object.entries(colours).map(([colour, n]) => LEFT[colour](n)));

/** @param {number} x @param {number} y @returns {string} "(1, -2)" in the language's digits */
export const cellWords = (x, y) => tc("a cell of an area", "({x}, {y})", { x, y });

/** A player's place in the ranking, on their badge at the end. */
const PLACES = [
  () => tc("a place in the ranking, on a player's badge", "1st"),
  () => tc("a place in the ranking, on a player's badge", "2nd"),
  () => tc("a place in the ranking, on a player's badge", "3rd"),
  () => tc("a place in the ranking, on a player's badge", "4th"),
];

/** @param {number} n a place from 0 @returns {string} "1st" */
export const ordinal = (n) => PLACES[n]?.() ?? num(n + 1);

/**
 * "{name}: choose …" while the player to move is to take a tile: the takeable tiles as the wheel shows
 * them, framed in gold (no number of their own: the glossary's one numbering of the wheel is its spaces).
 * @param {string} name @param {number} n how many tiles may be taken
 * @returns {string}
 */
export function chooseWords(name, n) {
  return n === 1
    ? t("{name}: choose the tile framed in gold on the wheel.", { name })
    : t("{name}: choose one of the tiles framed in gold on the wheel.", { name });
}

/**
 * What a click on a cell says before a tile is chosen.
 * @param {number} n how many tiles may be taken
 * @returns {string}
 */
export function chooseFirstWords(n) {
  return n === 1
    ? t("Choose the tile framed in gold on the wheel first.")
    : t("Choose one of the tiles framed in gold on the wheel first.");
}

// -- the coach's words ----------------------------------------------------------------------------

/** @returns {string} what the page says when a click would change an earlier position */
// TRANSLATORS: "Back to now" is the name of the history bar's button.
export const browsingWords = () => t("This is an earlier position; press Back to now to play.");

/** @returns {string} what to do once the guided game is over */
// TRANSLATORS: "New game" is the name of a button.
export const guideOverWords = () => t("The guided game is over: press New game to play on.");

/** @param {string} text @returns {string} the text ending with a full stop (or its own . ! ? in any script) */
export const sentence = (text) => (/[.!?…。！？؟]$/.test(text) ? text : `${text}.`);

/**
 * @param {number} n a number of tokens to one decimal @returns {string | number} the number, a string
 * with its decimal ("1.5" in the language's words), or a whole number as it is
 */
function decimal(n) {
  const tenths = Math.round(n * 10);
  if (tenths % 10 === 0) return tenths / 10;
  return tc("a number with one decimal", "{whole}.{tenth}", {
    whole: Math.trunc(tenths / 10),
    tenth: Math.abs(tenths % 10),
  });
}

/**
 * @param {import("./contract").CoachOption & {words?: string}} option a hint's (no words) or a review's
 * @returns {string} the option in a few words: "T03 from wheel space 6 at (0, 0)", "refill the wheel"
 */
export function optionWords(option) {
  const action = option.action?.[0];
  if (action === "refill") return t("refill the wheel");
  if (action === "end_phase_one") return t("end phase 1");
  if (option.tile != null && option.cell) {
    return t("{tile} from wheel space {space} at {cell}", {
      tile: option.tile,
      space: /** @type {number} a move's */ (option.space),
      cell: cellWords(...option.cell),
    });
  }
  return option.words ?? "";
}

/** @param {number} behind tokens the option trails the suggestion by @returns {string} */
export function behindWords(behind) {
  const n = decimal(behind);
  if (n === 0) return t("as good");
  // A count with a decimal takes no plural form of its own (as in the engine's review).
  if (typeof n === "string") return t("{tokens} tokens behind", { tokens: n });
  return tn("{n} token behind", "{n} tokens behind", n);
}

/** @param {"tokens" | "points"} unit @returns {string} what a review's loss means */
export function lossMeaning(unit) {
  return unit === "points"
    ? t(
        "Loss: how many points better (lower) the coach's suggestion looked for the score, a few turns ahead.",
      )
    : t("Loss: how many tokens better the coach's suggestion looked, a few turns ahead.");
}

/** @param {number} done @param {number} total @returns {string} */
export const reviewProgressWords = (done, total) =>
  tn("Reviewing {done} of {n} action…", "Reviewing {done} of {n} actions…", total, { done });

/** @param {string} label the position in Python's words @returns {string} */
export const earlierWords = (label) => t("Earlier position: {label}", { label });

/**
 * The history bar's words: the slider's name, and the banner beside it.
 * @param {import("./contract").View} view
 * @returns {{slider: string, banner: string}}
 */
export function historyWords(view) {
  const slider = t("history: position {turn} of {turns}", { turn: view.turn, turns: view.turns });
  if (!view.now) return { slider, banner: earlierWords(view.label) };
  if (view.turns === 0) return { slider, banner: t("History: no action yet.") };
  return { slider, banner: t("History: the position now. Move the slider to look back.") };
}

/**
 * A bot's name in the page's language, as Python words it ("greedy" is «жадный» in Russian); the menu's
 * values and the intents keep the name Python knows it by.
 * @param {import("./contract").State} state @param {string} bot @returns {string}
 */
export const botWord = (state, bot) => state.bot_words[bot] ?? bot;
