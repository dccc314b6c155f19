// Puzzles: a puzzle on show, its own position drawn by the game's wheel and areas. Its panel asks the
// question and holds the learner's name form; a click on the board picks what the puzzle takes (a whole
// move: its tile first, the page's own until the cell is clicked, Escape drops it), and the toolbar
// keeps Refill, which answers a puzzle that offers it. Python checks every answer.

import { puzzleToolbar } from "../panels.js";
import { markPuzzle, pickIntent, picked, puzzlePanel, puzzleSaid, saveDownload } from "../puzzle.js";

/** @typedef {import("./index.js").Page} Page */
/** @typedef {import("./index.js").PageMode} PageMode */
/** @typedef {import("../contract").State} State */
/** @typedef {import("../contract").PuzzleState} PuzzleState */
/** @typedef {import("./index.js").Intent} Intent */

/**
 * A state of the puzzles (the view draws a state in the mode it names).
 * @param {State} state @returns {PuzzleState}
 */
function shown(state) {
  if (state.mode !== "puzzle") throw new Error(`a state of the ${state.mode} mode drawn as a puzzle`);
  return state;
}

/**
 * The puzzles, on `page`.
 * @param {Page} page @returns {PageMode}
 */
export function puzzleMode(page) {
  /** @type {number | null} in a puzzle that asks for a move: the wheel space chosen, before its cell */
  let chosen = null;
  /** @type {string | null} the learner's name as typed in the panel, not yet saved */
  let nameDraft = null;
  // The progress file's asks saved so far: a view drawn anew does not save an earlier ask again.
  const first = page.state();
  let downloaded = first.mode === "puzzle" ? (first.puzzle.download?.number ?? 0) : 0;
  /**
   * The state as the board draws it: the tile chosen for a move (the page's own, until the cell is
   * clicked) lights its cells.
   * @param {State} state @returns {State}
   */
  const drawn = (state) => ({ ...shown(state), selected: chosen });
  return {
    classes: ["nl-puzzling"],
    historyBar: false, // a puzzle's position has no history
    reviewList: false, // the Review is the game's: its list waits for the game to come back
    previews: false,
    pressable: "[data-space], [data-cell], [data-task], [data-seat]",
    /** @param {State} next @param {State} before */
    receive(next, before) {
      // A move's tile chosen holds until the puzzle changes or is answered.
      const puzzle = shown(next).puzzle;
      const was = before.mode === "puzzle" ? before.puzzle : null;
      if (puzzle.id !== was?.id || puzzle.answers || puzzle.picks.length) chosen = null;
      return drawn(next);
    },
    drawn,
    /** @param {State | null} before @param {State} state */
    said: (before, state) =>
      puzzleSaid(before?.mode === "puzzle" ? before.puzzle : null, shown(state).puzzle),
    /** @param {State} state */
    now: (state) => shown(state).puzzle.question,
    /** @param {State} state */
    error: (state) => state.error,
    /** @param {State} state */
    toolbar: (state) =>
      puzzleToolbar(
        state,
        shown(state).puzzle.choices.some((c) => c.answer === "refill"),
      ),
    // A task's chain would give the answer away: only its name until the answer is shown.
    /** @param {State} state */
    hidesChains: (state) => !shown(state).puzzle.answers,
    /** @param {boolean} full */
    panel(full) {
      const state = shown(page.state());
      if (nameDraft !== null && state.puzzle.learner === nameDraft.trim()) nameDraft = null; // saved
      page.patch(page.parts.puzzle, puzzlePanel(state, nameDraft), full);
      downloaded = saveDownload(state.puzzle, downloaded);
    },
    mark: () => markPuzzle(page.root, page.state(), shown(page.state()).puzzle),
    leave() {
      chosen = null;
      page.patch(page.parts.puzzle, "", false);
      markPuzzle(page.root, page.state(), null);
    },
    /**
     * Its buttons act, Refill and a button of words or numbers pick, and a click on the board picks what
     * the puzzle takes (a move: its tile, then its cell).
     * @param {Element} target @param {boolean} byKeyboard
     */
    activate(target, byKeyboard) {
      const state = shown(page.state());
      const puzzle = state.puzzle;
      const d = /** @type {HTMLElement} */ (target).dataset;
      const refill = d.action === "refill" && puzzle.choices.some((c) => c.answer === "refill");
      if (d.action === "pick" || refill) {
        page.send(pickIntent(puzzle, refill ? "refill" : JSON.parse(d.answer ?? "null")));
      } else if (d.action !== undefined) {
        page.send(
          /** @type {Intent} a button's data-action is an action with no field */ ({ action: d.action }),
        );
      } else {
        const pick = picked(puzzle, state, d, chosen);
        if (pick && "choose" in pick) {
          chosen = chosen === pick.choose ? null : pick.choose;
          if (byKeyboard && chosen !== null) page.focusAfter("cells");
          page.redraw();
        } else if (pick) {
          chosen = null;
          page.send(pickIntent(puzzle, pick.answer));
        }
      }
    },
    escape() {
      if (chosen === null) return false;
      chosen = null; // the tile chosen for a puzzle's move is the page's own
      page.redraw();
      return true;
    },
    /**
     * The panel's name form: typing keeps the draft across a redraw of the panel until it is saved; Save
     * (or Enter in the field) asks Python to keep the name in the progress file, or to refuse it in words.
     * @param {Event} event
     */
    form(event) {
      const target = /** @type {HTMLElement} */ (event.target);
      if (event.type === "input" && target.classList?.contains("nl-puzzle-name")) {
        nameDraft = /** @type {HTMLInputElement} */ (target).value;
        return true;
      }
      if (event.type !== "submit" || !target.classList?.contains("nl-puzzle-learner")) return false;
      event.preventDefault();
      const field = /** @type {HTMLInputElement} */ (target.querySelector(".nl-puzzle-name"));
      nameDraft = field.value;
      page.send({ action: "learner", name: field.value });
      return true;
    },
  };
}
