// SVG for one tile: colour, cost top left, task discs with dots, and the colour's letter.
// Every colour has its own dot shape and letter, so nothing rests on telling colours apart.

export const esc = (s) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

const LETTER = { red: "R", blue: "B", teal: "T", yellow: "Y" };

// Task disc centres on a 100-unit tile centred at 0, away from the cost disc at the top left.
const DISCS = {
  1: [[12, 12]],
  2: [
    [24, -20],
    [-12, 24],
  ],
  3: [
    [26, -24],
    [-18, 24],
    [26, 26],
  ],
};
const DOTS = {
  1: [[0, 0]],
  2: [
    [-6.5, 0],
    [6.5, 0],
  ],
  3: [
    [-6.5, -5],
    [6.5, -5],
    [0, 6.5],
  ],
  4: [
    [-6.5, -6.5],
    [6.5, -6.5],
    [-6.5, 6.5],
    [6.5, 6.5],
  ],
};

function dot(colour, x, y) {
  const cls = `nl-dot nl-${colour}`;
  switch (colour) {
    case "blue":
      return `<rect class="${cls}" x="${x - 4.6}" y="${y - 4.6}" width="9.2" height="9.2"/>`;
    case "teal":
      return `<path class="${cls}" d="M${x} ${y - 5.8}L${x + 5.6} ${y + 4.4}H${x - 5.6}Z"/>`;
    case "yellow":
      return `<path class="${cls}" d="M${x} ${y - 6.2}L${x + 6.2} ${y}L${x} ${y + 6.2}L${x - 6.2} ${y}Z"/>`;
    default:
      return `<circle class="${cls}" cx="${x}" cy="${y}" r="5"/>`;
  }
}

function taskDots(task) {
  const colours = task.flatMap(([colour, n]) => Array(n).fill(colour));
  return DOTS[colours.length].map(([x, y], i) => dot(colours[i], x, y)).join("");
}

/**
 * One tile centred at (cx, cy), 100 units wide.
 * `task(k, x, y, inner)` may wrap each task disc (to add a token, hooks and labels).
 */
export function tileSvg(catalogue, id, cx, cy, task = null) {
  const [colour, cost, tasks] = catalogue[id];
  const discs = tasks
    .map((t, k) => {
      const [x, y] = DISCS[tasks.length][k];
      const inner = `<circle class="nl-disc" r="19"/>${taskDots(t)}`;
      return task ? task(k, x, y, inner, t) : `<g transform="translate(${x} ${y})">${inner}</g>`;
    })
    .join("");
  return (
    `<g class="nl-tile nl-${colour}" transform="translate(${cx} ${cy})">` +
    `<rect class="nl-face" x="-47" y="-47" width="94" height="94" rx="10"/>` +
    `<circle class="nl-cost-disc" cx="-29" cy="-29" r="15"/>` +
    `<text class="nl-cost" x="-29" y="-22.5">${cost}</text>` +
    `<text class="nl-letter" x="-40" y="42">${LETTER[colour]}</text>` +
    discs +
    `</g>`
  );
}

export function tokenSvg(player, r = 15) {
  return (
    `<g class="nl-token nl-p${player}"><circle r="${r}"/>` +
    `<text y="${r * 0.36}" style="font-size:${r * 1.05}px">${player + 1}</text></g>`
  );
}
