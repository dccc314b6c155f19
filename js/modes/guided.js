// Guided: the guided first game. Its panel says the step, what happened and what to click; the click it
// does not wait for is answered there in friendly words (not as an error), and a click on a cell before
// a tile is chosen says what the step waits for. Otherwise it is drawn and wired as the game now.

import { updateTutorial } from "../coach.js";
import { guidedNowWords } from "../panels.js";
import { guideOverWords, sentences } from "../words.js";
import { gameIdle, playingMode } from "./playing.js";

/** @typedef {import("./index.js").Page} Page */
/** @typedef {import("./index.js").PageMode} PageMode */
/** @typedef {import("../contract").State} State */
/** @typedef {import("../contract").Tutorial} Tutorial */

/**
 * The guided game's step, from a state of the guided game (the view draws a state in the mode it names).
 * @param {State} state @returns {Tutorial}
 */
function step(state) {
  if (state.mode !== "guided") throw new Error(`a state of the ${state.mode} mode drawn as the guided game`);
  return state.tutorial;
}

/**
 * The sentences the guided game said last (Luna's reply, a skip ahead), from a state of any mode.
 * @param {State | null} state @returns {string}
 */
const saidOf = (state) => (state?.mode === "guided" ? sentences(state.tutorial.said ?? []) : "");

/**
 * The guided game, on `page`.
 * @param {Page} page @returns {PageMode}
 */
export function guidedMode(page) {
  /** @param {State} state */
  const idle = (state) => {
    const tutorial = step(state);
    return (tutorial.done ? guideOverWords() : tutorial.prompt) || gameIdle(state);
  };
  return {
    ...playingMode(page, idle),
    classes: ["nl-guided"], // its panel says what happened and what to do (widget.css)
    historyBar: false,
    /**
     * What the last click did, in the guided game's own words; an empty one clears the line (the click
     * before's words are no news).
     * @param {State | null} before @param {State} state
     */
    said: (before, state) => (!before || saidOf(state) !== saidOf(before) ? saidOf : null),
    /** @param {State} state */
    now: (state) => guidedNowWords(step(state)),
    /** @param {State} state */
    error: (state) => (state.error === step(state).refused ? null : state.error),
    panel: () => updateTutorial(page.parts.tutorial, step(page.state())),
    leave: () => updateTutorial(page.parts.tutorial, null),
  };
}
