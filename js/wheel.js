// The moon wheel: its selection spaces around, the moon marker, and the moon track inside.

import * as spec from "./drawing.js";
import { esc, tileSvg, tokenSvg } from "./tiles.js";
import { plural, tileWords } from "./words.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Catalogue} Catalogue */

const { wheel: WHEEL, track: TRACK, centre: CENTRE } = spec;

/**
 * The point `step` of `steps` round a circle of `radius`, clockwise from the top (the new moon).
 * @param {number} radius @param {number} step @param {number} steps @returns {[number, number]}
 */
export const polar = (radius, step, steps) => {
  const a = ((-90 + (360 / steps) * step) * Math.PI) / 180;
  return [radius * Math.cos(a), radius * Math.sin(a)];
};
const fix = (n) => Math.round(n * 10) / 10;

// Who took a tile from a space in the latest turns: a small token in the emptied space, this far
// towards the centre, so the moon marker standing on it leaves it in sight.
const TAKER_RADIUS = 14;
const TAKER_INWARD = 64;

/**
 * @param {number} s @param {State} state @param {Catalogue} catalogue
 * @param {import("./types.js").RecentTurn | undefined} taken the latest recent turn that took from `s`
 * @returns {string} what a screen reader says for wheel space `s`
 */
function spaceLabel(s, state, catalogue, taken) {
  const id = state.wheel[s];
  const where = `wheel space ${s}${s === 0 ? " (new moon)" : ""}`;
  if (!id) {
    const what = s === state.marker ? "the moon marker" : "empty";
    const took = taken ? `; ${state.players[taken[1]].name} took ${taken[2]} from here` : "";
    return `${where}: ${what}${took}`;
  }
  const pick = state.choices.indexOf(s);
  const extra = pick < 0 ? "" : `, takeable (tile ${pick + 1} of ${state.choices.length})`;
  return `${where}: ${tileWords(catalogue, id)}${extra}${state.selected === s ? ", chosen" : ""}`;
}

/**
 * Wheel space `s`: its tile (lit and numbered if takeable), or nothing; where a recent turn took a
 * tile, that player's token. Every space is a button (a click on one that cannot be taken is
 * explained); those that cannot be taken now say so with aria-disabled. The button is an invisible
 * area over the drawing, which is hidden from assistive technology: the label says all it shows, and a
 * button holding the tile's text (cost, letter, badge) would have visible words missing from its name.
 * @param {number} s @param {State} state @param {Catalogue} catalogue
 * @param {boolean} tabStop whether the space is the wheel's one Tab stop
 * @param {import("./types.js").RecentTurn | undefined} taken the latest recent turn that took from `s`
 * @returns {string}
 */
function space(s, state, catalogue, tabStop, taken) {
  const [x, y] = polar(WHEEL.space, s, state.wheel.length).map(fix);
  const id = state.wheel[s];
  const pick = state.choices.indexOf(s);
  const classes = ["nl-slot"];
  if (pick >= 0) classes.push("nl-takeable");
  if (state.selected === s) classes.push("nl-selected");
  const h = WHEEL.halo;
  const square = `x="${-h}" y="${-h}" width="${2 * h}" height="${2 * h}" rx="${WHEEL.halo_corner}"`;
  let art = `<circle class="nl-empty" r="${WHEEL.empty}"/>`;
  let hit = `<circle class="nl-hit" r="${WHEEL.empty}"/>`;
  if (id) {
    art =
      `<rect class="nl-halo" ${square}/>` +
      `<g transform="scale(${WHEEL.tile_scale})">${tileSvg(catalogue, id, 0, 0, zoomedDisc)}</g>`;
    hit = `<rect class="nl-hit" ${square}/>`;
    if (pick >= 0) {
      // On the tile's corner nearest the centre: far from the rim's space numbers.
      const [bx, by] = WHEEL.badge.map(Math.abs);
      const at = `${x > 1 ? -bx : bx} ${y > 1 ? -by : by}`;
      const badge = `<circle r="${WHEEL.badge_radius}"/><text y="${WHEEL.badge_baseline}">${pick + 1}</text>`;
      art += `<g class="nl-pick" transform="translate(${at})">${badge}</g>`;
    }
  } else if (taken) {
    const [tx, ty] = [x, y].map((v) => fix((-v / WHEEL.space) * TAKER_INWARD));
    art += `<g class="nl-taker" transform="translate(${tx} ${ty})">${tokenSvg(taken[1], TAKER_RADIUS)}</g>`;
  }
  const disabled = pick < 0 ? ` aria-disabled="true"` : "";
  return (
    `<g class="${classes.join(" ")}" transform="translate(${x} ${y})"><g aria-hidden="true">${art}</g>` +
    `<g class="nl-space" data-space="${s}" role="button"${disabled} tabindex="${tabStop ? 0 : -1}" ` +
    `data-roving="wheel" aria-label="${esc(spaceLabel(s, state, catalogue, taken))}">${hit}</g></g>`
  );
}

/** A wheel tile's task disc, zoomed by widget.css: the tasks on offer are what a player reads there. */
const zoomedDisc = (k, x, y, inner) =>
  `<g transform="translate(${x} ${y})"><g class="nl-zoom">${inner}</g></g>`;

/** The moon marker, drawn once and turned by its style (motion.js): a transition needs it to stay. */
const MOON_MARKER =
  `<g class="nl-moon-marker" aria-hidden="true"><g>` +
  `<path class="nl-moon" d="${WHEEL.crescent}" transform="scale(${WHEEL.moon_scale})"/></g></g>`;

// The moon track's spaces are printed on the board: drawn once.
const PRINTED_TRACK = Array.from({ length: spec.track_spaces }, (_, s) => {
  const [x, y] = polar(TRACK.radius, s, spec.track_spaces).map(fix);
  return (
    `<circle class="nl-track-space${s === 0 ? " nl-new-moon" : ""}" cx="${x}" cy="${y}" r="${TRACK.space}"/>` +
    `<text class="nl-track-no" x="${x}" y="${y + TRACK.number_baseline}">${s}</text>`
  );
}).join("");

/** @param {State} state @returns {string} the moon track and its markers */
function track(state) {
  const markers = state.track.flatMap(([s, stack]) =>
    stack.map((player, height) => {
      // A stack climbs toward the centre, bottom marker outermost, as the rulebook stacks them.
      const [x, y] = polar(TRACK.radius - TRACK.stack_step * height, s, spec.track_spaces).map(fix);
      const turn = player === state.current ? " nl-to-move" : "";
      const marker = tokenSvg(player, TRACK.marker);
      return `<g class="nl-track-marker${turn}" transform="translate(${x} ${y})">${marker}</g>`;
    }),
  );
  const names = state.players.map((p) => `${p.name} on space ${p.space}`).join(", ");
  return (
    `<g class="nl-track" role="img" aria-label="moon track: ${esc(names)}">` +
    PRINTED_TRACK +
    markers.join("") +
    `</g>`
  );
}

// The draw pile's tiles per colour, a row of small tiles under the pile (the page's own geometry).
const LEFT = { y: 162, size: 34, gap: 42, baseline: 7 };

/** @param {State} state @returns {string} the draw pile's tiles per colour, as small tiles with counts */
function pileColours(state) {
  const colours = Object.entries(state.pile_colours);
  return colours
    .map(([colour, n], i) => {
      const x = (i - (colours.length - 1) / 2) * LEFT.gap;
      const half = LEFT.size / 2;
      return (
        `<g class="nl-left nl-${colour}" transform="translate(${x} ${LEFT.y})">` +
        `<rect x="${-half}" y="${-half}" width="${LEFT.size}" height="${LEFT.size}" rx="5"/>` +
        `<text y="${LEFT.baseline}">${n}</text></g>`
      );
    })
    .join("");
}

/** @param {State} state @returns {string} who is to move (or the solo standing, or the result), and the pile */
function centre(state) {
  const lines = [];
  if (state.over) {
    const winner = state.players[state.over.winner].name;
    lines.push(["nl-centre-big", state.solo ? `Score ${state.solo.total}` : `${winner} wins`]);
    lines.push(["", state.over.reason === "last token" ? "last token placed" : "no tile left"]);
  } else if (state.solo) {
    lines.push(["nl-centre-big", `Phase ${state.solo.phase} of 2`]);
    lines.push(["", `score ${state.solo.total} so far`]);
    lines.push(["", "lower is better"]);
  } else {
    lines.push(["nl-centre-big", `${state.players[state.current].name}`]);
    lines.push(["", "to move"]);
  }
  const text = lines
    .map(
      ([cls, t], i) => `<text class="nl-centre ${cls}" y="${CENTRE.top + i * CENTRE.line}">${esc(t)}</text>`,
    )
    .join("");
  const [x, y] = CENTRE.card;
  const card = `x="${x}" y="${y}" width="${CENTRE.card_size}" height="${CENTRE.card_size}" rx="${CENTRE.card_corner}"`;
  const [countX, countY] = CENTRE.count;
  const left = Object.entries(state.pile_colours).map(([colour, n]) => `${n} ${colour}`);
  const pile =
    `<g class="nl-pile" transform="translate(${CENTRE.pile.join(" ")})" role="img" ` +
    `aria-label="draw pile: ${plural(state.pile, "tile")} (${left.join(", ")})">` +
    `<rect ${card} transform="translate(${CENTRE.card_offset.join(" ")})"/>` +
    `<rect ${card}/>` +
    `<path class="nl-pile-moon" d="${WHEEL.crescent}" transform="translate(-4 0) scale(0.45)"/>` +
    `<text x="${countX}" y="${countY}">${state.pile}</text>` +
    `<text class="nl-pile-label" x="0" y="${CENTRE.label_y}">draw pile</text></g>`;
  return `<g class="nl-centre-group">${text}${pile}<g aria-hidden="true">${pileColours(state)}</g></g>`;
}

/** @param {number} spaces @returns {string} the wheel spaces' numbers, the new moon's marked */
function labels(spaces) {
  const texts = [];
  for (let s = 0; s < spaces; s++) {
    const [x, y] = polar(WHEEL.label, s, spaces).map(fix);
    texts.push(
      `<text class="nl-space-no" x="${x}" y="${y + WHEEL.label_baseline}">${s === 0 ? "● 0" : s}</text>`,
    );
  }
  return `<g aria-hidden="true">${texts.join("")}</g>`;
}

const BOARD =
  `<g aria-hidden="true"><circle class="nl-board" r="${WHEEL.rim}"/>` +
  `<circle class="nl-ring" r="${WHEEL.ring}"/></g>`;

/**
 * The wheel's parts, one SVG element each, so that a redraw replaces only those that changed
 * (choosing a tile changes one space, not the whole wheel).
 * @param {State} state
 * @param {Catalogue} catalogue
 * @returns {string[]}
 */
export function wheelParts(state, catalogue) {
  const focusable = state.selected ?? state.choices[0] ?? state.marker;
  const parts = [BOARD, labels(state.wheel.length), state.solo ? "<g></g>" : track(state), centre(state)];
  const taken = new Map(state.recent.map((turn) => [turn[3], turn])); // the latest take from each space
  state.wheel.forEach((_, s) => parts.push(space(s, state, catalogue, s === focusable, taken.get(s))));
  parts.push(MOON_MARKER);
  return parts;
}
