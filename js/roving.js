// The board's Tab stops: each group of its buttons (the wheel's spaces, an area's lit cells or its tasks,
// the moon track's markers) is one stop, and the arrow keys move the focus within it.

/**
 * The Tab stops of the group `group`, as area.js and wheel.js draw its buttons: each call gives the next
 * button's attributes; the first button offered the stop (`stop`, by default each) takes it.
 * @param {string} group @returns {(stop?: boolean) => string}
 */
export function tabStops(group) {
  let free = true;
  return (stop = true) => {
    const taken = free && stop;
    free = free && !taken;
    return `data-roving="${group}" tabindex="${taken ? 0 : -1}"`;
  };
}

// The arrow keys' directions on the page (the boards are drawn left to right in every language).
/** @type {Record<string, [number, number]>} */
const ARROWS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

/**
 * The element of `group` nearest to `target` in the arrow's direction (straight ahead counts more than
 * aside), or null when none lies that way: the focus stops at the edge instead of wrapping round.
 * @param {Element} target @param {Element[]} group @param {string} key @returns {Element | null}
 */
function neighbour(target, group, key) {
  const [dx, dy] = ARROWS[key];
  /** @param {Element} el @returns {[number, number]} */
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  const [x0, y0] = centre(target);
  let best = null;
  let score = Infinity;
  for (const el of group) {
    const [x, y] = centre(el);
    const ahead = (x - x0) * dx + (y - y0) * dy;
    const aside = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (ahead < 1 || ahead + 2 * aside >= score) continue;
    best = el;
    score = ahead + 2 * aside;
  }
  return best;
}

/** @param {string} key @returns {boolean} whether the key is an arrow key */
export const isArrow = (key) => Object.hasOwn(ARROWS, key);

/**
 * Move the focus within a group of `root` by an arrow key: round the wheel in its order (the rim has no
 * end), in an area to the nearest cell or task that way, and nowhere at the area's edge.
 * @param {HTMLElement} root @param {Element} target @param {string} key
 */
export function moveFocus(root, target, key) {
  const group = [...root.querySelectorAll(`[data-roving="${target.dataset.roving}"]`)];
  const forward = key === "ArrowRight" || key === "ArrowDown";
  const next =
    target.dataset.roving === "wheel"
      ? group[(group.indexOf(target) + (forward ? 1 : -1) + group.length) % group.length]
      : neighbour(target, group, key);
  if (!next) return;
  target.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus({ preventScroll: true });
}
