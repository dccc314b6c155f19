// The moon wheel: its selection spaces around, the moon marker, and the moon track inside.

import * as spec from "./drawing.js";
import { esc, tileSvg, tokenSvg } from "./tiles.js";
import { plural, tileWords } from "./words.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Catalogue} Catalogue */

const { wheel: WHEEL, track: TRACK, centre: CENTRE } = spec;

const polar = (radius, step, steps) => {
  const a = ((-90 + (360 / steps) * step) * Math.PI) / 180;
  return [radius * Math.cos(a), radius * Math.sin(a)];
};
const fix = (n) => Math.round(n * 10) / 10;

/**
 * @param {number} s @param {State} state @param {Catalogue} catalogue
 * @returns {string} what a screen reader says for wheel space `s`
 */
function spaceLabel(s, state, catalogue) {
  const id = state.wheel[s];
  const where = `wheel space ${s}${s === 0 ? " (new moon)" : ""}`;
  if (!id) return `${where}: ${s === state.marker ? "the moon marker" : "empty"}`;
  const pick = state.choices.indexOf(s);
  const extra = pick < 0 ? "" : `, takeable (choice ${pick + 1} of ${state.choices.length})`;
  return `${where}: ${tileWords(catalogue, id)}${extra}${state.selected === s ? ", chosen" : ""}`;
}

/**
 * Wheel space `s`: its tile (lit and numbered if takeable), or the moon marker, or nothing.
 * @param {number} s @param {State} state @param {Catalogue} catalogue
 * @param {boolean} tabStop whether the space is the wheel's one Tab stop
 * @returns {string}
 */
function space(s, state, catalogue, tabStop) {
  const [x, y] = polar(WHEEL.space, s, state.wheel.length).map(fix);
  const id = state.wheel[s];
  const pick = state.choices.indexOf(s);
  const classes = ["nl-space"];
  if (pick >= 0) classes.push("nl-takeable");
  if (state.selected === s) classes.push("nl-selected");
  const halo = WHEEL.halo;
  const empty = `<circle class="nl-empty" r="${WHEEL.empty}"/>`;
  let body;
  if (id) {
    body =
      `<rect class="nl-halo" x="${-halo}" y="${-halo}" width="${2 * halo}" height="${2 * halo}" ` +
      `rx="${WHEEL.halo_corner}"/>` +
      `<g transform="scale(${WHEEL.tile_scale})">${tileSvg(catalogue, id, 0, 0)}</g>`;
    if (pick >= 0) {
      const badge = `<circle r="${WHEEL.badge_radius}"/><text y="${WHEEL.badge_baseline}">${pick + 1}</text>`;
      body += `<g class="nl-pick" transform="translate(${WHEEL.badge.join(" ")})">${badge}</g>`;
    }
  } else if (s === state.marker) {
    body = `${empty}<path class="nl-moon" d="${WHEEL.crescent}" transform="scale(${WHEEL.moon_scale})"/>`;
  } else {
    body = empty;
  }
  return (
    `<g class="${classes.join(" ")}" data-space="${s}" role="button" tabindex="${tabStop ? 0 : -1}" ` +
    `data-roving="wheel" aria-label="${esc(spaceLabel(s, state, catalogue))}" ` +
    `transform="translate(${x} ${y})">${body}</g>`
  );
}

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

/** @param {State} state @returns {string} who is to move (or the solo standing, or the result), and the pile */
function centre(state) {
  const lines = [];
  if (state.over) {
    const winner = state.players[state.over.winner].name;
    lines.push(["nl-centre-big", state.solo ? `Score ${state.solo.total}` : `${winner} wins`]);
    lines.push(["", state.over.reason === "last token" ? "last token placed" : "no tile left"]);
  } else if (state.solo) {
    lines.push(["nl-centre-big", `Phase ${state.solo.phase}`]);
    lines.push(["", `small stack ${state.solo.small} · large ${state.solo.large}`]);
    lines.push(["", `score so far ${state.solo.total}`]);
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
  const pile =
    `<g class="nl-pile" transform="translate(${CENTRE.pile.join(" ")})" role="img" ` +
    `aria-label="draw pile: ${plural(state.pile, "tile")}">` +
    `<rect ${card} transform="translate(${CENTRE.card_offset.join(" ")})"/>` +
    `<rect ${card}/>` +
    `<path class="nl-pile-moon" d="${WHEEL.crescent}" transform="translate(-4 0) scale(0.45)"/>` +
    `<text x="${countX}" y="${countY}">${state.pile}</text>` +
    `<text class="nl-pile-label" x="0" y="${CENTRE.label_y}">draw pile</text></g>`;
  return `<g class="nl-centre-group">${text}${pile}</g>`;
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
  state.wheel.forEach((_, s) => parts.push(space(s, state, catalogue, s === focusable)));
  return parts;
}
