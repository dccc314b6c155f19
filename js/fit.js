// The board fits the window: the wheel and the area in play are sized so that both stand in the part of
// the page the reader sees once the widget is scrolled to its top, so that no move needs a scroll. What
// stands above the board keeps one height through a game (widget.css), so the room is measured again
// only when a size changes, never on a move.

/**
 * The element the widget scrolls in (JupyterLab's notebook panel, a page's body): the nearest ancestor
 * that may scroll and does, else the outermost that may (a short notebook), else null for the window. An
 * output area may scroll too, yet grows with what it holds.
 * @param {HTMLElement} el @returns {HTMLElement | null}
 */
function scroller(el) {
  let outermost = null;
  for (let up = el.parentElement; up; up = up.parentElement) {
    const overflow = getComputedStyle(up).overflowY;
    if ((overflow !== "auto" && overflow !== "scroll") || up.clientHeight === 0) continue;
    if (up.scrollHeight > up.clientHeight) return up;
    outermost = up;
  }
  return outermost;
}

/**
 * Keep `--nl-room` and `--nl-area-room` on `root`: the height in pixels the wheel and the area in play
 * have below what stands above them, in the widget's scroller (widget.css sizes them from it).
 * @param {HTMLElement} root @param {HTMLElement} wheel the wheel's box @param {HTMLElement} big the area
 * in play's slot @returns {() => void} the clean-up
 */
export function fitBoard(root, wheel, big) {
  /** @type {HTMLElement | null} */
  let watched = null;
  const observer = new ResizeObserver(() => measure());
  /** @param {string} name @param {number} seen @param {HTMLElement} el @param {number} least px */
  const room = (name, seen, el, least) => {
    const above = el.getBoundingClientRect().top - root.getBoundingClientRect().top;
    const px = `${Math.max(least, Math.floor(seen - above - 12))}px`;
    if (root.style.getPropertyValue(name) !== px) root.style.setProperty(name, px);
  };
  function measure() {
    if (!root.isConnected) return;
    const scrolls = scroller(root);
    if (scrolls && scrolls !== watched) {
      // The widget is put in the page after it is drawn: its scroller is known only then.
      if (watched) observer.unobserve(watched);
      observer.observe(scrolls);
      watched = scrolls;
    }
    const seen = scrolls ? scrolls.clientHeight : window.innerHeight;
    room("--nl-room", seen, wheel, 240);
    // The area's header and a row of cells at the floor of legibility (widget.css): below a guided
    // game's or a puzzle's panel the room is short, and a small area still fits it.
    room("--nl-area-room", seen, big, 112);
  }
  observer.observe(root);
  window.addEventListener("resize", measure);
  return () => {
    observer.disconnect();
    window.removeEventListener("resize", measure);
  };
}
