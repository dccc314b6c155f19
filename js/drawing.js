// The drawing spec the static SVG (novaluna_widget/_render.py) draws from too: geometry, colours, each tile
// colour's letter and dot shape. esbuild bundles the parts named here (not the file's `about` prose);
// modules read them as `import * as spec from "./drawing.js"`. The pieces no position changes (tiles'
// faces and tasks, the wheel's rim, the moon track) Python draws, once for the page and its pictures
// alike: `faces()` holds them, and the page only puts them in place.

import { colours, font, players, tile_colours } from "../novaluna_widget/drawing.json";
import { language } from "./i18n.js";

export { centre, tile, tile_colours, token, track, wheel } from "../novaluna_widget/drawing.json";

/**
 * Set every colour of the spec as a CSS custom property on `el`, so that widget.css names colours and
 * never spells them: --nl-gold, --nl-red and --nl-red-letter, --nl-p0-fill, --nl-drawing-font.
 * @param {HTMLElement} el
 */
export function setColours(el) {
  /** @param {string} name @param {string} value */
  const set = (name, value) => el.style.setProperty(`--nl-${name.replace(/_/g, "-")}`, value);
  for (const [name, value] of Object.entries(colours)) set(name, value);
  for (const [name, colour] of Object.entries(tile_colours)) {
    set(name, colour.fill);
    set(`${name}-letter`, colour.letter_ink);
  }
  players.forEach((player, p) => {
    for (const [part, value] of Object.entries(player)) set(`p${p}-${part}`, value);
  });
  set("drawing-font", font);
}

/** @typedef {import("./contract").PrintedPieces} PrintedPieces */

/** @type {Map<string, PrintedPieces>} what the page draws that no position changes, by language */
const FACES = new Map();

/**
 * Keep the pieces Python drew for a language (the `faces` trait): several widgets on a page may speak
 * several languages, and each draws in the one `i18n.language()` says.
 * @param {PrintedPieces} faces
 */
export function setFaces(faces) {
  FACES.set(faces.lang, faces);
}

/** @returns {PrintedPieces} the pieces in the language the page words in now */
export function faces() {
  const found = FACES.get(language());
  if (!found) throw new Error(`no faces for language ${language()}`);
  return found;
}
