// The moon wheel: its selection spaces around, the moon marker, and the moon track inside.

import * as spec from "./drawing.js";
import { faces } from "./drawing.js";
import { num, t, tc, tn } from "./i18n.js";
import { tabStops } from "./roving.js";
import { centredRect, esc, tileSvg, tokenSvg } from "./tiles.js";
import { agrees, list, named, pileWords, tileWords } from "./words.js";

/** @typedef {import("./contract").State} State */
/** @typedef {import("./contract").Catalogue} Catalogue */

const { wheel: WHEEL, track: TRACK, centre: CENTRE } = spec;

/** @param {number} n @returns {number} the length to 0.1 */
const fix = (n) => Math.round(n * 10) / 10;

// Who took a tile from a space in the latest turns: a small token in the emptied space, this far
// towards the centre, so the moon marker standing on it leaves it in sight.
const TAKER_RADIUS = 14;
const TAKER_INWARD = 64;

/**
 * @param {number} s @param {State} state @param {Catalogue} catalogue
 * @param {import("./contract").RecentTurn | undefined} taken the latest recent turn that took from `s`
 * @returns {string} what a screen reader says for wheel space `s`
 */
function spaceLabel(s, state, catalogue, taken) {
  const id = state.wheel[s];
  if (!id) {
    const where =
      s === 0 ? t("wheel space {space} (new moon)", { space: s }) : t("wheel space {space}", { space: s });
    const marker = s === state.marker;
    if (!taken) return marker ? t("{where}: the moon marker", { where }) : t("{where}: empty", { where });
    const values = {
      where,
      name: named(state.players[taken[1]]),
      tile: taken[2],
    };
    if (agrees(state.players[taken[1]])) {
      return marker
        ? tc(
            "the player named You, the reader",
            "{where}: the moon marker; {name} took {tile} from here",
            values,
          )
        : tc("the player named You, the reader", "{where}: empty; {name} took {tile} from here", values);
    }
    return marker
      ? t("{where}: the moon marker; {name} took {tile} from here", values)
      : t("{where}: empty; {name} took {tile} from here", values);
  }
  // A tile on offer is named as everywhere else, "R17 on wheel space 5"; then what a reader does not see.
  const values = {
    where:
      s === 0
        ? t("{tile} on wheel space {space} (new moon)", { tile: id, space: s })
        : t("{tile} on wheel space {space}", { tile: id, space: s }),
    tile: tileWords(id),
  };
  if (!state.choices.includes(s)) return t("{where}: {tile}", values);
  return state.selected === s
    ? t("{where}: {tile}, takeable, chosen", values)
    : t("{where}: {tile}, takeable", values);
}

/**
 * Wheel space `s`: its tile (framed in gold if takeable), or nothing; where a recent turn took a
 * tile, that player's token. Every space is a button (a click on one that cannot be taken is
 * explained); those that cannot be taken now say so with aria-disabled. The button is an invisible
 * area over the drawing, which is hidden from assistive technology: the label says all it shows, and a
 * button holding the tile's text (cost, letter) would have visible words missing from its name.
 * @param {number} s @param {State} state @param {Catalogue} catalogue
 * @param {string} stop the space's Tab stop attributes (the wheel has one stop)
 * @param {import("./contract").RecentTurn | undefined} taken the latest recent turn that took from `s`
 * @returns {string}
 */
function space(s, state, catalogue, stop, taken) {
  const [x, y] = faces().spaces[s];
  const id = state.wheel[s];
  const pick = state.choices.indexOf(s);
  const classes = ["nl-slot"];
  if (pick >= 0) classes.push("nl-takeable");
  if (state.selected === s) classes.push("nl-selected");
  /** @param {string} cls */
  const square = (cls) => centredRect(2 * WHEEL.halo, 2 * WHEEL.halo, WHEEL.halo_corner, `class="${cls}"`);
  let art = `<circle class="nl-empty" r="${WHEEL.empty}"/>`;
  let hit = `<circle class="nl-hit" r="${WHEEL.empty}"/>`;
  if (id) {
    art =
      square("nl-halo") + tileSvg(catalogue, id, zoomedDisc, [], `transform="scale(${WHEEL.tile_scale})"`);
    hit = square("nl-hit");
  } else if (taken) {
    const [tx, ty] = [x, y].map((v) => fix((-v / WHEEL.space) * TAKER_INWARD));
    art += `<g class="nl-taker" transform="translate(${tx} ${ty})">${tokenSvg(taken[1], TAKER_RADIUS)}</g>`;
  }
  // A puzzle that asks for a tile takes a click on any (a takeable one is not marked where that is the question).
  const click = state.mode === "puzzle" ? state.puzzle.click : null;
  const answering = Boolean(id) && (click === "space" || click === "move");
  const disabled = pick < 0 && !answering ? ` aria-disabled="true"` : "";
  return (
    `<g class="${classes.join(" ")}" transform="translate(${x} ${y})"><g aria-hidden="true">${art}</g>` +
    `<g class="nl-space" data-space="${s}" role="button"${disabled} ${stop} ` +
    `aria-label="${esc(spaceLabel(s, state, catalogue, taken))}">${hit}</g></g>`
  );
}

/**
 * A wheel tile's task disc, zoomed by widget.css: the tasks on offer are what a player reads there.
 * @param {number} k @param {number} x @param {number} y @param {string} inner
 */
const zoomedDisc = (k, x, y, inner) =>
  `<g transform="translate(${x} ${y})"><g class="nl-zoom">${inner}</g></g>`;

/** The moon marker, drawn once and turned by its style (motion.js): a transition needs it to stay. */
const MOON_MARKER =
  `<g class="nl-moon-marker" aria-hidden="true"><g>` +
  `<path class="nl-moon" d="${WHEEL.crescent}" transform="scale(${WHEEL.moon_scale})"/></g></g>`;

/**
 * @returns {string} the moon track's spaces, as printed on the board (Python's drawing): a part of their
 * own, so that a move (which moves markers) redraws the markers only
 */
const printedTrack = () => `<g aria-hidden="true">${faces().track}</g>`;

/**
 * The markers on the moon track; where a puzzle's answers are players, each marker is a button that
 * names its player.
 * @param {State} state @returns {string}
 */
function track(state) {
  const picking = state.mode === "puzzle" && state.puzzle.click === "seat";
  /** @param {number} p */
  const where = (p) =>
    t("{name} on track space {space}", {
      name: state.players[p].name,
      space: state.players[p].space,
    });
  const seats = tabStops("seats");
  const markers = state.track.flatMap(([s, stack]) =>
    stack.map((player, height) => {
      const [x, y] = faces().markers[s][height];
      const turn = player === state.current ? " nl-to-move" : "";
      const marker = tokenSvg(player, TRACK.marker);
      const button = picking
        ? ` data-seat="${player}" role="button" ${seats()} aria-label="${esc(where(player))}"`
        : "";
      return `<g class="nl-track-marker${turn}"${button} transform="translate(${x} ${y})">${marker}</g>`;
    }),
  );
  const names = list(state.players.map((_, p) => where(p)));
  const label = esc(t("moon track: {markers}", { markers: names }));
  return `<g class="nl-track" role="${picking ? "group" : "img"}" aria-label="${label}">${markers.join("")}</g>`;
}

// The draw pile's tiles per colour, a row of small tiles under the pile (the page's own geometry).
const LEFT = { y: 162, size: 34, gap: 42, baseline: 7 };

/** @param {State} state @returns {string} the draw pile's tiles per colour, as small tiles with counts */
function pileColours(state) {
  const colours = Object.entries(state.pile_colours);
  return colours
    .map(([colour, n], i) => {
      const x = (i - (colours.length - 1) / 2) * LEFT.gap;
      return (
        `<g class="nl-left nl-${colour}" transform="translate(${x} ${LEFT.y})">` +
        centredRect(LEFT.size, LEFT.size, 5) +
        `<text y="${LEFT.baseline}">${num(n)}</text></g>`
      );
    })
    .join("");
}

/** @param {State} state @returns {string} who is to move (or the solo standing, or the result) */
function centre(state) {
  const lines = [];
  if (state.over) {
    const winner = state.players[state.over.winner];
    const wins = agrees(winner)
      ? tc("the player named You, the reader", "{name} win", {
          name: named(winner),
        })
      : t("{name} wins", { name: winner.name });
    lines.push(["nl-centre-big", state.solo ? t("Score {score}", { score: state.solo.total }) : wins]);
    const why =
      state.over.reason === "last token"
        ? tc("why a game ended, in its picture under the winner", "last token placed")
        : tc("why a game ended, in its picture under the winner", "no tile left");
    lines.push(["", why]);
  } else if (state.solo) {
    lines.push(["nl-centre-big", t("Phase {phase} of 2", { phase: state.solo.phase })]);
    lines.push(["", t("score {score} so far", { score: state.solo.total })]);
    lines.push(["", t("lower is better")]);
  } else if (state.current === null) {
    lines.push(["nl-centre-big", t("Puzzle")]); // a puzzle names nobody to move: that could be its answer
  } else {
    const player = state.players[state.current];
    const toMove = agrees(player)
      ? tc("the player named You, the reader", "to move")
      : tc("in a game's picture, under the name of the player whose turn it is", "to move");
    lines.push(["nl-centre-big", named(player)], ["", toMove]);
  }
  const text = lines
    .map(
      ([cls, t], i) => `<text class="nl-centre ${cls}" y="${CENTRE.top + i * CENTRE.line}">${esc(t)}</text>`,
    )
    .join("");
  return `<g class="nl-centre-group">${text}</g>`;
}

/**
 * @param {State} state
 * @returns {string} the draw pile and its tiles per colour: a part of their own, as they change only when
 * the wheel is refilled (who is to move changes every turn)
 */
function pile(state) {
  const [x, y] = CENTRE.card;
  const card = `x="${x}" y="${y}" width="${CENTRE.card_size}" height="${CENTRE.card_size}" rx="${CENTRE.card_corner}"`;
  const [countX, countY] = CENTRE.count;
  const named = tc("a label under the draw pile, in a game's picture", "draw pile");
  const values = { colours: pileWords(state.pile_colours) };
  const label = tn("draw pile: {n} tile ({colours})", "draw pile: {n} tiles ({colours})", state.pile, values);
  const drawing =
    `<g class="nl-pile" transform="translate(${CENTRE.pile.join(" ")})" role="img" ` +
    `aria-label="${esc(label)}">` +
    `<rect ${card} transform="translate(${CENTRE.card_offset.join(" ")})"/>` +
    `<rect ${card}/>` +
    `<path class="nl-pile-moon" d="${WHEEL.crescent}" transform="translate(-4 0) scale(0.45)"/>` +
    `<text x="${countX}" y="${countY}">${num(state.pile)}</text>` +
    `<text class="nl-pile-label" x="0" y="${CENTRE.label_y}">` +
    `${esc(named)}</text></g>`;
  return `<g class="nl-centre-group">${drawing}<g aria-hidden="true">${pileColours(state)}</g></g>`;
}

/** @returns {string} the wheel's rim and the spaces' numbers (Python's drawing) */
const board = () => `<g aria-hidden="true">${faces().wheel}</g>`;

/**
 * The wheel's parts, one SVG element each, so that a redraw replaces only those that changed
 * (choosing a tile changes one space, not the whole wheel).
 * @param {State} state
 * @param {Catalogue} catalogue
 * @returns {string[]}
 */
export function wheelParts(state, catalogue) {
  const focusable = state.selected ?? state.choices[0] ?? state.marker;
  const parts = [board()];
  parts.push(
    ...(state.solo ? ["<g></g>", "<g></g>"] : [printedTrack(), track(state)]),
    centre(state),
    pile(state),
  );
  const taken = new Map(state.recent.map((turn) => [turn[3], turn])); // the latest take from each space
  const stops = tabStops("wheel");
  state.wheel.forEach((_, s) => parts.push(space(s, state, catalogue, stops(s === focusable), taken.get(s))));
  parts.push(MOON_MARKER);
  return parts;
}
