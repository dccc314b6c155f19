// The puzzles' view: the question, the buttons, the learner's picks and the verdict beside the puzzle's
// position (drawn by the game's own wheel and areas), and what a click on the board picks. Python checks
// every answer; the page only says what was clicked.

import { t } from "./i18n.js";
import { esc } from "./tiles.js";
import { clauses, sentences } from "./words.js";

/** @typedef {import("./contract").State} State */
/** @typedef {import("./contract").PuzzleState} PuzzleState */
/** @typedef {import("./contract").PuzzleView} PuzzleView */
/** @typedef {import("./contract").AnswerData} AnswerData */
/** @typedef {import("./contract").PuzzleAnswer} PuzzleAnswer */
/** @typedef {import("./contract").Unsent<import("./contract").Intent>} Intent */

/** @param {AnswerData} answer @returns {string} the answer as a key: the same answer, the same key */
export const answerKey = (answer) => JSON.stringify(answer);

/**
 * What a click on the board picks in the puzzle on show: an answer, or (a move's first click) the wheel
 * space whose tile the move takes; null when the puzzle does not take what was clicked.
 * @param {PuzzleView} puzzle @param {State} state @param {DOMStringMap} d the clicked element's data
 * @param {number | null} chosen the move's space chosen so far
 * @returns {{answer: AnswerData} | {choose: number} | null}
 */
export function picked(puzzle, state, d, chosen) {
  const click = puzzle.click;
  if (d.space !== undefined) {
    const space = Number(d.space);
    if (click === "space") return { answer: space };
    if (click === "move") return { choose: space };
  } else if (d.cell !== undefined && d.task === undefined) {
    const [x, y] = d.cell.split(",").map(Number);
    if (click === "cell" && Number(d.player) === puzzle.seat) return { answer: [x, y] };
    if (click === "move" && chosen !== null && Number(d.player) === puzzle.seat)
      return { answer: [chosen, x, y] };
  } else if (d.task !== undefined && click === "task") {
    const [p, tile, k] = d.task.split(",").map(Number);
    const [, x, y] = state.players[p].tiles[tile];
    if (p === puzzle.seat) return { answer: [x, y, k] };
  } else if (d.seat !== undefined && click === "seat") {
    return { answer: Number(d.seat) };
  }
  return null;
}

/**
 * The intent a pick sends: an answer picked already is taken back.
 * @param {PuzzleView} puzzle @param {AnswerData} answer @returns {Intent}
 */
export function pickIntent(puzzle, answer) {
  const key = answerKey(answer);
  const again = puzzle.picks.some((pick) => answerKey(pick.answer) === key);
  return { action: again ? "unpick" : "pick", answer };
}

// The puzzle's buttons: [action, words, the `can` flag that enables it (null: always)].
/** @type {[string, () => string, keyof import("./contract").PuzzleCan | null][]} */
const BUTTONS = [
  ["check", () => t("Check"), "check"],
  ["hint", () => t("Hint (costs rating)"), "hint"],
  ["reveal", () => t("Show the answer"), "reveal"],
  ["next", () => t("Next puzzle"), null],
  ["download", () => t("Download progress"), null],
  ["leave", () => t("Back to the game"), null],
];

/**
 * Save the progress file Python sent (the download intent's answer) as the browser saves a download, in
 * JupyterLab and on the site alike; once an ask: an ask already saved (its number) is not saved again.
 * @param {PuzzleView} puzzle @param {number} saved the number of the last ask saved
 * @returns {number} the number of the last ask saved now
 */
export function saveDownload(puzzle, saved) {
  const download = puzzle.download;
  if (!download || download.number <= saved) return saved;
  const url = URL.createObjectURL(new Blob([download.text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = download.name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url)); // after the browser has started the download
  return download.number;
}

/**
 * The learner's name, which the progress file keeps for the teacher's report: the name as Python has it,
 * or what the learner has typed and not yet saved (`draft`, the page's own until Save or Enter).
 * @param {PuzzleView} puzzle @param {string | null} draft @returns {string}
 */
function learnerField(puzzle, draft) {
  const value = draft ?? puzzle.learner ?? "";
  const label = t("Your name");
  const save = t("Save name");
  return (
    `<form class="nl-puzzle-learner">` +
    `<label>${esc(label)} <input class="nl-puzzle-name" name="learner" maxlength="100" ` +
    `autocomplete="off" value="${esc(value)}"></label>` +
    `<button type="submit" class="nl-button nl-puzzle-save-name">${esc(save)}</button></form>`
  );
}

/**
 * The puzzle's panel: the learner's standing and name, the question, its buttons (a puzzle answered by
 * words or numbers), the picks, the verdict and the explanation, and the buttons that act.
 * @param {PuzzleState} state @param {string | null} [draft] the name typed and not yet saved
 * @returns {string}
 */
export function puzzlePanel(state, draft = null) {
  const puzzle = state.puzzle;
  const standing = t("Rating {rating} · solved {solved} of {tried}", {
    rating: puzzle.rating,
    solved: puzzle.solved,
    tried: puzzle.tried,
  });
  const picks = new Set(puzzle.picks.map((pick) => answerKey(pick.answer)));
  const settled = Boolean(puzzle.answers);
  const choices = puzzle.choices
    .map(
      ({ answer, words }) =>
        `<button type="button" class="nl-button nl-choice" data-action="pick" ` +
        `data-answer="${esc(answerKey(answer))}" aria-pressed="${picks.has(answerKey(answer))}"` +
        `${settled ? " disabled" : ""}>${esc(words)}</button>`,
    )
    .join("");
  /** @param {PuzzleAnswer[]} answers */
  const named = (answers) => clauses(answers.map((a) => a.words));
  const lines = [];
  if (puzzle.picks.length) lines.push(t("Your answer: {answers}.", { answers: named(puzzle.picks) }));
  if (!settled) for (const hint of puzzle.hints) lines.push(t("Hint: {hint}", { hint }));
  const verdict = puzzle.verdict;
  const said = [verdict ? verdict.words : ""];
  if (puzzle.answers && !verdict?.right) {
    said.push(t("The answer: {answers}.", { answers: named(puzzle.answers) }));
  }
  if (puzzle.explanation && !verdict) said.push(puzzle.explanation);
  const cls = verdict ? (verdict.right ? " nl-right" : " nl-wrong") : "";
  const name = t("puzzle");
  const buttons = BUTTONS.map(
    ([action, words, can]) =>
      `<button type="button" class="nl-button nl-puzzle-${action}" data-action="${action}"` +
      `${can === null || puzzle.can[can] ? "" : " disabled"}>${esc(words())}</button>`,
  ).join("");
  return (
    `<section class="nl-puzzle" aria-label="${esc(name)}" data-puzzle="${esc(puzzle.id)}">` +
    `<p class="nl-puzzle-standing">${esc(standing)}</p>` +
    learnerField(puzzle, draft) +
    `<h3 class="nl-puzzle-question">${esc(puzzle.question)}</h3>` +
    (choices ? `<div class="nl-puzzle-choices">${choices}</div>` : "") +
    // The picks, hints and verdict share a box of fixed height (scrolled when they outgrow it): a pick or
    // Check never moves the board under the pointer.
    `<div class="nl-puzzle-said" tabindex="0">` +
    `<p class="nl-puzzle-picks">${esc(sentences(lines))}</p>` +
    `<p class="nl-puzzle-verdict${cls}">${esc(sentences(said.filter(Boolean)))}</p></div>` +
    `<div class="nl-puzzle-buttons">${buttons}</div></section>`
  );
}

/**
 * What the live region says of the puzzle: a new question, the verdict once checked, or the answer once
 * shown. A saying, worded from the state it is given, so a change of language words it again.
 * @param {PuzzleView | null} was the puzzle drawn before, if any @param {PuzzleView} puzzle
 * @returns {((s: State) => string) | null}
 */
export function puzzleSaid(was, puzzle) {
  /** @param {State} s @returns {PuzzleView | null} the puzzle of a state, if it has one */
  const of = (s) => (s.mode === "puzzle" ? s.puzzle : null);
  if (!was || was.id !== puzzle.id) return (s) => of(s)?.question ?? "";
  if (puzzle.verdict && !was.verdict) return (s) => of(s)?.verdict?.words ?? "";
  if (puzzle.answers && !was.answers) {
    return (s) =>
      t("The answer: {answers}.", {
        answers: clauses((of(s)?.answers ?? []).map((a) => a.words)),
      });
  }
  return null;
}

/**
 * The board's elements an answer names: a wheel space, a cell or a task of the puzzle's area, a player's
 * marker, a button; a move's space and cell.
 * @param {HTMLElement} root @param {State} state @param {PuzzleView} puzzle @param {AnswerData} answer
 * @returns {Element[]}
 */
function elementsOf(root, state, puzzle, answer) {
  /** @type {Element[]} */
  const found = [];
  const one = (/** @type {string} */ selector) => {
    const el = root.querySelector(selector);
    if (el) found.push(el);
  };
  if (puzzle.click === "choice") one(`[data-answer="${CSS.escape(answerKey(answer))}"]`);
  else if (typeof answer === "number")
    one(puzzle.click === "seat" ? `[data-seat="${answer}"]` : `[data-space="${answer}"]`);
  else if (typeof answer !== "string" && puzzle.click === "move") {
    one(`[data-space="${answer[0]}"]`);
    one(`[data-player="${puzzle.seat}"][data-cell="${answer[1]},${answer[2]}"]`);
  } else if (typeof answer !== "string" && answer.length === 2) {
    one(`[data-player="${puzzle.seat}"][data-cell="${answer[0]},${answer[1]}"]`);
  } else if (typeof answer !== "string") {
    const p = puzzle.seat ?? 0;
    const tile = state.players[p].tiles.findIndex(([, x, y]) => x === answer[0] && y === answer[1]);
    one(`[data-task="${p},${tile},${answer[2]}"]`);
  }
  return found;
}

// The classes a puzzle puts on the board: picked, a wrong pick, a right answer once shown.
const PUZZLE_MARKS = ["nl-picked", "nl-wrong-pick", "nl-right-answer"];

/**
 * Mark the puzzle's answers on the board (and take the marks off elsewhere); tasks become buttons while
 * a puzzle asks for tasks, and every button the puzzle takes says whether it is picked.
 * @param {HTMLElement} root @param {State} state @param {PuzzleView | null} puzzle (null: no marks)
 */
export function markPuzzle(root, state, puzzle) {
  /** @type {Map<Element, Set<string>>} */
  const wanted = new Map();
  if (puzzle) {
    /** @param {PuzzleAnswer[]} answers @param {string} cls */
    const mark = (answers, cls) => {
      for (const { answer } of answers) {
        for (const el of elementsOf(root, state, puzzle, answer)) {
          if (!wanted.has(el)) wanted.set(el, new Set());
          wanted.get(el)?.add(cls);
        }
      }
    };
    mark(puzzle.picks, "nl-picked");
    mark(puzzle.verdict?.wrong ?? [], "nl-wrong-pick");
    mark(puzzle.answers ?? [], "nl-right-answer");
    if (puzzle.click === "task") {
      for (const task of root.querySelectorAll(`[data-task^="${puzzle.seat},"]`))
        task.setAttribute("role", "button");
    }
    const pressable = {
      space: "[data-space]",
      cell: "[data-cell][role=button]",
      task: `[data-task^="${puzzle.seat},"]`,
      seat: "[data-seat]",
    };
    const selector =
      puzzle.click in pressable ? pressable[/** @type {keyof typeof pressable} */ (puzzle.click)] : null;
    if (selector) {
      for (const el of root.querySelectorAll(selector)) {
        const on = String(Boolean(wanted.get(el)?.has("nl-picked")));
        if (el.getAttribute("aria-pressed") !== on) el.setAttribute("aria-pressed", on);
      }
    }
  }
  for (const cls of PUZZLE_MARKS) {
    for (const el of root.querySelectorAll(`.${cls}`))
      if (!wanted.get(el)?.has(cls)) el.classList.remove(cls);
  }
  for (const [el, classes] of wanted) for (const cls of classes) el.classList.add(cls);
}
