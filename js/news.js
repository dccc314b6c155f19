// What the status line (a polite live region) says happened since the page last drew a game's position:
// the log entries that are new (a move, the bots' answer, a refill, the end), the hint, a step along the
// history, or what undo did. Each is a saying, worded from the state it is given, so that a change of
// language words the same news again in the new language. The guided game and the puzzles say their own.

import { shownHint } from "./coach.js";
import { t } from "./i18n.js";
import { earlierWords, sentence, sentences } from "./words.js";

/** @typedef {import("./contract").State} State */
/** @typedef {(state: State) => string} Saying a sentence of the status line, worded from a state */

// The live region says at most this many entries at once (many moves made from Python at a time
// would otherwise be read out at length): the rest are in the move log.
const SAID_MAX = 6;

/**
 * What happened in the game since `before` was drawn; null when nothing did (a tile chosen, an error).
 * @param {State | null} before the state drawn last @param {State} state @returns {Saying | null}
 */
export function happened(before, state) {
  if (before && viewMoved(before, state)) {
    return (s) => (s.view.now ? t("Back to the position now.") : sentence(earlierWords(s.view.label)));
  }
  const hint = shownHint(state);
  const fresh = hint && (hint.version !== before?.hint?.version || hint.words !== before?.hint?.words);
  if (fresh && hint.words) return (s) => shownHint(s)?.words ?? "";
  if (!before) return since(state.recent[0]?.[0] ?? state.log.at(-1)?.[0] ?? state.log_total);
  if (before.seed !== state.seed) return since(0);
  if (state.log_total > before.log_total) return since(before.log_total);
  if (state.log_total < before.log_total)
    return (s) => t("Undone: back to turn {turn}.", { turn: s.turn + 1 });
  return null;
}

/**
 * The log entries from `id` on, as the status line says them (the latest few).
 * @param {number} id @returns {Saying}
 */
const since = (id) => (state) => {
  const texts = state.log.filter(([entry]) => entry >= id).map(([, , , text]) => text);
  return sentences(
    texts.length > SAID_MAX ? [t("Earlier moves are in the move log."), ...texts.slice(-SAID_MAX)] : texts,
  );
};

/** @param {State} state @returns {boolean} whether an earlier position is on show (its mode says so) */
const earlier = (state) => state.mode === "history" || state.mode === "review";

/**
 * Whether the position on show moved along the history (the slider, Back to now, a review row) rather
 * than by play: a move made now shows the position now on both sides.
 * @param {State} before @param {State} state
 */
export const viewMoved = (before, state) =>
  (earlier(before) || earlier(state)) &&
  (before.view.turn !== state.view.turn || earlier(before) !== earlier(state));
