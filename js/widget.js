// NovaLunaWidget's view. It draws `state` (built by Python) and sends intents; Python judges every
// rule and answers with a new state. Hover and focus feedback reads what the state already holds.

import "./widget.css";
import { card, focusPlayer } from "./area.js";
import { readState } from "./bridge.js";
import {
  areaMarks,
  hintPanel,
  labelCoach,
  markBoard,
  reviewPanel,
  updateHistory,
  wheelMarks,
} from "./coach.js";
import { setColours, setFaces } from "./drawing.js";
import { fitBoard } from "./fit.js";
import { frame } from "./frame.js";
import { focusedIn, inside, origin } from "./host.js";
import { language, setLanguage, t, tn } from "./i18n.js";
import { createModes } from "./modes/index.js";
import { createMotion } from "./motion.js";
import { viewMoved } from "./news.js";
import { headline, logItems, logShell, sidePanel, topShell } from "./panels.js";
import { patch, patchCard, patchChildren, setText } from "./patch.js";
import { createPointing, keyOf } from "./pointing.js";
import { isArrow, moveFocus } from "./roving.js";
import { createSlider } from "./slider.js";
import { wheelParts } from "./wheel.js";

/** @typedef {import("./contract").State} State */
/** @typedef {import("./contract").Catalogue} Catalogue */
/** @typedef {import("./contract").Unsent<import("./contract").Intent>} Intent an intent as the view writes it */
/** @typedef {import("./news.js").Saying} Saying */
/** @typedef {import("./modes/index.js").Focus} Focus */
/** @typedef {import("./contract").Model} Model */
/** @typedef {import("./contract").ReviewPanel} Review */

// The root's classes a mode may put on (widget.css): its modes say which they put (js/modes/).
const MODE_CLASSES = ["nl-read-only", "nl-guided", "nl-puzzling"];

/**
 * Whether a key runs the notebook cell (Shift, Ctrl, Cmd or Alt with Enter) or saves the notebook:
 * those still reach Jupyter. Every other key pressed in the widget is the widget's alone.
 * @param {KeyboardEvent} event
 */
const passesToNotebook = (event) =>
  (event.key === "Enter" && (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey)) ||
  ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s");

// The trait that holds the Review panel (synced apart from `state`, so that it is sent once).
const REVIEW = "review_panel";

// The review's Cancel (`keyOf` its button), and where its focus goes once the work stopped.
const CANCEL = '[data-action="cancel_review"]';
const REVIEW_BUTTON = '[data-action="review"]';
const REVIEW_ROWS = '.nl-review-row[tabindex="0"]';

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
  /** @type {State} */
  let state = readState(model);
  let botName = state.bot;
  /** @type {Focus} */
  let pendingFocus = null; // where keyboard focus goes after the next render: "cells", "wheel" or a space
  /** @type {Review} */
  let review = readReview(model);
  let optionsOpen = false; // the hint's other options, opened by the reader
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
  const parts = frame(root);
  // The modes of the page (js/modes/): the state names the one it is drawn and wired in.
  const modes = createModes({
    root,
    state: () => state,
    send,
    explain,
    focusAfter: (focus) => {
      pendingFocus = focus;
    },
    redraw: () => {
      state = mode.drawn(readState(model));
      draw();
    },
    botName: () => botName,
    patch,
    parts,
  });
  let mode = modes[state.mode];
  const slider = createSlider(parts.slider, () => state, send);
  const pointing = createPointing({
    root,
    state: () => state,
    catalogue: () => catalogue,
    mode: () => mode,
    speak,
    explain,
    drawBig: (preview) => {
      patchCard(parts.big, card(state, catalogue, focusPlayer(state), "big", preview), false);
      markBoard(root, state);
      mode.mark();
    },
    // A question changes nothing, so the page does not wait for its answer (no busy cursor).
    ask: (task) => model.send({ action: "why", task, version: state.version }),
  });

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
   * Draw the state; `full` redraws every part (benchmarks time this), else only what changed.
   * @param {boolean} [full]
   */
  function draw(full = false) {
    const started = performance.now();
    // Before `speak`, which words the shells anew when the language changed (the menu had the focus).
    const focusKey = keyOf(focusedIn(root));
    speak();
    root.classList.remove("nl-busy");
    for (const cls of MODE_CLASSES) root.classList.toggle(cls, mode.classes.includes(cls));
    root.classList.toggle("nl-over", Boolean(state.over)); // the end's sentence is said whole (widget.css)
    const focus = focusPlayer(state);
    pointing.settle();
    patch(parts.headline, headline(state), full);
    patchChildren(parts.toolbar, mode.toolbar(state, botName), full);
    updateHistory(parts.history, state, slider.busy(), mode.historyBar);
    mode.panel(full);
    const error = mode.error(state);
    parts.error.hidden = !error;
    const errorText = /** @type {HTMLElement} */ (parts.error.querySelector(".nl-error-text"));
    errorText.textContent = error ?? "";
    errorText.title = error ?? ""; // the box shows two lines of it
    // A new language words the status line's news again, in the new language, rather than leave it in the old.
    const news = mode.said(drawn, state);
    const saying = news ?? (drawn && drawn.lang !== state.lang ? lastSaying : null);
    if (saying !== null) lastSaying = saying;
    // On the history slider the slider's own value text says where it is: the live region keeps quiet.
    if (saying !== null) setText(parts.said, focusedIn(root) === parts.slider ? "" : saying(state));
    setText(parts.now, mode.now(state, catalogue));
    patchChildren(parts.wheel, wheelParts(state, catalogue), full);
    patch(parts.wheelMarks, wheelMarks(state), full);
    patch(parts.panel, sidePanel(state), full);
    patch(parts.review, reviewList(), full);
    patch(parts.hint, hintPanel(state, optionsOpen), full);
    patchCard(parts.big, card(state, catalogue, focus, "big", pointing.preview()), full);
    const others = state.players.flatMap((_, p) => (p === focus ? [] : [card(state, catalogue, p, "small")]));
    while (parts.others.children.length < others.length)
      parts.others.appendChild(document.createElement("div"));
    while (parts.others.children.length > others.length) parts.others.lastElementChild?.remove();
    others.forEach((c, i) => patchCard(parts.others.children[i], c, full));
    patchMarks(full);
    mode.mark();
    patchChildren(parts.logList, logItems(state), full);
    restoreFocus(focusKey);
    pointing.again();
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

  /** The Review list, where the mode shows it (it is the game's). */
  const reviewList = () => (mode.reviewList ? reviewPanel(review, state, catalogue, uid) : "");

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

  /** @param {string} text */
  function explain(text) {
    setText(parts.explain, text);
  }

  /** @param {Element} target @param {boolean} byKeyboard */
  function activate(target, byKeyboard) {
    speak();
    mode.activate(target, byKeyboard);
  }

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

  /** @param {KeyboardEvent} event */
  function onKey(event) {
    const target = /** @type {Element} */ (origin(event));
    if (event.key === "Escape") {
      if (mode.escape(event)) event.preventDefault();
    } else if (
      (event.key === "Enter" || event.key === " ") &&
      target.dataset &&
      target.tagName !== "BUTTON"
    ) {
      const hit = target.closest(mode.pressable);
      if (hit) {
        activate(hit, true);
        event.preventDefault();
      }
    } else if (target.dataset?.roving && isArrow(event.key)) {
      moveFocus(root, target, event.key);
      event.preventDefault();
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

  /** A form of a mode's panel (the puzzles' name form) was sent. @param {Event} event */
  const onSubmit = (event) => mode.form(event);

  /** @param {Event} event */
  function onChange(event) {
    const menu = /** @type {HTMLSelectElement} */ (event.target);
    if (menu.classList.contains("nl-bot-pick")) botName = menu.value;
    // Python words everything again in the language chosen, and the page follows the state's `lang`.
    if (menu.classList.contains("nl-lang-pick")) send({ action: "language", lang: menu.value });
  }

  /** Typing in a mode's form, or the history slider moved (pointer or keys). @param {Event} event */
  function onInput(event) {
    if (!mode.form(event) && event.target === parts.slider) slider.moved();
  }

  /** @param {Event} event */
  function onToggle(event) {
    const details = /** @type {HTMLDetailsElement} */ (event.target);
    if (details.classList?.contains("nl-alternatives")) optionsOpen = details.open;
  }

  const onState = () => {
    const next = readState(model);
    const was = mode;
    mode = modes[next.mode];
    if (mode !== was) was.leave();
    state = mode.receive(next, state);
    slider.answered(); // the slider moved on while the last position was on its way
    draw();
  };
  /** The review trait: progress while Python works, then the rows; only its panel is redrawn. */
  const onReview = () => {
    speak();
    const before = review;
    review = readReview(model);
    const focusKey = keyOf(focusedIn(root));
    patch(parts.review, reviewList(), false);
    // Cancel goes with the work: its focus goes to the finished review's rows, else to Review, which
    // starts the review afresh.
    const cancelled = focusKey === CANCEL && review.status !== "working";
    restoreFocus(cancelled ? (review.status === "ready" ? REVIEW_ROWS : REVIEW_BUTTON) : focusKey);
    if (before.status === "working" && !review.status) {
      setText(parts.said, t("Review cancelled."));
    } else if (review.status === "ready" && before.status !== "ready") {
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
  root.addEventListener("mouseover", pointing.onOver);
  root.addEventListener("focusin", pointing.onOver);
  root.addEventListener("mouseleave", pointing.onLeave);
  root.addEventListener("focusout", pointing.onFocusOut);
  root.addEventListener("change", onChange);
  root.addEventListener("toggle", onToggle, true);
  root.addEventListener("input", onInput);
  model.on("change:state", onState);
  model.on(`change:${REVIEW}`, onReview);
  model.on("change:catalogue", onCatalogue);
  model.on("change:faces", onFaces);
  model.on("change:projector", project);
  const unfit = fitBoard(root, parts.wheelBox, parts.big);
  // For benchmarks and scripts: redraw everything on demand (root.dataset.renderMs says how long).
  root.novaluna = { draw: () => draw(true) };
  draw();
  return () => {
    window.removeEventListener("keydown", onWindowKey, true);
    window.removeEventListener("keyup", onWindowKey, true);
    slider.stop();
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
