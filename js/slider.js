// The history slider's wiring: moving it (pointer or keys) asks for that position, one "show" on its way
// at a time; while one is, the latest wish waits, so a fast drag never queues stale requests. While the
// slider is held or a position is on its way, its value is the reader's (coach.js `updateHistory`).

/** @typedef {import("./contract").State} State */
/** @typedef {import("./modes/index.js").Intent} Intent */

/**
 * The slider `slider` of one view, which sends its "show" intents with `send`.
 * @param {HTMLInputElement} slider @param {() => State} state the state on show
 * @param {(intent: Intent) => void} send
 */
export function createSlider(slider, state, send) {
  let holding = false; // held by the pointer: its value is the reader's
  let showing = false; // a "show" intent awaits its answer
  /** @type {number | null} */
  let wanted = null; // the position the slider asks for, not yet sent
  const ask = () => {
    const view = state().view;
    const turn = wanted;
    wanted = null;
    if (turn === null || (turn === view.turn && (view.now || turn < view.turns))) return;
    showing = true;
    send({ action: "show", turn: turn >= view.turns ? null : turn });
  };
  const hold = () => {
    holding = true;
  };
  const release = () => {
    holding = false;
  };
  slider.addEventListener("pointerdown", hold);
  slider.addEventListener("change", release);
  // The pointer may leave the slider before it lets go.
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  return {
    /** @returns {boolean} whether the slider's value is the reader's (held, or a position on its way) */
    busy: () => holding || wanted !== null || showing,
    /** The slider moved. */
    moved() {
      wanted = Number(slider.value);
      if (!showing) ask();
    },
    /** A state came: the position asked for, or a later one; a wish that waited is sent now. */
    answered() {
      showing = false;
      if (wanted !== null) ask();
    },
    stop() {
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
    },
  };
}
