// The words around the board: the headline, the buttons, what to do now, the solo score, the end's
// summary and the log. They word what Python computed (the state); none judges a rule.

import { esc, swatchSvg } from "./tiles.js";
import { BROWSING_WORDS, choiceWords, tileWords } from "./words.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Catalogue} Catalogue */

/** @param {State} state @returns {string} the name of the player to move, or "" once the game is over */
const mover = (state) => (state.current === null ? "" : state.players[state.current].name);

/**
 * The buttons: [action, text, the `can` flag that enables it (null: always), title]. "Bot plays for
 * Ada" names whose turn the bot takes: bot seats move by themselves, so the button only ever plays
 * the turn of the player to move, which a plain "Bot move" did not say.
 * @type {[string, (state: State) => string, string | null, (state: State, bot: string) => string][]}
 */
const BUTTONS = [
  ["refill", () => "Refill", "refill", () => "Refill the wheel (allowed with 1 or 2 tiles left)"],
  ["undo", () => "Undo", "undo", () => "Take back the last move"],
  ["redo", () => "Redo", "redo", () => "Play again what Undo took back"],
  [
    "end_phase_one",
    () => "End phase 1",
    "end_phase_one",
    (state) =>
      state.can.end_phase_one
        ? "End phase 1 now: its record is taken and the wheel is refilled for phase 2"
        : state.solo?.phase === 1 && !state.over
          ? state.solo.goal
          : "Phase 1 is over",
  ],
  [
    "bot",
    (state) => (state.over ? "Bot plays" : `Bot plays for ${mover(state)}`),
    "bot",
    (state, bot) => `Let the ${bot} bot choose and place a tile for ${mover(state) || "the player to move"}`,
  ],
  ["hint", () => "Hint", "hint", () => "Ask the coach what to do now, and why"],
  ["review", () => "Review", "review", () => "Let the coach review the game: where a move lost most"],
  [
    "new",
    () => "New game",
    null,
    (state) =>
      state.tutorial
        ? "Leave the guided game for a game against the greedy bot"
        : "Deal a new game with the same players",
  ],
];

/** @param {State} state @param {string} botName the bot the Bot button asks @returns {string} */
export function toolbar(state, botName) {
  // While an earlier position is on show nothing may change the game: Python sends every `can` false,
  // and New game waits too.
  const readOnly = Boolean(state.view) && state.view.now === false;
  const buttons = BUTTONS.filter(([action]) => action !== "end_phase_one" || state.solo).map(
    ([action, text, can, title]) => {
      const enabled = can === null ? !readOnly : Boolean(state.can[can]);
      // "nl-hint" marks what the hint suggests; the buttons' classes keep clear of the marks'.
      const cls = action === "hint" || action === "review" ? `${action}-button` : action;
      return (
        `<button type="button" class="nl-button nl-${cls}" data-action="${action}" ` +
        `title="${esc(title(state, botName))}"${enabled ? "" : " disabled"}>${esc(text(state))}</button>`
      );
    },
  );
  const options = state.bot_names
    .map((n) => `<option value="${esc(n)}"${n === botName ? " selected" : ""}>${esc(n)}</option>`)
    .join("");
  const pick = `<select class="nl-bot-pick" aria-label="the bot that Bot plays asks">${options}</select>`;
  buttons.splice(buttons.findIndex((b) => b.includes('data-action="bot"')) + 1, 0, pick);
  return `<div class="nl-toolbar" role="toolbar" aria-label="game actions">${buttons.join("")}</div>`;
}

/** @param {State} state @returns {string} the headline, a heading whose name reads "Nova Luna Turn 4 …" */
export function headline(state) {
  let where;
  if (state.over) {
    where = state.solo
      ? `Solo game over · score ${state.solo.total}`
      : `Game over · ${state.players[state.over.winner].name} wins`;
  } else {
    where = state.solo
      ? `Solo · phase ${state.solo.phase} of 2 · turn ${state.turn + 1}`
      : `Turn ${state.turn + 1} · ${mover(state)} to move`;
  }
  const brand = `<span class="nl-brand"><span aria-hidden="true">☾ </span>Nova Luna</span>`;
  return `<h2 class="nl-headline">${brand} <span>${esc(where)}</span></h2>`;
}

/**
 * What to do now: always on show, whatever the pointer or focus explains.
 * @param {State} state @param {Catalogue} catalogue @returns {string}
 */
export function nowWords(state, catalogue) {
  if (state.view && state.view.now === false) return BROWSING_WORDS;
  if (state.tutorial) {
    return state.tutorial.done
      ? "The guided game is over: press New game to play on."
      : (state.tutorial.prompt ?? "Read the step above.");
  }
  if (state.over)
    return "Press New game to play again with the same players (Undo takes the last move back).";
  const player = state.players[state.current];
  if (player.bot)
    return `${player.name} is played by the ${player.bot} bot: press Bot plays for ${player.name}.`;
  if (state.selected !== null) {
    const id = state.wheel[state.selected];
    return (
      `Place ${id} (${tileWords(catalogue, id)}) in ${player.whose} area: click a lit cell ` +
      "(★ n: fulfils n tasks). Esc cancels."
    );
  }
  const parts = [`${player.name}: choose ${choiceWords(state.choices.length)} on the wheel.`];
  if (state.can.refill) parts.push("You may refill the wheel first.");
  if (state.solo) parts.unshift(state.solo.goal);
  return parts.join(" ");
}

/** @param {State} state @returns {string} the solo score as it adds up, or the end's summary */
export function sidePanel(state) {
  const list = (lines) => `<ul>${lines.map((line) => `<li>${esc(line)}</li>`).join("")}</ul>`;
  if (state.over) {
    return (
      `<section class="nl-panel nl-summary" aria-label="result"><b>${esc(state.over.text)}</b>` +
      `${list(state.over.lines)}</section>`
    );
  }
  if (state.solo) {
    return (
      `<section class="nl-panel nl-solo" aria-label="solo score"><b>Solo score: lower is better</b>` +
      `${list(state.solo.lines)}</section>`
    );
  }
  return "";
}

/** @param {State} state @param {boolean} open @returns {string} the latest log entries, newest first */
export function logHtml(state, open) {
  const items = state.log
    .slice()
    .reverse()
    .map(([, kind, player, text]) => {
      const swatch = player === null ? "" : swatchSvg(player);
      return `<li class="nl-log-${kind}">${swatch}${esc(text)}</li>`;
    })
    .join("");
  const summary = `<summary>Move log (latest first; game.log has every event)</summary>`;
  // A list that scrolls is a Tab stop of its own, so it can be scrolled without a mouse.
  const list = `<ol tabindex="0" aria-label="move log, latest first">${items}</ol>`;
  return `<details class="nl-log"${open ? " open" : ""}>${summary}${list}</details>`;
}
