// Playing: the game now. A wheel tile is chosen and placed by clicks (or Enter and the arrow keys), the
// buttons send their actions, a review row opens; the status line says what happened in the game.
// The guided game and an earlier position of the history are drawn and wired as this mode is, but for
// what they change.

import { happened } from "../news.js";
import { nowWords, toolbar } from "../panels.js";
import { chooseFirstWords } from "../words.js";

/** @typedef {import("./index.js").Page} Page */
/** @typedef {import("./index.js").PageMode} PageMode */
/** @typedef {import("../contract").State} State */

/**
 * The playing mode, on `page`; `idle` words what a click on a cell says while no tile is chosen.
 * @param {Page} page @param {(state: State) => string} [idle] @returns {PageMode}
 */
export function playingMode(page, idle = gameIdle) {
  return {
    classes: [],
    historyBar: true,
    reviewList: true,
    previews: true,
    pressable: "[data-space], [data-cell]",
    /** @param {State} next */
    receive: (next) => next,
    /** @param {State} state */
    drawn: (state) => state,
    said: happened,
    now: nowWords,
    /** @param {State} state */
    error: (state) => state.error,
    /** @param {State} state @param {string} botName */
    toolbar: (state, botName) => toolbar(state, botName),
    hidesChains: () => false,
    panel: () => {},
    mark: () => {},
    leave: () => {},
    /** @param {Element} target @param {boolean} byKeyboard */
    activate(target, byKeyboard) {
      const state = page.state();
      const d = /** @type {HTMLElement} */ (target).dataset;
      if (d.action !== undefined) {
        if (d.action === "bot")
          page.send({ action: "bot", bot: page.botName(), player: state.current ?? undefined });
        else if (d.action === "now") page.send({ action: "show", turn: null });
        else
          page.send(
            /** @type {import("./index.js").Intent} a button's action has no field */ ({ action: d.action }),
          );
        if (byKeyboard) page.focusAfter(null);
      } else if (d.reviewRow !== undefined) {
        const row = Number(d.reviewRow);
        page.send({ action: "open", row: (state.view.compare?.row ?? null) === row ? null : row });
      } else if (d.space !== undefined) {
        const space = Number(d.space);
        page.send({ action: "select", space: state.selected === space ? null : space });
        if (byKeyboard) page.focusAfter("cells");
      } else if (d.cell !== undefined) {
        if (state.selected === null) {
          page.explain(idle(state));
          return;
        }
        const [x, y] = d.cell.split(",").map(Number);
        page.send({ action: "take", space: state.selected, cell: [x, y], player: Number(d.player) });
        if (byKeyboard) page.focusAfter("wheel");
      }
    },
    escape() {
      const state = page.state();
      if (state.selected === null) return false;
      page.send({ action: "select", space: null });
      // The lit cell that had the focus goes with the choice: the focus goes back to the tile.
      page.focusAfter(state.selected);
      return true;
    },
    form: () => false,
  };
}

/**
 * What a click on a cell says while no tile is chosen: how the game ended, or to choose a tile first.
 * @param {State} state @returns {string}
 */
export const gameIdle = (state) => (state.over ? state.over.text : chooseFirstWords(state.choices.length));
