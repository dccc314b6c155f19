// The moon wheel: 12 selection spaces around, the moon marker, and the 24-space moon track inside.

import { esc, tileSvg, tokenSvg } from "./tiles.js";
import { plural, tileWords } from "./words.js";

const SPACE_RADIUS = 366;
const TRACK_RADIUS = 236;
const TILE_SCALE = 1.24;

const polar = (radius, step, steps) => {
  const a = ((-90 + (360 / steps) * step) * Math.PI) / 180;
  return [radius * Math.cos(a), radius * Math.sin(a)];
};
const fix = (n) => Math.round(n * 10) / 10;

const CRESCENT = "M4 -34A34 34 0 1 0 4 34A27 31 0 1 1 4 -34Z";

function spaceLabel(s, state, catalogue) {
  const id = state.wheel[s];
  const where = `wheel space ${s}${s === 0 ? " (new moon)" : ""}`;
  if (!id) return `${where}: ${s === state.marker ? "the moon marker" : "empty"}`;
  const pick = state.choices.indexOf(s);
  const extra = pick < 0 ? "" : `, takeable (choice ${pick + 1} of ${state.choices.length})`;
  return `${where}: ${tileWords(catalogue, id)}${extra}${state.selected === s ? ", chosen" : ""}`;
}

function space(s, state, catalogue, tabStop) {
  const [x, y] = polar(SPACE_RADIUS, s, 12).map(fix);
  const id = state.wheel[s];
  const pick = state.choices.indexOf(s);
  const classes = ["nl-space"];
  if (pick >= 0) classes.push("nl-takeable");
  if (state.selected === s) classes.push("nl-selected");
  let body;
  if (id) {
    body =
      `<rect class="nl-halo" x="-58" y="-58" width="116" height="116" rx="15"/>` +
      `<g transform="scale(${TILE_SCALE})">${tileSvg(catalogue, id, 0, 0)}</g>`;
    if (pick >= 0) {
      const badge = `<circle r="17"/><text y="6">${pick + 1}</text>`;
      body += `<g class="nl-pick" transform="translate(60 -60)">${badge}</g>`;
    }
  } else if (s === state.marker) {
    body = `<circle class="nl-empty" r="44"/><path class="nl-moon" d="${CRESCENT}" transform="scale(1.2)"/>`;
  } else {
    body = `<circle class="nl-empty" r="44"/>`;
  }
  return (
    `<g class="${classes.join(" ")}" data-space="${s}" role="button" tabindex="${tabStop ? 0 : -1}" ` +
    `data-roving="wheel" aria-label="${esc(spaceLabel(s, state, catalogue))}" ` +
    `transform="translate(${x} ${y})">${body}</g>`
  );
}

function track(state) {
  const spaces = [];
  for (let s = 0; s < 24; s++) {
    const [x, y] = polar(TRACK_RADIUS, s, 24).map(fix);
    spaces.push(
      `<circle class="nl-track-space${s === 0 ? " nl-new-moon" : ""}" cx="${x}" cy="${y}" r="17"/>` +
        `<text class="nl-track-no" x="${x}" y="${y + 4}">${s}</text>`,
    );
  }
  const markers = state.track.flatMap(([s, stack]) =>
    stack.map((player, height) => {
      // A stack climbs toward the centre, bottom marker outermost, as the rulebook stacks them.
      const [x, y] = polar(TRACK_RADIUS - 24 * height, s, 24).map(fix);
      const turn = player === state.current ? " nl-to-move" : "";
      return `<g class="nl-track-marker${turn}" transform="translate(${x} ${y})">${tokenSvg(player, 19)}</g>`;
    }),
  );
  const names = state.players.map((p, i) => `${p.name} on space ${p.space}`).join(", ");
  return (
    `<g class="nl-track" role="img" aria-label="moon track: ${esc(names)}">` +
    spaces.join("") +
    markers.join("") +
    `</g>`
  );
}

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
    .map(([cls, t], i) => `<text class="nl-centre ${cls}" y="${-36 + i * 34}">${esc(t)}</text>`)
    .join("");
  const pile =
    `<g class="nl-pile" transform="translate(0 74)" role="img" ` +
    `aria-label="draw pile: ${plural(state.pile, "tile")}">` +
    `<rect x="-30" y="-26" width="52" height="52" rx="7" transform="translate(6 -4)"/>` +
    `<rect x="-30" y="-26" width="52" height="52" rx="7"/>` +
    `<path class="nl-pile-moon" d="${CRESCENT}" transform="translate(-4 0) scale(0.45)"/>` +
    `<text x="40" y="8">${state.pile}</text><text class="nl-pile-label" x="0" y="48">draw pile</text></g>`;
  return `<g class="nl-centre-group">${text}${pile}</g>`;
}

function labels() {
  const texts = [];
  for (let s = 0; s < 12; s++) {
    const [x, y] = polar(470, s, 12).map(fix);
    texts.push(`<text class="nl-space-no" x="${x}" y="${y + 7}">${s === 0 ? "● 0" : s}</text>`);
  }
  return `<g aria-hidden="true">${texts.join("")}</g>`;
}

const BOARD =
  `<g aria-hidden="true"><circle class="nl-board" r="496"/>` +
  `<circle class="nl-ring" r="${TRACK_RADIUS + 40}"/></g>`;
const LABELS = labels();

/**
 * The wheel's parts, one SVG element each, so that a redraw replaces only those that changed
 * (choosing a tile changes one space, not the whole wheel).
 */
export function wheelParts(state, catalogue) {
  const focusable = state.selected ?? state.choices[0] ?? state.marker;
  const parts = [BOARD, LABELS, state.solo ? "<g></g>" : track(state), centre(state)];
  for (let s = 0; s < 12; s++) parts.push(space(s, state, catalogue, s === focusable));
  return parts;
}
