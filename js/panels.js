// The words around the board: the headline, the buttons, what to do now, the solo score, the end's
// summary and the log. They word what Python computed (the state); none judges a rule.

import { LANGUAGES, t, tc } from "./i18n.js";
import { esc, swatchSvg } from "./tiles.js";
import { agrees, botWord, chooseWords, guideOverWords, named, sentences, tileWords } from "./words.js";

/** @typedef {import("./contract").State} State */
/** @typedef {import("./contract").Catalogue} Catalogue */

/** @param {State} state @returns {import("./contract").PlayerState | null} the player to move, if any */
const mover = (state) => (state.current === null ? null : state.players[state.current]);

/**
 * The buttons: [action, text, the `can` flag that enables it (null: always), title]. "Bot plays for
 * Ada" names whose turn the bot takes: bot seats move by themselves, so the button only ever plays
 * the turn of the player to move, which a plain "Bot move" did not say.
 * @type {[string, (state: State) => string, keyof import("./contract").Can | null, (state: State, bot: string) => string][]}
 */
const BUTTONS = [
  ["refill", () => t("Refill"), "refill", () => t("Refill the wheel (allowed with 1 or 2 tiles left)")],
  ["undo", () => t("Undo"), "undo", () => t("Take back the last move")],
  // TRANSLATORS: the button, and its title, that play again what the button "Undo" took back.
  ["redo", () => t("Redo"), "redo", () => t("Play again what Undo took back")],
  [
    "end_phase_one",
    () => t("End phase 1"),
    "end_phase_one",
    (state) =>
      state.can.end_phase_one
        ? t("End phase 1 now: its record is taken and the wheel is refilled for phase 2")
        : state.solo?.phase === 1 && !state.over
          ? state.solo.goal
          : t("Phase 1 is over"),
  ],
  ["bot", botButtonWords, "bot", botTitle],
  ["hint", () => t("Hint"), "hint", () => t("Ask the coach what to do now, and why")],
  ["review", () => t("Review"), "review", () => t("Let the coach review the game: where a move lost most")],
  [
    "puzzles",
    () => t("Puzzles"),
    null,
    () => t("Puzzles on the rules and the best move, rated as you solve them"),
  ],
  [
    "new",
    () => t("New game"),
    null,
    (state) =>
      state.mode === "guided"
        ? t("Leave the guided game for a game against the {bot} bot", { bot: botWord(state, "greedy") })
        : t("Deal a new game with the same players"),
  ],
];

/** @param {State} state @returns {string} the Bot button's words: "Bot plays for Ada" */
function botButtonWords(state) {
  const player = mover(state);
  if (state.over || !player) return t("Bot plays");
  return agrees(player)
    ? tc("the player named You, the reader", "Bot plays for {name}", { name: named(player) })
    : t("Bot plays for {name}", { name: player.name });
}

/** @param {State} state @param {string} bot @returns {string} the Bot button's title */
function botTitle(state, bot) {
  const player = mover(state);
  const word = botWord(state, bot);
  if (!player) return t("Let the {bot} bot choose and place a tile for the player to move", { bot: word });
  const values = { bot: word, name: named(player) };
  return agrees(player)
    ? tc("the player named You, the reader", "Let the {bot} bot choose and place a tile for {name}", values)
    : t("Let the {bot} bot choose and place a tile for {name}", values);
}

/** @param {State} state @returns {string} the language menu: every language in its own name */
function languageMenu(state) {
  const options = Object.entries(LANGUAGES)
    .map(
      ([code, name]) =>
        `<option value="${esc(code)}" lang="${esc(code)}"${code === state.lang ? " selected" : ""}>${esc(name)}</option>`,
    )
    .join("");
  const name = t("language");
  return `<select class="nl-lang-pick" aria-label="${esc(name)}">${options}</select>`;
}

/**
 * The top bar's two shells, worded once per language; their contents are `headline` and `toolbar`, patched
 * apart, so that a move never re-creates the buttons or the menus.
 * @returns {string}
 */
export function topShell() {
  // The words the page adds while the kernel thinks (widget.css shows them).
  const busy = esc(t("thinking…"));
  const name = esc(t("game actions"));
  return `<h2 class="nl-headline" data-busy="${busy}"></h2><div class="nl-toolbar" role="toolbar" aria-label="${name}"></div>`;
}

/**
 * The toolbar's items, one element each: the buttons, the bot menu and the language menu. While an earlier
 * position is on show (`readOnly`) nothing may change the game: Python sends every `can` false, and New
 * game waits too.
 * @param {State} state @param {string} botName the bot the Bot button asks @param {boolean} [readOnly]
 * @returns {string[]}
 */
export function toolbar(state, botName, readOnly = false) {
  const buttons = BUTTONS.filter(([action]) => action !== "end_phase_one" || state.solo).map(
    ([action, text, can, title]) => {
      const enabled = can === null ? !readOnly : Boolean(state.can[can]);
      // A button greyed out only because an earlier position is on show says so, and how to leave it.
      const why =
        can === null && readOnly
          ? t("Not while an earlier position is on show: move the history slider to the position now first")
          : title(state, botName);
      // "nl-hint" marks what the hint suggests; the buttons' classes keep clear of the marks'.
      const cls = action === "hint" || action === "review" ? `${action}-button` : action;
      return (
        `<button type="button" class="nl-button nl-${cls}" data-action="${action}" ` +
        `title="${esc(why)}"${enabled ? "" : " disabled"}>${esc(text(state))}</button>`
      );
    },
  );
  const options = state.bot_names
    .map(
      (n) =>
        `<option value="${esc(n)}"${n === botName ? " selected" : ""}>${esc(botWord(state, n))}</option>`,
    )
    .join("");
  // TRANSLATORS: "Bot plays" is the name of the button beside this menu.
  const label = t("the bot that Bot plays asks");
  const pick = `<select class="nl-bot-pick" aria-label="${esc(label)}">${options}</select>`;
  buttons.splice(buttons.findIndex((b) => b.includes('data-action="bot"')) + 1, 0, pick);
  buttons.push(languageMenu(state));
  return buttons;
}

/**
 * The toolbar in the puzzles: Refill, which answers a puzzle that offers it, and the language menu (the
 * puzzle's own buttons are in its panel).
 * @param {State} state @param {boolean} refill whether the puzzle offers Refill as an answer
 * @returns {string[]}
 */
export function puzzleToolbar(state, refill) {
  return [
    `<button type="button" class="nl-button nl-refill" data-action="refill"${refill ? "" : " disabled"}>` +
      `${esc(t("Refill"))}</button>`,
    languageMenu(state),
  ];
}

/** @param {State} state @returns {string} the headline's words: its heading's name reads "Nova Luna Turn 4 …" */
export function headline(state) {
  const brand = `<span class="nl-brand"><span aria-hidden="true">☾ </span>Nova Luna</span>`;
  return `${brand} <span>${esc(where(state))}</span>`;
}

/** @param {State} state @returns {string} where the game is: the turn and who moves, or the result */
function where(state) {
  if (state.mode === "puzzle") return t("Puzzle");
  if (state.solo) {
    return state.over
      ? t("Solo game over · score {score}", { score: state.solo.total })
      : t("Solo · phase {phase} of 2 · turn {turn}", { phase: state.solo.phase, turn: state.turn + 1 });
  }
  if (state.over) {
    const winner = state.players[state.over.winner];
    return agrees(winner)
      ? tc("the player named You, the reader", "Game over · {name} win", { name: named(winner) })
      : t("Game over · {name} wins", { name: winner.name });
  }
  const player = /** @type {import("./contract").PlayerState} the game goes on */ (mover(state));
  const values = { turn: state.turn + 1, name: named(player) };
  return agrees(player)
    ? tc("the player named You, the reader", "Turn {turn} · {name} to move", values)
    : t("Turn {turn} · {name} to move", values);
}

/**
 * What to do now in the guided game: the step's prompt, or how to play on once it is over.
 * @param {import("./contract").Tutorial} tutorial @returns {string}
 */
export const guidedNowWords = (tutorial) =>
  tutorial.done ? guideOverWords() : (tutorial.prompt ?? t("Read the step above."));

/**
 * What to do now in the game: always on show, whatever the pointer or focus explains.
 * @param {State} state @param {Catalogue} catalogue @returns {string}
 */
export function nowWords(state, catalogue) {
  if (state.over) {
    // TRANSLATORS: "New game" and "Undo" are the names of buttons.
    return t("Press New game to play again with the same players (Undo takes the last move back).");
  }
  const player = state.players[/** @type {number} the game goes on */ (state.current)];
  if (player.bot) {
    const values = { name: named(player), bot: botWord(state, player.bot) };
    return agrees(player)
      ? // TRANSLATORS: "Bot plays for {name}" is the name of a button; {name} is the reader ("You").
        tc(
          "the player named You, the reader",
          "{name} are played by the {bot} bot: press Bot plays for {name}.",
          values,
        )
      : // TRANSLATORS: "Bot plays for {name}" is the name of a button.
        t("{name} is played by the {bot} bot: press Bot plays for {name}.", values);
  }
  if (state.selected !== null) {
    const id = /** @type {string} the tile chosen */ (state.wheel[state.selected]);
    const values = { tile: id, what: tileWords(id), name: named(player) };
    return agrees(player)
      ? tc(
          "the player named You, the reader",
          "Place {tile} ({what}) in your area: click a lit cell (★ n: fulfils n tasks). Esc cancels.",
          values,
        )
      : t(
          "Place {tile} ({what}) in {name}'s area: click a lit cell (★ n: fulfils n tasks). Esc cancels.",
          values,
        );
  }
  const parts = [chooseWords(named(player), state.choices.length)];
  if (state.can.refill) parts.push(t("You may refill the wheel first."));
  if (state.solo) parts.unshift(state.solo.goal);
  return sentences(parts);
}

/** @param {State} state @returns {string} the solo score as it adds up, or the end's summary */
export function sidePanel(state) {
  /** @param {string[]} lines */
  const list = (lines) => `<ul>${lines.map((line) => `<li>${esc(line)}</li>`).join("")}</ul>`;
  if (state.over) {
    const name = t("result");
    return (
      `<section class="nl-panel nl-summary" aria-label="${esc(name)}"><b>${esc(state.over.text)}</b>` +
      `${list(state.over.lines)}</section>`
    );
  }
  if (state.solo) {
    const [name, head] = [t("solo score"), t("Solo score: lower is better")];
    return (
      `<section class="nl-panel nl-solo" aria-label="${esc(name)}"><b>${esc(head)}</b>` +
      `${list(state.solo.lines)}</section>`
    );
  }
  return "";
}

/**
 * The move log's shell, worded once per language (its entries are `logItems`, patched apart: a move adds
 * one, and the rest stay).
 * @param {boolean} open @returns {string}
 */
export function logShell(open) {
  const [title, name] = [t("Move log (latest first; game.log has every event)"), t("move log, latest first")];
  const summary = `<summary>${esc(title)}</summary>`;
  // A list that scrolls is a Tab stop of its own, so it can be scrolled without a mouse.
  const list = `<ol tabindex="0" aria-label="${esc(name)}"></ol>`;
  return `<details class="nl-log"${open ? " open" : ""}>${summary}${list}</details>`;
}

/** @param {State} state @returns {string[]} the log's entries, newest first, one element each */
export function logItems(state) {
  return state.log
    .slice()
    .reverse()
    .map(([, kind, player, text]) => {
      const swatch = player === null ? "" : swatchSvg(player);
      return `<li class="nl-log-${kind}">${swatch}${esc(text)}</li>`;
    });
}
