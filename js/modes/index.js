// The page's modes, one module each, as Python's modes are (novaluna_widget/_modes/): the state names its
// mode (`state.mode`, the contract's tag), and the view draws and wires the state through the mode it
// names, never guessing the mode from the fields a state carries. A mode says what the page shows
// beside the position (its panel, the history bar, the Review list, the root's classes, the status
// lines) and what a click, a key or a form of the page means in it.

import { guidedMode } from "./guided.js";
import { historyMode } from "./history.js";
import { playingMode } from "./playing.js";
import { puzzleMode } from "./puzzle.js";

/** @typedef {import("../contract").State} State */
/** @typedef {import("../contract").ModeName} ModeName */
/** @typedef {import("../contract").Catalogue} Catalogue */
/** @typedef {import("../contract").Unsent<import("../contract").Intent>} Intent */
/** @typedef {import("../news.js").Saying} Saying */
/** @typedef {"cells" | "wheel" | number | null} Focus where keyboard focus goes after the next draw */

/**
 * What a mode draws into and acts with: the view's parts and its few actions (one per view).
 * @typedef {object} Page
 * @property {HTMLElement} root
 * @property {() => State} state the state on show
 * @property {(intent: Intent) => void} send send an intent for the state on show
 * @property {(text: string) => void} explain write the explanation line
 * @property {(focus: Focus) => void} focusAfter where the focus goes after the next draw
 * @property {() => void} redraw draw the model's state again (as the mode draws it)
 * @property {() => string} botName the bot the Bot button asks
 * @property {(el: Element, html: string, full: boolean) => void} patch replace markup that changed
 * @property {{tutorial: HTMLElement, puzzle: HTMLElement}} parts the panels of the modes
 */

/**
 * A mode of the page.
 * @typedef {object} PageMode
 * @property {string[]} classes the root's classes while the page is in the mode (widget.css)
 * @property {boolean} historyBar whether the history bar (slider, Back to now) shows
 * @property {boolean} reviewList whether the Review list shows (it is the game's)
 * @property {boolean} previews whether pointing at a takeable tile shows where it could go
 * @property {string} pressable what Enter and Space press on the board (a selector)
 * @property {(next: State, before: State) => State} receive a new state from Python, as the mode draws it
 * @property {(state: State) => State} drawn the model's state as the mode draws it
 * @property {(before: State | null, state: State) => Saying | null} said what happened, for the status line
 * @property {(state: State, catalogue: Catalogue) => string} now what to do now
 * @property {(state: State) => string | null} error the error to show
 * @property {(state: State, botName: string) => string[]} toolbar the toolbar's items
 * @property {(state: State) => boolean} hidesChains whether a task's chain would give an answer away
 * @property {(full: boolean) => void} panel draw the mode's own panel
 * @property {() => void} mark mark the board (after an area is drawn again)
 * @property {() => void} leave the page leaves the mode: its panel and marks go
 * @property {(target: Element, byKeyboard: boolean) => void} activate a click (or Enter) on `target`
 * @property {(event: KeyboardEvent) => boolean} escape Escape pressed: whether the mode used it
 * @property {(event: Event) => boolean} form a form's submit or input: whether the mode took it
 */

/**
 * Each mode of the page, made for one view.
 * @param {Page} page @returns {Record<ModeName, PageMode>}
 */
export function createModes(page) {
  const history = historyMode(page);
  return {
    playing: playingMode(page),
    guided: guidedMode(page),
    puzzle: puzzleMode(page),
    history,
    review: history, // a review row is an earlier position with the row's two actions marked (coach.js)
  };
}
