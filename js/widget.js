// NovaLunaWidget's view. It draws `state` (built by Python) and sends intents; Python judges every
// rule and answers with a new state. Hover and focus feedback reads what the state already holds.

import "./widget.css";
import { card, focusPlayer, legalCells, whyWords } from "./area.js";
import { readState } from "./bridge.js";
import {
  HISTORY_HTML,
  TUTORIAL_HTML,
  areaMarks,
  browsing,
  coachExplains,
  hintPanel,
  labelCoach,
  markBoard,
  reviewPanel,
  setAttr,
  shownHint,
  updateHistory,
  updateTutorial,
  wheelMarks,
} from "./coach.js";
import { setColours, setFaces } from "./drawing.js";
import { fitBoard } from "./fit.js";
import { focusedIn, inside, origin } from "./host.js";
import { language, setLanguage, t, tn, tnc } from "./i18n.js";
import { createMotion } from "./motion.js";
import { headline, logItems, logShell, nowWords, sidePanel, toolbar, topShell } from "./panels.js";
import {
  drawnState,
  markPuzzle,
  pickIntent,
  picked,
  puzzlePanel,
  puzzleSaid,
  saveDownload,
} from "./puzzle.js";
import { tileSvg } from "./tiles.js";
import { wheelParts } from "./wheel.js";
import {
  agrees,
  browsingWords,
  cellWords,
  chooseFirstWords,
  clauses,
  earlierWords,
  guideOverWords,
  named,
  sentence,
  sentences,
  taskWords,
} from "./words.js";

/** @typedef {import("./contract").State} State */
/** @typedef {import("./contract").Catalogue} Catalogue */
/** @typedef {import("./contract").Unsent<import("./contract").Intent>} Intent an intent as the view writes it */
/** @typedef {import("./contract").Model} Model */
/** @typedef {import("./contract").ReviewPanel} Review */

/**
 * A selector that finds "the same" element after a re-render, for keeping keyboard focus.
 * @param {Element | null} el
 * @returns {string | null}
 */
function keyOf(el) {
  if (!el || !el.dataset) return null;
  const d = el.dataset;
  if (d.space !== undefined) return `[data-space="${d.space}"]`;
  if (d.task !== undefined) return `[data-task="${d.task}"]`;
  if (d.seat !== undefined) return `[data-seat="${d.seat}"]`;
  if (d.cell !== undefined) return `[data-player="${d.player}"][data-cell="${d.cell}"]`;
  if (d.answer !== undefined) return `[data-answer="${CSS.escape(d.answer)}"]`;
  if (d.action !== undefined) return `[data-action="${d.action}"]`;
  if (d.reviewRow !== undefined) return `[data-review-row="${d.reviewRow}"]`;
  if (el.classList.contains("nl-bot-pick")) return ".nl-bot-pick";
  if (el.classList.contains("nl-lang-pick")) return ".nl-lang-pick";
  return null;
}

// What hover or focus explains: a task's chain, a placement's effect, a wheel tile.
const EXPLAINS = "[data-task], [data-cell].nl-legal, [data-space]";

/** @returns {string} what the explanation line says while nothing is pointed at or focused */
const explainTip = () =>
  t(
    "Point at a wheel tile, a lit cell or a task (or move there with Tab and the arrow keys) to see what it does.",
  );

/**
 * Whether a key runs the notebook cell (Shift, Ctrl, Cmd or Alt with Enter) or saves the notebook:
 * those still reach Jupyter. Every other key pressed in the widget is the widget's alone.
 * @param {KeyboardEvent} event
 */
const passesToNotebook = (event) =>
  (event.key === "Enter" && (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey)) ||
  ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s");

// The live region says at most this many entries at once (many moves made from Python at a time
// would otherwise be read out at length): the rest are in the move log.
const SAID_MAX = 6;

/** @typedef {(state: State) => string} Saying a sentence of the status line, worded from a state */

/**
 * What the page says happened since it last drew: the log entries that are new (a move, the bots'
 * answer, a refill, the end), or what undo did; null when nothing happened (a tile chosen, an error).
 * It is a saying, worded from the state it is given, so that a change of language words the same news
 * again in the new language.
 * @param {State | null} before the state drawn last @param {State} state @returns {Saying | null}
 */
function happened(before, state) {
  if (before && viewMoved(before, state)) {
    return (s) => (s.view.now ? t("Back to the position now.") : sentence(earlierWords(s.view.label)));
  }
  if (state.tutorial) {
    // The guided game says what the last click did in its own words (Luna's reply, a skip ahead).
    // (An empty one clears the line: the click before's words are no news.)
    const said = sentences(state.tutorial.said ?? []);
    const news = said !== sentences(before?.tutorial?.said ?? []) || !before;
    return news ? (s) => sentences(s.tutorial?.said ?? []) : null;
  }
  const hint = shownHint(state);
  const fresh = hint && (hint.version !== before?.hint?.version || hint.words !== before?.hint?.words);
  if (fresh && hint.words) return (s) => shownHint(s)?.words ?? "";
  if (!before) return since(state.recent[0]?.[0] ?? state.log.at(-1)?.[0] ?? state.log_total);
  if (before.seed !== state.seed) return since(0);
  if (state.log_total > before.log_total) return since(before.log_total);
  if (state.log_total < before.log_total)
    return (s) => t("Undone: back to turn {turn}.", { turn: s.turn + 1 });
  return null;
}

/**
 * The log entries from `id` on, as the status line says them (the latest few).
 * @param {number} id @returns {Saying}
 */
const since = (id) => (state) => {
  const texts = state.log.filter(([entry]) => entry >= id).map(([, , , text]) => text);
  return sentences(
    texts.length > SAID_MAX ? [t("Earlier moves are in the move log."), ...texts.slice(-SAID_MAX)] : texts,
  );
};

/**
 * Whether the position on show moved along the history (the slider, Back to now, a review row) rather
 * than by play: a move made now keeps `view.now` true on both sides.
 * @param {State} before @param {State} state
 */
const viewMoved = (before, state) =>
  Boolean(before.view && state.view) &&
  (before.view.now === false || state.view.now === false) &&
  (before.view.turn !== state.view.turn || before.view.now !== state.view.now);

/**
 * Where a wheel tile pointed at could go in the area of the player to move, before it is chosen.
 * @param {import("./contract").PlayerState} player @param {Map<string, unknown[]>} cells its legal cells
 * @returns {string} "In Ada's area it could go on 3 lit cells; ★ marks the 2 cells where it would fulfil tasks."
 */
function couldGoWords(player, cells) {
  const n = [...cells.values()].filter((refs) => refs.length).length;
  const values = { name: named(player) };
  if (!n) {
    return agrees(player)
      ? tnc(
          "the player named You, the reader",
          "In your area it could go on {n} lit cell.",
          "In your area it could go on {n} lit cells.",
          cells.size,
        )
      : tn(
          "In {name}'s area it could go on {n} lit cell.",
          "In {name}'s area it could go on {n} lit cells.",
          cells.size,
          values,
        );
  }
  const lit = tnc("lit cells a tile could go on", "{n} lit cell", "{n} lit cells", cells.size);
  return agrees(player)
    ? tnc(
        "the player named You, the reader",
        "In your area it could go on {cells}; ★ marks the {n} cell where it would fulfil tasks.",
        "In your area it could go on {cells}; ★ marks the {n} cells where it would fulfil tasks.",
        n,
        { cells: lit },
      )
    : tn(
        "In {name}'s area it could go on {cells}; ★ marks the {n} cell where it would fulfil tasks.",
        "In {name}'s area it could go on {cells}; ★ marks the {n} cells where it would fulfil tasks.",
        n,
        { ...values, cells: lit },
      );
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

// The trait that holds the Review panel (synced apart from `state`, so that it is sent once).
const REVIEW = "review_panel";

/** @param {Model} model @returns {Review} the Review panel's data: {} while there is none */
const readReview = (model) => model.get(REVIEW) ?? {};

// Views drawn on this page so far.
let views = 0;

/**
 * anywidget's entry point: draw the widget into `el` and keep it in step with `model`.
 * @param {{model: Model, el: HTMLElement}} view
 * @returns {() => void} the clean-up, when the view goes
 */
function render({ model, el }) {
  views += 1;
  const uid = `nl-view-${views}`; // for ids, unique on the page (a widget may show twice)
  const root = document.createElement("div");
  root.className = "nl-root";
  setColours(root);
  el.appendChild(root);
  /** @type {Catalogue} */
  let catalogue = model.get("catalogue");
  setFaces(model.get("faces"));
  /** @type {number | null} */
  let chosen = null; // in a puzzle that asks for a move: the wheel space chosen, before its cell
  /** @type {State} */
  let state = drawnState(readState(model), chosen);
  // The progress file's asks saved so far: a view drawn anew does not save an earlier ask again.
  let downloaded = state.puzzle?.download?.number ?? 0;
  /** @type {string | null} the learner's name as typed in the puzzle panel, not yet saved */
  let nameDraft = null;
  let botName = state.bot;
  /** @type {"cells" | "wheel" | number | null} */
  let pendingFocus = null; // where keyboard focus goes after the next render: "cells", "wheel" or a space
  /** @type {string | null} */
  let hoverKey = null;
  /** @type {number | null} */
  let preview = null; // a takeable space pointed at before choosing: the area shows where it could go
  /** @type {Review} */
  let review = readReview(model);
  let optionsOpen = false; // the hint's other options, opened by the reader
  let holding = false; // the history slider is held by the pointer: its value is the reader's
  let showing = false; // a "show" intent awaits its answer
  /** @type {number | null} */
  let wanted = null; // the position the slider asks for, not yet sent (one "show" at a time)
  /** @type {State | null} */
  let drawn = null; // the state drawn last, to tell what is new
  /** @type {Saying | null} what the status line said last, to word again in another language */
  let lastSaying = null;
  const motion = createMotion(root);
  // A projector's size: large faces, thick marks and big words, legible from the back of a room.
  const project = () => root.classList.toggle("nl-projector", Boolean(model.get("projector")));
  project();

  /**
   * Send an intent for the state on show. Until the kernel answers (every intent gets a new state),
   * the page shows it is waiting: a bot may think for a while.
   * @param {Intent} intent
   */
  const send = (intent) => {
    root.classList.add("nl-busy");
    model.send({ ...intent, version: state.version });
  };
  /** @type {string | null} the task last asked about, with the version of the picture it was asked on */
  let askedWhy = null;
  /**
   * Ask Python why the task `task` ([player, tile, task]) is or is not fulfilled, once per picture: its
   * answer comes in `state.why`, and the next draw explains the task with it. A question changes nothing,
   * so the page does not wait for it (no busy cursor).
   * @param {number[]} task
   */
  const askWhy = (task) => {
    const key = `${state.version}:${task.join()}`;
    if (key === askedWhy || (state.why && state.why.task.join() === task.join())) return;
    askedWhy = key;
    model.send({ action: "why", task, version: state.version });
  };

  // "said": what just happened (a polite live region), where an error shows over it; "now": what to do
  // now, always on show; "explain": what the pointer or focus rests on. Each is a box of fixed height,
  // so that neither a move, an error nor hovering moves the board. The area in play comes first beside
  // the wheel: the solo score, the review and the hint, which grow, stand under it.
  root.innerHTML =
    `<div class="nl-frame"><div class="nl-top"></div>` +
    HISTORY_HTML +
    TUTORIAL_HTML +
    `<div class="nl-puzzle-box"></div>` +
    `<div class="nl-status"><div class="nl-error" role="alert" hidden><span class="nl-error-text"></span>` +
    `<button type="button" class="nl-dismiss">×</button></div>` +
    `<p class="nl-said" role="status"></p><p class="nl-now"></p></div>` +
    `<p class="nl-explain"></p>` +
    `<div class="nl-main"><div class="nl-wheel-box">` +
    `<svg class="nl-wheel" viewBox="-500 -500 1000 1000" role="group">` +
    `<g class="nl-wheel-parts"></g><g class="nl-marks" aria-hidden="true"></g></svg></div>` +
    `<div class="nl-side"><div class="nl-big"></div><div class="nl-panel-box"></div>` +
    `<div class="nl-review-box"></div><div class="nl-hint-box"></div></div></div>` +
    `<div class="nl-others"></div><div class="nl-log-box"></div></div>`;
  /** @param {string} cls @returns {HTMLElement} one of the parts just written */
  const part = (cls) => /** @type {HTMLElement} */ (root.querySelector(`.${cls}`));
  const parts = {
    top: part("nl-top"),
    history: part("nl-history"),
    slider: /** @type {HTMLInputElement} */ (part("nl-history-slider")),
    tutorial: part("nl-tutorial"),
    puzzle: part("nl-puzzle-box"),
    error: part("nl-error"),
    dismiss: part("nl-dismiss"),
    wheelSvg: /** @type {SVGSVGElement} */ (root.querySelector(".nl-wheel")),
    wheel: /** @type {SVGGElement} */ (root.querySelector(".nl-wheel-parts")),
    wheelMarks: /** @type {SVGGElement} */ (root.querySelector(".nl-wheel > .nl-marks")),
    review: part("nl-review-box"),
    hint: part("nl-hint-box"),
    panel: part("nl-panel-box"),
    said: part("nl-said"),
    now: part("nl-now"),
    explain: part("nl-explain"),
    big: part("nl-big"),
    others: part("nl-others"),
    log: part("nl-log-box"),
    // The three below live in shells that `speak` writes, before anything is drawn: the root until then.
    /** @type {Element} the headline, in the top bar's shell */
    headline: root,
    /** @type {Element} the toolbar, in the top bar's shell */
    toolbar: root,
    /** @type {Element} the log's list of entries, in its shell */
    logList: root,
  };

  /**
   * Word what follows in the state's language (the page's words are module-wide, and two widgets on a
   * page may speak two languages); when it changed, set the root's language and direction and word
   * again the parts drawn once. Every function that words something for the page calls it first.
   */
  function speak() {
    setLanguage(state.lang ?? "en");
    if (root.lang === language()) return;
    root.lang = language();
    root.dir = state.dir ?? "ltr";
    parts.dismiss.setAttribute("aria-label", t("dismiss the error"));
    // The shells of the top bar and the log, worded anew: their contents are patched by `draw`, which
    // follows (the log stays as open or closed as the reader left it).
    parts.top.innerHTML = topShell();
    [parts.headline, parts.toolbar] = parts.top.children;
    const open = /** @type {HTMLDetailsElement | null} */ (parts.log.firstElementChild)?.open ?? true;
    parts.log.innerHTML = logShell(open);
    parts.logList = /** @type {HTMLOListElement} */ (parts.log.querySelector("ol"));
    parts.wheelSvg.setAttribute("aria-label", t("moon wheel"));
    labelCoach(root);
  }

  /**
   * Replace an element's content only when its markup changed.
   * @param {Element} el @param {string} html @param {boolean} full
   */
  function patch(el, html, full) {
    if (full || el.nlHtml !== html) {
      el.innerHTML = html;
      el.nlHtml = html;
    }
  }

  /**
   * Make `el`'s children the parts in `html` (each part is one element), keeping every child whose markup
   * is still wanted, wherever it now stands: a move adds a tile and drops the lit cells, the log gains an
   * entry at the top, and only those elements are made, moved or removed. Fewer changed elements keep
   * the browser's style and layout work, and so the click, short.
   * @param {Element} el @param {string[]} html @param {boolean} full
   */
  function patchChildren(el, html, full) {
    const old = el.nlParts;
    el.nlParts = html;
    if (full || !old || el.children.length !== old.length) {
      el.innerHTML = html.join("");
      return;
    }
    /** @type {Map<string, Element[]>} the children by their markup (the same markup may stand twice) */
    const kept = new Map();
    old.forEach((markup, i) => {
      const same = kept.get(markup);
      if (same) same.push(el.children[i]);
      else kept.set(markup, [el.children[i]]);
    });
    const wanted = html.map((markup) => kept.get(markup)?.shift() ?? null);
    const missing = html.filter((_, i) => wanted[i] === null);
    if (missing.length) {
      // Parsed in one go, in `el`'s own kind of parent (an SVG group parses SVG).
      const scratch = /** @type {Element} */ (el.cloneNode(false));
      scratch.innerHTML = missing.join("");
      if (scratch.children.length !== missing.length) {
        el.innerHTML = html.join("");
        return;
      }
      const made = [...scratch.children];
      wanted.forEach((child, i) => {
        if (child === null) wanted[i] = made.shift() ?? null;
      });
    }
    for (const unwanted of kept.values()) for (const child of unwanted) child.remove();
    wanted.forEach((child, i) => {
      const here = el.children[i] ?? null;
      if (child !== here) el.insertBefore(/** @type {Element} */ (child), here);
    });
  }

  /**
   * Draw a player's card into `slot`, replacing only what changed.
   * @param {Element} slot @param {import("./area.js").Card} c @param {boolean} full
   */
  function patchCard(slot, c, full) {
    if (!slot.firstElementChild) {
      // The area's tiles and cells in one group, the coach's marks over them in another: patching
      // the one never touches the other.
      slot.innerHTML =
        `<section><header></header><svg class="nl-area" role="group">` +
        `<g class="nl-area-parts"></g><g class="nl-marks" aria-hidden="true"></g></svg></section>`;
    }
    const section = /** @type {Element} */ (slot.firstElementChild);
    setAttr(section, "class", c.className);
    setAttr(section, "aria-label", c.label);
    if (full || section.nlHeader !== c.header) {
      /** @type {Element} */ (section.firstElementChild).outerHTML = c.header;
      section.nlHeader = c.header;
    }
    const svg = /** @type {SVGSVGElement} */ (section.lastElementChild);
    setAttr(svg, "viewBox", c.viewBox);
    setAttr(svg, "aria-label", c.areaLabel);
    if (svg.style.getPropertyValue("--nl-area-max") !== c.maxWidth)
      svg.style.setProperty("--nl-area-max", c.maxWidth);
    if (svg.style.getPropertyValue("--nl-rows") !== c.rows) svg.style.setProperty("--nl-rows", c.rows);
    patchChildren(/** @type {SVGGElement} */ (svg.firstElementChild), c.parts, full);
  }

  /**
   * Draw the state; `full` redraws every part (benchmarks time this), else only what changed.
   * @param {boolean} [full]
   */
  function draw(full = false) {
    const started = performance.now();
    // Before `speak`, which words the shells anew when the language changed (the menu had the focus).
    const focusKey = keyOf(focusedIn(root));
    speak();
    root.classList.remove("nl-busy");
    root.classList.toggle("nl-read-only", browsing(state));
    // The guided game's panel says what happened and what to do: the status lines stay for screen readers.
    root.classList.toggle("nl-guided", Boolean(state.tutorial));
    root.classList.toggle("nl-puzzling", Boolean(state.puzzle));
    root.classList.toggle("nl-over", Boolean(state.over)); // the end's sentence is said whole (widget.css)
    const focus = focusPlayer(state);
    if (preview !== null && (state.selected !== null || !state.choices.includes(preview))) preview = null;
    patch(parts.headline, headline(state), full);
    patchChildren(parts.toolbar, toolbar(state, botName), full);
    updateHistory(parts.history, state, holding || wanted !== null || showing);
    updateTutorial(parts.tutorial, state);
    if (nameDraft !== null && state.puzzle?.learner === nameDraft.trim()) nameDraft = null; // saved
    patch(parts.puzzle, puzzlePanel(state, nameDraft), full);
    downloaded = saveDownload(state.puzzle, downloaded);
    // The guided game refuses a click with a friendly sentence in its own panel, not as an error.
    const error = state.tutorial && state.error === state.tutorial.refused ? null : state.error;
    parts.error.hidden = !error;
    const errorText = /** @type {HTMLElement} */ (parts.error.querySelector(".nl-error-text"));
    errorText.textContent = error ?? "";
    errorText.title = error ?? ""; // the box shows two lines of it
    // A new language words the status line's news again, in the new language, rather than leave it in the old.
    const news = state.puzzle ? puzzleSaid(drawn, state) : happened(drawn, state);
    const saying = news ?? (drawn && drawn.lang !== state.lang ? lastSaying : null);
    if (saying !== null) lastSaying = saying;
    // On the history slider the slider's own value text says where it is: the live region keeps quiet.
    if (saying !== null) setText(parts.said, focusedIn(root) === parts.slider ? "" : saying(state));
    setText(parts.now, state.puzzle ? state.puzzle.question : nowWords(state, catalogue));
    patchChildren(parts.wheel, wheelParts(state, catalogue), full);
    patch(parts.wheelMarks, wheelMarks(state), full);
    patch(parts.panel, sidePanel(state), full);
    patch(parts.review, reviewPanel(review, state, catalogue, uid), full);
    patch(parts.hint, hintPanel(state, optionsOpen), full);
    patchCard(parts.big, card(state, catalogue, focus, "big", preview), full);
    const others = state.players.flatMap((_, p) => (p === focus ? [] : [card(state, catalogue, p, "small")]));
    while (parts.others.children.length < others.length)
      parts.others.appendChild(document.createElement("div"));
    while (parts.others.children.length > others.length) parts.others.lastElementChild?.remove();
    others.forEach((c, i) => patchCard(parts.others.children[i], c, full));
    patchMarks(full);
    markPuzzle(root, state);
    patchChildren(parts.logList, logItems(state), full);
    restoreFocus(focusKey);
    const hovered = hoverKey && root.querySelector(hoverKey);
    if (hovered) highlight(hovered);
    else explain(idleWords());
    // A step along the history shows no flight, except one action forward (a replay of that turn).
    const stepped = drawn && viewMoved(drawn, state) && state.view.turn !== drawn.view.turn + 1;
    motion.show(stepped ? null : drawn, state, catalogue);
    drawn = state;
    // Read by tests and bench/widget.py: which state is drawn, how often, and how long it took.
    root.dataset.version = String(state.version);
    root.dataset.renders = String(Number(root.dataset.renders ?? 0) + 1);
    root.dataset.renderMs = (performance.now() - started).toFixed(2);
    root.nlDrawnAt = performance.now();
  }

  /**
   * The coach's marks: overlays in each area (by player) and classes on the marked elements.
   * @param {boolean} full
   */
  function patchMarks(full) {
    for (const svg of root.querySelectorAll(".nl-player > .nl-area")) {
      const p = Number(svg.querySelector("[data-player]")?.dataset.player ?? -1);
      patch(/** @type {Element} */ (svg.lastElementChild), p < 0 ? "" : areaMarks(state, p), full);
    }
    markBoard(root, state);
  }

  /** What the explanation line says while nothing explained is pointed at or focused. */
  const idleWords = () => coachExplains(state) ?? explainTip();

  /** @param {string | null} focusKey the element that had the focus (`keyOf`) */
  function restoreFocus(focusKey) {
    if (focusKey && focusedIn(root) && pendingFocus === null) return; // part kept
    let target = focusKey && root.querySelector(focusKey);
    if (pendingFocus === "cells" && state.selected !== null) {
      target = root.querySelector(".nl-current .nl-legal") ?? target;
    } else if (pendingFocus === "wheel") {
      target = root.querySelector('[data-space][tabindex="0"]') ?? target;
    } else if (typeof pendingFocus === "number") {
      target = root.querySelector(`[data-space="${pendingFocus}"]`) ?? target;
    }
    const wanted = focusKey !== null || pendingFocus !== null;
    pendingFocus = null;
    if (target) target.focus({ preventScroll: true });
    // The focused element went (a lit cell once the choice is cancelled, a button now disabled): the
    // focus stays in the widget, on the wheel's Tab stop, rather than falling to the page.
    if (wanted && !focusedIn(root)) {
      /** @type {HTMLElement | null} */ (root.querySelector('[data-space][tabindex="0"]'))?.focus({
        preventScroll: true,
      });
    }
  }

  /**
   * Write a line's text only when it changes: no needless layout, and no live region said again.
   * @param {Element} el @param {string} text
   */
  function setText(el, text) {
    if (el.textContent !== text) el.textContent = text;
  }

  /** @param {string} text */
  function explain(text) {
    setText(parts.explain, text);
  }

  /**
   * Show (or, with null, stop showing) in the big area where the tile on `space` could go.
   * @param {number | null} space
   */
  function showPreview(space) {
    if (space === preview) return;
    preview = space;
    patchCard(parts.big, card(state, catalogue, focusPlayer(state), "big", preview), false);
    markBoard(root, state);
    markPuzzle(root, state);
  }

  function clearMarks() {
    for (const cls of ["nl-chain", "nl-touch", "nl-origin", "nl-would", "nl-hover"]) {
      for (const node of root.querySelectorAll(`.${cls}`)) node.classList.remove(cls);
    }
    for (const ghost of root.querySelectorAll(".nl-ghost")) ghost.remove();
  }

  /**
   * Light up what an element explains: a task's chain, or what a placement would fulfil.
   * @param {Element} target
   */
  function highlight(target) {
    speak();
    clearMarks();
    const d = target.dataset;
    if (d.space === undefined) showPreview(null);
    if (d.task !== undefined && state.puzzle && !state.puzzle.answers) {
      // A task's chain would give a puzzle's answer away: only its name until the answer is shown.
      target.classList.add("nl-hover");
      explain(target.getAttribute("aria-label") ?? "");
    } else if (d.task !== undefined) {
      const [p, t, k] = d.task.split(",").map(Number);
      const player = state.players[p];
      const row = player.tasks.find((r) => r[0] === t && r[1] === k);
      if (!row) return;
      root.querySelector(`[data-tile="${p},${t}"]`)?.classList.add("nl-origin");
      target.classList.add("nl-hover");
      for (const [, , , chain, touching] of row[3]) {
        for (const i of chain) {
          root
            .querySelector(`[data-tile="${p},${i}"]`)
            ?.classList.add(touching.includes(i) ? "nl-touch" : "nl-chain");
        }
      }
      explain(whyWords(state, p, row));
      askWhy([p, t, k]);
    } else if (d.cell !== undefined && target.classList.contains("nl-legal")) {
      const p = Number(d.player);
      const player = state.players[p];
      const refs = legalCells(state).get(d.cell) ?? [];
      // Cells are lit only once a tile is chosen.
      const id = /** @type {string} */ (state.wheel[/** @type {number} */ (state.selected)]);
      const [cx, cy] = d.cell.split(",").map(Number);
      target.classList.add("nl-hover");
      // A faint copy of the chosen tile on the cell: how the area would look.
      target.insertAdjacentHTML("beforeend", `<g class="nl-ghost">${tileSvg(catalogue, id)}</g>`);
      const names = refs.map(([x, y, k]) => {
        if (x === cx && y === cy)
          return t("{task} on {tile} itself", {
            task: taskWords(id, k),
            tile: id,
          });
        const i = player.tiles.findIndex(([, tx, ty]) => tx === x && ty === y);
        root.querySelector(`[data-task="${p},${i},${k}"]`)?.classList.add("nl-would");
        const tile = player.tiles[i][0];
        return t("{task} on {tile}", { task: taskWords(tile, k), tile });
      });
      const values = {
        tile: id,
        cell: cellWords(cx, cy),
        tasks: clauses(names),
      };
      explain(
        names.length
          ? tn(
              "{tile} at {cell} fulfils {n} task: {tasks}.",
              "{tile} at {cell} fulfils {n} tasks: {tasks}.",
              names.length,
              values,
            )
          : t("{tile} at {cell} fulfils no task.", values),
      );
    } else if (d.space !== undefined) {
      target.classList.add("nl-hover");
      const space = Number(d.space);
      const player = state.current === null ? null : state.players[state.current];
      const canPreview =
        player &&
        !state.puzzle &&
        !player.bot &&
        !browsing(state) &&
        state.selected === null &&
        state.choices.includes(space);
      showPreview(canPreview ? space : null);
      const words = target.getAttribute("aria-label") ?? "";
      explain(
        canPreview && player
          ? sentences([sentence(words), couldGoWords(player, legalCells(state, space))])
          : words,
      );
    }
  }

  /**
   * A click in a puzzle: its buttons act, Refill and a button of words or numbers pick, and a click on the
   * board picks what the puzzle takes (a move: its tile, then its cell).
   * @param {import("./contract").PuzzleView} puzzle @param {DOMStringMap} d @param {boolean} byKeyboard
   */
  function activatePuzzle(puzzle, d, byKeyboard) {
    const refill = d.action === "refill" && puzzle.choices.some((c) => c.answer === "refill");
    if (d.action === "pick" || refill) {
      send(pickIntent(puzzle, refill ? "refill" : JSON.parse(d.answer ?? "null")));
      return;
    }
    if (d.action !== undefined) {
      send(
        /** @type {Intent} a button's data-action is an action with no field */ ({
          action: d.action,
        }),
      );
      return;
    }
    const pick = picked(puzzle, state, d, chosen);
    if (pick && "choose" in pick) {
      chosen = chosen === pick.choose ? null : pick.choose;
      state = drawnState(readState(model), chosen);
      if (byKeyboard && chosen !== null) pendingFocus = "cells";
      draw();
    } else if (pick) {
      chosen = null;
      send(pickIntent(puzzle, pick.answer));
    }
  }

  /** @param {Element} target @param {boolean} byKeyboard */
  function activate(target, byKeyboard) {
    speak();
    const d = target.dataset;
    if (state.puzzle) {
      activatePuzzle(state.puzzle, d, byKeyboard);
    } else if (d.action !== undefined) {
      if (d.action === "bot")
        send({
          action: "bot",
          bot: botName,
          player: state.current ?? undefined,
        });
      else if (d.action === "now") send({ action: "show", turn: null });
      else
        send(
          /** @type {Intent} a button's data-action is an action with no field */ ({
            action: d.action,
          }),
        );
      if (byKeyboard) pendingFocus = null;
    } else if (d.reviewRow !== undefined) {
      const row = Number(d.reviewRow);
      send({ action: "open", row: openRow() === row ? null : row });
    } else if (browsing(state) && (d.space !== undefined || d.cell !== undefined)) {
      // An earlier position is a picture: Python would refuse the click, the page says why at once.
      explain(browsingWords());
    } else if (d.space !== undefined) {
      const space = Number(d.space);
      send({
        action: "select",
        space: state.selected === space ? null : space,
      });
      if (byKeyboard) pendingFocus = "cells";
    } else if (d.cell !== undefined) {
      if (state.selected === null) {
        // Once the game is over no tile can be chosen: the "now" line says how it ended. The guided game
        // says what its step waits for, in its own words.
        const guided = state.tutorial && (state.tutorial.done ? guideOverWords() : state.tutorial.prompt);
        explain(guided || (state.over ? state.over.text : chooseFirstWords(state.choices.length)));
        return;
      }
      const [x, y] = d.cell.split(",").map(Number);
      send({
        action: "take",
        space: state.selected,
        cell: [x, y],
        player: Number(d.player),
      });
      if (byKeyboard) pendingFocus = "wheel";
    }
  }

  const openRow = () => state.view?.compare?.row ?? null;

  /** @param {Event} event */
  const actionable = (event) =>
    /** @type {Element} */ (event.target).closest(
      "[data-action], [data-review-row], [data-space], [data-cell], [data-task], [data-seat]",
    );

  /** @param {MouseEvent} event */
  function onClick(event) {
    if (/** @type {Element} */ (event.target).closest(".nl-dismiss")) {
      parts.error.hidden = true;
      return;
    }
    const target = actionable(event);
    if (target && !("disabled" in target && target.disabled)) activate(target, false);
  }

  /**
   * Move the focus within a group by an arrow key: round the wheel in its order (the rim has no end),
   * in an area to the nearest cell or task that way, and nowhere at the area's edge.
   * @param {Element} target @param {string} key
   */
  function move(target, key) {
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

  /** @param {KeyboardEvent} event */
  function onKey(event) {
    const target = /** @type {Element} */ (origin(event));
    if (event.key === "Escape" && state.puzzle && chosen !== null) {
      chosen = null; // the tile chosen for a puzzle's move is the page's own
      state = drawnState(readState(model), chosen);
      draw();
      event.preventDefault();
    } else if (event.key === "Escape" && state.selected !== null && !state.puzzle) {
      send({ action: "select", space: null });
      // The lit cell that had the focus goes with the choice: the focus goes back to the tile.
      pendingFocus = state.selected;
      event.preventDefault();
    } else if (
      (event.key === "Enter" || event.key === " ") &&
      target.dataset &&
      target.tagName !== "BUTTON"
    ) {
      const hit = target.closest(
        state.puzzle ? "[data-space], [data-cell], [data-task], [data-seat]" : "[data-space], [data-cell]",
      );
      if (hit) {
        activate(hit, true);
        event.preventDefault();
      }
    } else if (target.dataset?.roving && ARROWS[event.key]) {
      move(target, event.key);
      event.preventDefault();
    }
  }

  /** @param {Event} event */
  function onOver(event) {
    const target = /** @type {Element} */ (event.target).closest(EXPLAINS);
    if (!target) {
      onLeave();
      return;
    }
    const key = keyOf(target);
    if (key === hoverKey) return;
    hoverKey = key;
    highlight(target);
  }

  /** @param {FocusEvent} event */
  function onFocusOut(event) {
    if (!root.contains(/** @type {Node | null} */ (event.relatedTarget))) onLeave();
  }

  /** The pointer left (or focus left the widget): explain what keeps focus, else show the hint. */
  function onLeave() {
    speak();
    const focused = focusedIn(root)?.closest(EXPLAINS) ?? null;
    hoverKey = focused ? keyOf(focused) : null;
    if (focused) highlight(focused);
    else {
      clearMarks();
      showPreview(null);
      explain(idleWords());
    }
  }

  /**
   * Keys pressed in the widget are the widget's alone: Jupyter's command-mode shortcuts (m, d d, x, a,
   * b, v, 0 0 …) would otherwise act on the notebook cell around it. Jupyter (Lumino) hears keys on
   * the document, in Notebook 7 on their way down to the widget, so only a listener on the window
   * hears them first: it handles the widget's keys and stops them there. Running the cell still works.
   * Whether a key is the widget's is read from the event's path, which a shadow root (marimo's) keeps.
   * @param {KeyboardEvent} event
   */
  function onWindowKey(event) {
    if (!inside(root, event) || passesToNotebook(event)) return;
    if (event.type === "keydown") onKey(event);
    event.stopPropagation();
  }

  /**
   * The puzzle panel's name form (Save, or Enter in the field): Python keeps the name in the progress file,
   * or refuses it in words.
   * @param {Event} event
   */
  function onSubmit(event) {
    const form = /** @type {HTMLFormElement} */ (event.target);
    if (!form.classList?.contains("nl-puzzle-learner")) return;
    event.preventDefault();
    const field = /** @type {HTMLInputElement} */ (form.querySelector(".nl-puzzle-name"));
    nameDraft = field.value;
    send({ action: "learner", name: field.value });
  }

  /** @param {Event} event */
  function onChange(event) {
    const menu = /** @type {HTMLSelectElement} */ (event.target);
    if (menu.classList.contains("nl-bot-pick")) botName = menu.value;
    // Python words everything again in the language chosen, and the page follows the state's `lang`.
    if (menu.classList.contains("nl-lang-pick")) send({ action: "language", lang: menu.value });
  }

  /**
   * The history slider moved (pointer or keys): ask for that position. One "show" is on its way at a
   * time; while it is, the latest wish waits, so a fast drag never queues stale requests.
   */
  /** @param {Event} event */
  function onInput(event) {
    const target = /** @type {HTMLInputElement} */ (event.target);
    if (target.classList?.contains("nl-puzzle-name")) {
      nameDraft = target.value; // kept across a redraw of the panel until it is saved
      return;
    }
    if (event.target !== parts.slider) return;
    wanted = Number(parts.slider.value);
    if (!showing) askShow();
  }

  function askShow() {
    const view = state.view;
    const turn = wanted;
    wanted = null;
    if (!view || turn === null || (turn === view.turn && (view.now || turn < view.turns))) return;
    showing = true;
    send({ action: "show", turn: turn >= view.turns ? null : turn });
  }

  const hold = () => {
    holding = true;
  };
  const release = () => {
    holding = false;
  };

  /** @param {Event} event */
  function onToggle(event) {
    const details = /** @type {HTMLDetailsElement} */ (event.target);
    if (details.classList?.contains("nl-alternatives")) optionsOpen = details.open;
  }

  const onState = () => {
    const next = readState(model);
    // A move's tile chosen in a puzzle holds until the puzzle changes or is answered.
    if (next.puzzle?.id !== state.puzzle?.id || next.puzzle?.answers || next.puzzle?.picks.length)
      chosen = null;
    state = drawnState(next, chosen);
    showing = false;
    if (wanted !== null) askShow(); // the slider moved on while the last position was on its way
    draw();
  };
  /** The review trait: progress while Python works, then the rows; only its panel is redrawn. */
  const onReview = () => {
    speak();
    const before = review;
    review = readReview(model);
    const focusKey = keyOf(focusedIn(root));
    patch(parts.review, reviewPanel(review, state, catalogue, uid), false);
    restoreFocus(focusKey);
    if (review.status === "ready" && before.status !== "ready") {
      const rows = review.rows?.length ?? 0;
      const ready = tn(
        "The review is ready: {n} action, the largest loss first.",
        "The review is ready: {n} actions, the largest loss first.",
        rows,
      );
      setText(parts.said, ready);
    }
  };
  const onCatalogue = () => {
    catalogue = model.get("catalogue");
    draw();
  };
  /** The pieces Python drew, in a language the widget now speaks (the state that follows draws them). */
  const onFaces = () => setFaces(model.get("faces"));

  root.addEventListener("click", onClick);
  root.addEventListener("submit", onSubmit);
  window.addEventListener("keydown", onWindowKey, true);
  window.addEventListener("keyup", onWindowKey, true);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("focusin", onOver);
  root.addEventListener("mouseleave", onLeave);
  root.addEventListener("focusout", onFocusOut);
  root.addEventListener("change", onChange);
  root.addEventListener("toggle", onToggle, true);
  root.addEventListener("input", onInput);
  parts.slider.addEventListener("pointerdown", hold);
  parts.slider.addEventListener("change", release);
  // The pointer may leave the slider before it lets go.
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
  model.on("change:state", onState);
  model.on(`change:${REVIEW}`, onReview);
  model.on("change:catalogue", onCatalogue);
  model.on("change:faces", onFaces);
  model.on("change:projector", project);
  const unfit = fitBoard(root, part("nl-wheel-box"), part("nl-big"));
  // For benchmarks and scripts: redraw everything on demand (root.dataset.renderMs says how long).
  root.novaluna = { draw: () => draw(true) };
  draw();
  return () => {
    window.removeEventListener("keydown", onWindowKey, true);
    window.removeEventListener("keyup", onWindowKey, true);
    window.removeEventListener("pointerup", release, true);
    window.removeEventListener("pointercancel", release, true);
    model.off("change:state", onState);
    model.off("change:catalogue", onCatalogue);
    model.off("change:faces", onFaces);
    model.off(`change:${REVIEW}`, onReview);
    model.off("change:projector", project);
    unfit();
    root.remove();
  };
}

export default { render };
