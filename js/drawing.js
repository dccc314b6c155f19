// The drawing spec the static SVG (novaluna_widget/render.py) draws from too: geometry, colours, each tile
// colour's letter and dot shape. esbuild bundles the parts named here (not the file's `about` prose);
// modules read them as `import * as spec from "./drawing.js"`.

import { colours, font, players, tile_colours } from "../novaluna_widget/drawing.json";

export {
  centre,
  tile,
  tile_colours,
  token,
  track,
  track_spaces,
  wheel,
} from "../novaluna_widget/drawing.json";

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
