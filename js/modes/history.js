// History and review: an earlier position of the game on show (the history slider, or a review row with
// its two actions marked), a picture to read. The toolbar's buttons that would change the game wait, a
// click on the wheel or an area says at once why nothing moves, and no takeable tile previews its cells.

import { toolbar } from "../panels.js";
import { browsingWords } from "../words.js";
import { playingMode } from "./playing.js";

/** @typedef {import("./index.js").Page} Page */
/** @typedef {import("./index.js").PageMode} PageMode */
/** @typedef {import("../contract").State} State */

/**
 * An earlier position of the game, on `page`.
 * @param {Page} page @returns {PageMode}
 */
export function historyMode(page) {
  const playing = playingMode(page);
  return {
    ...playing,
    classes: ["nl-read-only"],
    previews: false,
    now: browsingWords,
    /** @param {State} state @param {string} botName */
    toolbar: (state, botName) => toolbar(state, botName, true),
    /** @param {Element} target @param {boolean} byKeyboard */
    activate(target, byKeyboard) {
      const d = /** @type {HTMLElement} */ (target).dataset;
      // Python would refuse the click on a picture: the page says why at once.
      if (d.action === undefined && (d.space !== undefined || d.cell !== undefined))
        page.explain(browsingWords());
      else playing.activate(target, byKeyboard);
    },
  };
}
