// Moves a player can follow: the moon marker walks clockwise round the rim to the space each tile was
// taken from, and the tile flies from the wheel into the area it was placed in, one turn after the
// other. Both are short CSS transitions (widget.css), left out under prefers-reduced-motion: the marks
// on the wheel and in the areas, and the sentence in the live region, tell the same.

import * as spec from "./drawing.js";
import { faces } from "./drawing.js";
import { tileSvg } from "./tiles.js";

/** @typedef {import("./contract").State} State */
/** @typedef {import("./contract").Catalogue} Catalogue */
/** @typedef {import("./contract").RecentTurn} RecentTurn */
/**
 * Where a flight starts (a point over the wheel space) and ends (the placed tile's face), in pixels,
 * the root's box, and the size of a wheel tile.
 * @typedef {{from: DOMPoint, to: DOMRect, box: DOMRect, size: number}} Place
 */

// One turn's step; the CSS transitions (widget.css) take a little less.
const STEP_MS = 520;
// At most this many turns fly at a time (many moves made from Python at once land at once).
const FLIGHTS = 4;
const HALF_FACE = spec.tile.face / 2;

/**
 * The turns of `state` the page has not drawn yet (the latest FLIGHTS): those logged after the state
 * drawn `before`, in the same game (none after an undo, a new game or a change that moved nothing).
 * @param {State | null} before @param {State} state @returns {RecentTurn[]}
 */
function freshTurns(before, state) {
  if (!before || before.seed !== state.seed || state.log_total <= before.log_total) return [];
  return state.recent.filter(([id]) => id >= before.log_total).slice(-FLIGHTS);
}

/**
 * The motion of one view.
 * @param {HTMLElement} root the view's root (positioned, so flying tiles can sit over it)
 * @returns {{show: (before: State | null, state: State, catalogue: Catalogue) => void}}
 */
export function createMotion(root) {
  /** @type {number | null} */
  let angle = null; // the moon marker's turn in degrees, unbounded, so that moving on is clockwise
  /** @type {ReturnType<typeof setTimeout>[]} */
  let timers = [];
  let generation = 0; // a new state stops the flights of the one before

  function stop() {
    generation += 1;
    timers.forEach(clearTimeout);
    timers = [];
    for (const flyer of root.querySelectorAll(".nl-flyer")) flyer.remove();
    for (const tile of root.querySelectorAll(".nl-arriving")) tile.classList.remove("nl-arriving");
  }

  /**
   * Turn the moon marker to `space`: clockwise when play moved it, the short way after an undo.
   * @param {number} space @param {number} spaces @param {boolean} clockwise
   */
  function turnMarker(space, spaces, clockwise) {
    const marker = /** @type {SVGGElement | null} */ (root.querySelector(".nl-moon-marker"));
    if (!marker) return;
    const target = (360 * space) / spaces;
    const fresh = !marker.style.transform; // a marker just drawn stands still, wherever it comes from
    if (angle === null) angle = target;
    let step = (((target - angle) % 360) + 360) % 360;
    if (!clockwise && step > 180) step -= 360;
    angle += step;
    if (fresh) marker.classList.add("nl-still");
    marker.style.transform = `rotate(${angle}deg)`;
    // The crescent keeps upright as it goes round.
    /** @type {SVGElement} the crescent */ (marker.firstElementChild).style.transform =
      `translate(0px, ${-spec.wheel.space}px) rotate(${-angle}deg)`;
    if (fresh) requestAnimationFrame(() => requestAnimationFrame(() => marker.classList.remove("nl-still")));
  }

  /**
   * Where a taken tile flies from and to, in pixels over the root: read before any flyer is added, so
   * that measuring every turn costs one layout (of the frame just painted), not one layout per turn.
   * @param {RecentTurn} turn @param {Element | null} target @returns {Place | null}
   */
  function measure([, , , space], target) {
    const wheel = /** @type {SVGSVGElement | null} */ (root.querySelector(".nl-wheel"));
    const face = target?.querySelector(".nl-face");
    const to = face?.getBoundingClientRect();
    if (!wheel || !to?.width) return null;
    const box = root.getBoundingClientRect();
    const ctm = wheel.getScreenCTM();
    if (!ctm) return null; // not rendered
    const [x, y] = faces().spaces[space];
    return {
      from: new DOMPoint(x, y).matrixTransform(ctm),
      to,
      box,
      size: spec.tile.face * spec.wheel.tile_scale * ctm.a,
    };
  }

  /**
   * A copy of the taken tile over the wheel space it came from, sized and placed to fly to its area.
   * @param {RecentTurn} turn @param {Place | null} place @param {Catalogue} catalogue
   */
  function launch([, , tile], place, catalogue) {
    if (!place) return null;
    const { from, to, box, size } = place;
    const flyer = document.createElement("div");
    flyer.className = "nl-flyer";
    flyer.setAttribute("aria-hidden", "true");
    const view = `${-HALF_FACE} ${-HALF_FACE} ${2 * HALF_FACE} ${2 * HALF_FACE}`;
    flyer.innerHTML = `<svg viewBox="${view}">${tileSvg(catalogue, tile)}</svg>`;
    const [dx, dy] = [from.x - size / 2 - to.left, from.y - size / 2 - to.top];
    Object.assign(flyer.style, {
      left: `${to.left - box.left}px`,
      top: `${to.top - box.top}px`,
      width: `${to.width}px`,
      height: `${to.height}px`,
      transform: `translate(${dx}px, ${dy}px) scale(${size / to.width})`, // on the wheel, to start
    });
    root.appendChild(flyer);
    return flyer;
  }

  /** @param {HTMLElement | null} flyer @param {Element | null} target */
  function fly(flyer, target) {
    const land = () => {
      flyer?.remove();
      target?.classList.remove("nl-arriving");
    };
    if (!flyer) {
      land();
      return;
    }
    flyer.getBoundingClientRect(); // lay out the start, so that the move is a transition
    flyer.style.transform = "none";
    flyer.addEventListener("transitionend", land, { once: true });
    timers.push(setTimeout(land, STEP_MS + 300)); // no transition runs in a hidden tab
  }

  /**
   * After a draw: fly the turns the page had not drawn, one after the other, else just put the moon
   * marker where `state` has it.
   * @param {State | null} before the state drawn last @param {State} state @param {Catalogue} catalogue
   */
  function show(before, state, catalogue) {
    stop();
    const spaces = state.wheel.length;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const turns = reduced ? [] : freshTurns(before, state);
    if (!turns.length) {
      turnMarker(state.marker, spaces, false);
      return;
    }
    const targets = turns.map(([, player, , , x, y]) =>
      root.querySelector(`.nl-placed[data-player="${player}"][data-cell="${x},${y}"]`),
    );
    for (const target of targets) target?.classList.add("nl-arriving");
    const mine = generation;
    const launchAll = () => {
      if (mine !== generation) return;
      const places = turns.map((turn, k) => measure(turn, targets[k]));
      turns.forEach((turn, k) => {
        const flyer = launch(turn, places[k], catalogue);
        const go = () => {
          turnMarker(turn[3], spaces, true);
          fly(flyer, targets[k]);
        };
        timers.push(setTimeout(go, k * STEP_MS));
      });
      timers.push(setTimeout(() => turnMarker(state.marker, spaces, true), turns.length * STEP_MS));
    };
    // Measure in the frame after the new state is painted: the click's answer shows at once.
    requestAnimationFrame(() => requestAnimationFrame(launchAll));
  }

  return { show };
}
