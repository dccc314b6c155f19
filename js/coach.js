// The coach on the page: the hint's marks and its other options, the history bar (slider and "Back to
// now"), the Review panel with the played and the suggested areas side by side, and the guided game's
// panel and highlights. Python decides every one of them (state.hint, state.view, state.tutorial and
// the `review` trait); these functions only draw what it sent. Marks are classes put on the board's own
// elements (nl-hint, nl-played, nl-suggested, nl-guide) plus labelled outlines in overlay groups that
// the board's patches never touch, so a mark costs no redraw of the wheel or an area.

import * as spec from "./drawing.js";
import { faces } from "./drawing.js";
import { card } from "./area.js";
import { active } from "./host.js";
import { t, tc, tn } from "./i18n.js";
import { esc } from "./tiles.js";
import {
  agrees,
  behindWords,
  guideOverWords,
  historyWords,
  lossMeaning,
  named,
  optionWords,
  reviewProgressWords,
  sentence,
  sentences,
} from "./words.js";

/** @typedef {import("./contract").State} State */
/** @typedef {import("./contract").Catalogue} Catalogue */
/** @typedef {import("./contract").HintShown} Hint */
/** @typedef {import("./contract").CoachOption} CoachOption */
/** @typedef {import("./contract").ReviewPanel} Review */
/** @typedef {import("./contract").ReviewRow} ReviewRow */
/** @typedef {import("./contract").Tutorial} Tutorial */

/** The classes a coach mark puts on the board's elements. */
const MARK_CLASSES = ["nl-hint", "nl-played", "nl-suggested", "nl-guide", "nl-click"];

/**
 * The words on an overlay's label, per mark. The guided game lights what its text points at (no label)
 * and labels only the one thing to click.
 * @type {Record<string, () => string>}
 */
const TAGS = {
  hint: () => tc("a label beside what the coach's hint suggests", "★ hint"),
  played: () => tc("a label beside the action played, in a review", "played"),
  suggested: () => tc("a label beside the coach's suggestion, in a review", "★ suggested"),
  click: () => tc("a label beside what the guided game asks to click", "click here"),
};

/** @param {string} text @returns {number} how many of its characters are wide (CJK: a whole em, not 0.6) */
const wide = (text) => text.match(/[\u3000-\u9fff\uff00-\uffef]/g)?.length ?? 0;

/** @param {State} state @returns {Hint | null} the hint, if it was made for the position on show */
export function shownHint(state) {
  const hint = state.hint ?? null;
  return hint && (hint.version == null || hint.version === state.version) ? hint : null;
}

/**
 * @typedef {object} Target one mark: its kind and what it marks (one of the optional fields)
 * @property {"hint" | "played" | "suggested" | "guide" | "click"} kind
 * @property {number} [space] a wheel space
 * @property {number} [player] the area of `cell` or `task`
 * @property {number[]} [cell] [x, y]
 * @property {[number, number, number]} [task] the cell of its tile and its index on the tile
 * @property {number} [track] a moon-track space
 * @property {string} [button] a button's data-action
 */

/**
 * Every mark of the state: the hint's, the open review row's played and suggested actions, and the
 * guided game's highlight.
 * @param {State} state @returns {Target[]}
 */
function targets(state) {
  /** @type {Target[]} */
  const found = [];
  /** @param {Target["kind"]} kind @param {CoachOption | null | undefined} option @param {number} player */
  const option = (kind, option, player) => {
    if (!option) return;
    const action = option.action?.[0];
    if (action === "refill" || action === "end_phase_one") found.push({ kind, button: action });
    if (option.space != null) found.push({ kind, space: option.space });
    if (option.cell) found.push({ kind, player, cell: option.cell });
  };
  const hint = shownHint(state);
  if (hint) option("hint", hint, hint.player);
  const compare = state.view?.compare;
  if (compare) {
    option("played", compare.played, compare.player);
    option("suggested", compare.suggested, compare.player);
  }
  const step = state.mode === "guided" ? state.tutorial : null;
  const lit = step?.highlight;
  if (lit) {
    for (const space of lit.spaces ?? []) found.push({ kind: "guide", space });
    for (const cell of lit.cells ?? []) found.push({ kind: "guide", player: lit.area, cell });
    for (const task of lit.tasks ?? []) found.push({ kind: "guide", player: lit.area, task });
    for (const track of lit.track ?? []) found.push({ kind: "guide", track });
    if (lit.button) found.push({ kind: "guide", button: lit.button });
  }
  // The one click the step waits for, told apart from the rest of what the text points at.
  const expects = step?.expects;
  if (expects?.action === "select") found.push({ kind: "click", space: expects.space });
  else if (expects?.action === "take")
    found.push({ kind: "click", player: expects.player ?? undefined, cell: expects.cell });
  else if (expects) found.push({ kind: "click", button: expects.action });
  return found;
}

/**
 * The board's element a mark goes on, or null if the board does not show it.
 * @param {HTMLElement} root @param {State} state @param {Target} target @returns {Element | null}
 */
function element(root, state, target) {
  if (target.space !== undefined) return root.querySelector(`.nl-wheel [data-space="${target.space}"]`);
  if (target.cell) {
    const [x, y] = target.cell;
    return root.querySelector(`.nl-player [data-player="${target.player}"][data-cell="${x},${y}"]`);
  }
  if (target.task) {
    const [x, y, k] = target.task;
    const tiles = (target.player === undefined ? null : state.players[target.player])?.tiles ?? [];
    const t = tiles.findIndex(([, tx, ty]) => tx === x && ty === y);
    return t < 0 ? null : root.querySelector(`[data-task="${target.player},${t},${k}"]`);
  }
  if (target.track !== undefined)
    return root.querySelectorAll(".nl-wheel .nl-track-space")[target.track] ?? null;
  if (target.button) return root.querySelector(`[data-action="${target.button}"]`);
  return null;
}

/**
 * Put the coach's mark classes on the board's elements (and take them off those no longer marked).
 * Run after every patch: a redrawn part comes without them. A few lookups, no redraw.
 * @param {HTMLElement} root @param {State} state
 */
export function markBoard(root, state) {
  const wanted = new Map();
  for (const target of targets(state)) {
    const el = element(root, state, target);
    if (!el) continue;
    if (!wanted.has(el)) wanted.set(el, new Set());
    wanted.get(el).add(`nl-${target.kind}`);
  }
  for (const cls of MARK_CLASSES) {
    for (const el of root.querySelectorAll(`.${cls}`))
      if (!wanted.get(el)?.has(cls)) el.classList.remove(cls);
  }
  for (const [el, classes] of wanted) for (const cls of classes) el.classList.add(cls);
}

// Overlay labels: a pill with the mark's words, light on night blue with the mark's colour round it,
// readable on the night-sky wheel and on light or dark areas alike. Sizes in the drawing's units.
const TAG = { wheel: 17, area: 14 };

/** @param {string[]} kinds @param {number} x @param {number} y @param {number} font @returns {string} */
function tag(kinds, x, y, font) {
  const text = kinds.map((kind) => TAGS[kind]()).join(" · ");
  const width = Math.round(text.length * font * 0.6 + font + wide(text) * font * 0.4);
  const height = Math.round(font * 1.55);
  return (
    `<g class="nl-tag nl-mark-${kinds[0]}" transform="translate(${x} ${y})">` +
    `<rect x="${-width / 2}" y="${-height / 2}" width="${width}" height="${height}" rx="${height / 2}"/>` +
    `<text y="${Math.round(font * 0.35)}" style="font-size:${font}px">${esc(text)}</text></g>`
  );
}

/**
 * A dashed outline of `half` round (x, y), drawn twice (a dark band under the mark's colour), so it
 * shows on any background; each kind has its own dash, not only its own colour.
 * @param {string} kind @param {number} x @param {number} y @param {number} half @param {number} corner
 * @returns {string}
 */
function outline(kind, x, y, half, corner) {
  const box = `x="${x - half}" y="${y - half}" width="${2 * half}" height="${2 * half}" rx="${corner}"`;
  return `<g class="nl-outline nl-mark-${kind}"><rect class="nl-under" ${box}/><rect class="nl-over" ${box}/></g>`;
}

/** @param {Target[]} list @param {(t: Target) => string | null} key @returns {Map<string, string[]>} */
function byPlace(list, key) {
  const places = new Map();
  for (const t of list) {
    const k = t.kind === "guide" ? null : key(t);
    if (k === null) continue;
    if (!places.has(k)) places.set(k, []);
    if (!places.get(k).includes(t.kind)) places.get(k).push(t.kind);
  }
  return places;
}

const WHEEL = spec.wheel;

/**
 * The wheel's overlay: a labelled outline round each wheel space the hint or the open review row
 * marks. The label sits just outside the tile, away from the centre.
 * @param {State} state @returns {string}
 */
export function wheelMarks(state) {
  const places = byPlace(targets(state), (t) => (t.space === undefined ? null : String(t.space)));
  let svg = "";
  for (const [space, kinds] of places) {
    const [x, y] = faces().spaces[Number(space)];
    const out = (WHEEL.space + WHEEL.halo + 14) / WHEEL.space; // the label, outward along the same ray
    const [tx, ty] = [x * out, y * out];
    kinds.forEach((kind, i) => {
      svg += outline(kind, x, y, WHEEL.halo + 8 + 9 * i, WHEEL.halo_corner + 4);
    });
    svg += tag(kinds, Math.round(tx), Math.round(ty), TAG.wheel);
  }
  // The guided game's moon-track spaces: a ring over the markers that may stand on them.
  for (const t of targets(state)) {
    if (t.track === undefined) continue;
    const [x, y] = faces().markers[t.track][0];
    svg += `<circle class="nl-guide-ring" cx="${x}" cy="${y}" r="${spec.track.marker + 7}"/>`;
  }
  return svg;
}

const CELL = spec.tile.size;

/**
 * Player `p`'s area's overlay: a labelled outline round each cell the hint or the open review row marks.
 * @param {State} state @param {number} p @returns {string}
 */
export function areaMarks(state, p) {
  const places = byPlace(targets(state), (t) => (t.cell && t.player === p ? t.cell.join(",") : null));
  let svg = "";
  for (const [cell, kinds] of places) {
    const [x, y] = cell.split(",").map((n) => Number(n) * CELL);
    kinds.forEach((kind, i) => {
      svg += outline(kind, x, y, spec.tile.face / 2 - 4 - 8 * i, spec.tile.corner);
    });
    svg += tag(kinds, x, y - CELL / 2 + TAG.area + 4, TAG.area);
  }
  return svg;
}

// -- the history bar -----------------------------------------------------------------------------

/** The history bar, drawn once: its slider is never replaced (it may be held by the pointer). Its words
 * are put in by `labelCoach`. */
export const HISTORY_HTML =
  `<div class="nl-history" role="group" hidden>` +
  `<input type="range" class="nl-history-slider" data-role="history" min="0" max="0" value="0" step="1">` +
  `<span class="nl-history-label"></span>` +
  `<button type="button" class="nl-button nl-back-now" data-action="now" hidden></button></div>`;

/**
 * Bring the history bar in step with `state.view`, changing attributes in place. While the slider is
 * held (`keepValue`), its value stays where the pointer put it. The mode on show says whether the bar
 * shows (`show`: the guided game and a puzzle's position have none).
 * @param {HTMLElement} bar @param {State} state @param {boolean} keepValue @param {boolean} show
 */
export function updateHistory(bar, state, keepValue, show) {
  const view = state.view;
  if (bar.hidden === show) bar.hidden = !show;
  if (!show) return;
  const slider = /** @type {HTMLInputElement} */ (bar.querySelector("[data-role=history]"));
  const words = historyWords(view);
  const max = String(view.turns);
  if (slider.max !== max) slider.max = max;
  if (!keepValue && slider.value !== String(view.turn)) slider.value = String(view.turn);
  slider.disabled = view.turns === 0;
  setAttr(slider, "aria-label", words.slider);
  setAttr(slider, "aria-valuetext", view.label);
  const label = /** @type {HTMLElement} */ (bar.querySelector(".nl-history-label"));
  if (label.textContent !== words.banner) label.textContent = words.banner;
  setAttr(label, "title", view.label);
  bar.classList.toggle("nl-browsing", !view.now);
  const now = /** @type {HTMLButtonElement} */ (bar.querySelector("[data-action=now]"));
  if (now.hidden !== view.now) {
    // Focus on the button that goes moves to the slider, not out of the widget.
    if (view.now && active(now) === now) slider.focus({ preventScroll: true });
    now.hidden = view.now;
  }
}

/**
 * Set an attribute only when its value changes: setting an area's viewBox, even to the same value, makes
 * the browser lay out its whole drawing again (about 1.5 ms an area).
 * @param {Element} el @param {string} name @param {string} value
 */
export function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

// -- the guided game -----------------------------------------------------------------------------

/** The guided game's panel, drawn once and filled in place (its status line is a live region). It takes
 * the focus when its Next button goes, so the focus never leaves the widget; it is a Tab stop too, as a
 * long step scrolls within it (widget.css keeps its height). Its words are put in by `labelCoach`. */
export const TUTORIAL_HTML =
  `<section class="nl-tutorial" tabindex="0" hidden>` +
  `<div class="nl-tutorial-head"><span class="nl-tutorial-progress"></span>` +
  `<progress class="nl-tutorial-bar" max="1" value="0"></progress>` +
  `<button type="button" class="nl-button nl-next-step" data-action="next" hidden></button></div>` +
  `<p class="nl-tutorial-said"></p>` +
  `<h3 class="nl-tutorial-title"></h3><p class="nl-tutorial-text"></p>` +
  `<div class="nl-tutorial-foot"><p class="nl-tutorial-prompt"></p>` +
  `<p class="nl-tutorial-refused" role="status"></p></div></section>`;

/**
 * Put the words of the history bar and the guided game's panel (drawn once) in the page's language: when
 * the view is drawn first, and again when its language changes.
 * @param {HTMLElement} root
 */
export function labelCoach(root) {
  /** @param {string} selector @returns {Element} a part the view has drawn (HISTORY_HTML, TUTORIAL_HTML) */
  const drawn = (selector) => /** @type {Element} */ (root.querySelector(selector));
  drawn(".nl-history").setAttribute("aria-label", t("history"));
  drawn(".nl-back-now").textContent = t("Back to now");
  drawn(".nl-tutorial").setAttribute("aria-label", t("guided game"));
  drawn(".nl-next-step").textContent = t("Next");
}

/**
 * Fill the guided game's panel from its step (or hide it: null).
 * @param {HTMLElement} panel @param {Tutorial | null} step
 */
export function updateTutorial(panel, step) {
  if (panel.hidden === Boolean(step)) panel.hidden = !step;
  if (!step) return;
  setAttr(panel, "data-tutorial-step", String(step.number));
  /** @param {string} cls @param {string | null} value */
  const text = (cls, value) => {
    const el = /** @type {Element} */ (panel.querySelector(`.${cls}`));
    const words = value ?? "";
    if (el.textContent !== words) el.textContent = words;
  };
  text("nl-tutorial-progress", step.progress);
  const bar = /** @type {HTMLProgressElement} */ (panel.querySelector("progress"));
  bar.max = step.total;
  bar.value = step.done ? step.total : step.number;
  setAttr(bar, "aria-label", t("guided game: {progress}", { progress: step.progress }));
  text("nl-tutorial-said", sentences(step.said ?? []));
  text("nl-tutorial-title", step.title);
  text("nl-tutorial-text", step.done ? "" : step.text); // once over, the step's text is out of date
  text("nl-tutorial-prompt", step.done ? guideOverWords() : step.prompt);
  const refused = /** @type {HTMLElement} */ (panel.querySelector(".nl-tutorial-refused"));
  const before = refused.textContent;
  text("nl-tutorial-refused", step.refused);
  // A click refused far below the panel (the page scrolled down to the area) is answered where it is
  // seen: the page scrolls just enough to show the refusal, which stands at the panel's foot.
  if (step.refused && refused.textContent !== before) refused.scrollIntoView({ block: "nearest" });
  const next = /** @type {HTMLButtonElement} */ (panel.querySelector("[data-action=next]"));
  const wanted = !step.done && step.highlight?.button === "next";
  if (next.hidden === wanted) {
    // Focus on Next, which goes, moves to the new step: read from there, Tab on to what it asks for.
    if (!wanted && active(next) === next) panel.focus({ preventScroll: true });
    next.hidden = !wanted;
  }
}

// -- the hint's other options --------------------------------------------------------------------

/**
 * The hint's panel: what it suggests, and its other options with how far behind each is (a small
 * list, closed unless opened). "" without a hint.
 * @param {State} state @param {boolean} open whether the options list is open
 * @returns {string}
 */
export function hintPanel(state, open) {
  const hint = shownHint(state);
  if (!hint) return "";
  const panelName = t("hint");
  const player = state.players[hint.player];
  const whom = !player
    ? t("Hint for the player to move:")
    : agrees(player)
      ? tc("the player named You, the reader", "Hint for {name}:", { name: named(player) })
      : t("Hint for {name}:", { name: player.name });
  const others = hint.alternatives ?? [];
  const items = others
    .map(
      (option) =>
        `<li><b>${esc(optionWords(option))}</b> · ${esc(behindWords(option.behind))}` +
        `<span class="nl-alt-reason">${esc(option.reason ?? "")}</span></li>`,
    )
    .join("");
  const othersWords = t("Other options ({n}), best first", { n: others.length });
  const list = others.length
    ? `<details class="nl-alternatives"${open ? " open" : ""}>` +
      `<summary>${esc(othersWords)}</summary>` +
      `<ol>${items}</ol></details>`
    : "";
  return (
    `<section class="nl-panel nl-hint-panel" aria-label="${esc(panelName)}">` +
    `<p class="nl-hint-head"><span class="nl-hint-star" aria-hidden="true">★</span> ` +
    `<b>${esc(whom)}</b> ${esc(optionWords(hint))}</p>${list}</section>`
  );
}

// -- the review ------------------------------------------------------------------------------------

/** A card's markup with no hooks (no data-cell, no Tab stop): a picture, not part of the board. */
/** @param {string} html */
const inert = (html) => html.replace(/ (?:data-(?:player|cell|tile|task|roving)|tabindex)="[^"]*"/g, "");

/**
 * Player `p`'s area as `area` shows it, drawn as the board draws areas (area.js's card), with the
 * tile of `option` outlined.
 * @param {State} state @param {Catalogue} catalogue @param {number} p
 * @param {import("./contract").PlayerState} area @param {import("./contract").ComparedOption} option
 * @param {"played" | "suggested"} kind
 */
function compareCard(state, catalogue, p, area, option, kind) {
  const shown = {
    ...state,
    players: state.players.map((player, i) => (i === p ? { ...player, ...area } : player)),
    current: null,
    selected: null,
    recent: [],
    over: null,
  };
  const c = card(shown, catalogue, p, "small");
  const at = option?.cell ? `data-cell="${option.cell[0]},${option.cell[1]}"` : null;
  const parts = c.parts.map((part) =>
    at && part.startsWith(`<g class="nl-placed`) && part.includes(at)
      ? part.replace(`class="nl-placed`, `class="nl-placed nl-compare-new`)
      : part,
  );
  const [caption, label] =
    kind === "played"
      ? [t("Played:"), t("Played: {played}", { played: c.areaLabel })]
      : [t("Suggested:"), t("Suggested: {suggested}", { suggested: c.areaLabel })];
  return (
    `<figure class="nl-compare-side nl-compare-${kind}">` +
    `<figcaption><b>${esc(caption)}</b> ${esc(option?.words ?? "")}</figcaption>` +
    `<section class="nl-compare-card" aria-label="${esc(label)}">` +
    inert(c.header) +
    `<svg class="nl-area" viewBox="${c.viewBox}" role="group" aria-label="${esc(c.areaLabel)}" ` +
    `style="--nl-area-max:${c.maxWidth}">${inert(parts.join(""))}</svg></section></figure>`
  );
}

/**
 * The Review panel: progress while Python works, then one row per action, largest loss first. Each
 * row is a disclosure button; the open row's details (the comment, and the player's area after the
 * played action and after the suggested one, side by side) show below the list, at the panel's full
 * width, while the list scrolls. "" while there is no review.
 * @param {Review} review @param {State} state @param {Catalogue} catalogue
 * @param {string} id a prefix unique to the view, for the details' id
 * @returns {string}
 */
export function reviewPanel(review, state, catalogue, id) {
  if (!review || !review.status) return "";
  const [name, title] = [t("review"), t("Review")];
  const head =
    `<section class="nl-panel nl-review" aria-label="${esc(name)}">` +
    `<h3 class="nl-review-title">${esc(title)}</h3>` +
    `<p class="nl-review-meaning">${esc(lossMeaning("unit" in review ? review.unit : "tokens"))}</p>`;
  if (review.status === "working") {
    const words = reviewProgressWords(review.done ?? 0, review.total ?? 0);
    return (
      head +
      `<div class="nl-review-working"><p class="nl-review-progress"><span>${esc(words)}</span>` +
      `<progress max="${Math.max(1, review.total ?? 0)}" value="${review.done ?? 0}" ` +
      `aria-label="${esc(words)}"></progress></p>${cancelButton()}</div></section>`
    );
  }
  const rows = [...(review.rows ?? [])].sort((a, b) => b.loss - a.loss);
  const none = t("No action to review.");
  if (!rows.length) return head + `<p>${esc(none)}</p></section>`;
  const open = state.view?.compare?.row ?? null;
  const detailsId = `${id}-review-open`;
  const stop = rows.some((row) => row.index === open) ? open : rows[0].index;
  const items = rows.map((row) => reviewRow(row, row.index === open, row.index === stop, detailsId));
  const opened = rows.find((row) => row.index === open);
  const keys = t("↑ ↓ move between the rows; Enter opens or closes one.");
  const rowsLabel = tn("{n} action, largest loss first", "{n} actions, largest loss first", rows.length);
  return (
    head +
    `<ol class="nl-review-rows" aria-label="${esc(rowsLabel)}">${items.join("")}</ol>` +
    `<p class="nl-review-keys">${esc(keys)}</p>` +
    `<div class="nl-review-open" id="${detailsId}">` +
    (opened ? reviewDetails(opened, state, catalogue) : "") +
    `</div></section>`
  );
}

/**
 * The review's Cancel, while Python works: the work stops, the panel closes, and Review starts afresh.
 * Its name says what it cancels, read apart from the panel (a screen reader's list of buttons).
 * @returns {string}
 */
function cancelButton() {
  const words = tc("the button that stops the coach's review under way", "Cancel");
  const name = t("Cancel the review");
  const title = t("Stop the coach's review: Review starts it again");
  return (
    `<button type="button" class="nl-button nl-review-cancel" data-action="cancel_review" ` +
    `aria-label="${esc(name)}" title="${esc(title)}">${esc(words)}</button>`
  );
}

/**
 * @param {ReviewRow} row @param {boolean} open @param {boolean} tabStop the list's one Tab stop
 * @param {string} detailsId @returns {string}
 */
function reviewRow(row, open, tabStop, detailsId) {
  const who = t("turn {turn} · {name}", { turn: row.turn, name: row.name });
  const big = row.loss >= 0.5 ? " nl-review-big" : "";
  return (
    `<li class="nl-review-item${open ? " nl-open" : ""}">` +
    `<button type="button" class="nl-review-row${big}" data-review-row="${row.index}" ` +
    `data-roving="review" tabindex="${tabStop ? 0 : -1}" aria-expanded="${open}" ` +
    `aria-controls="${detailsId}">` +
    `<span class="nl-review-loss">${esc(row.loss_words)}</span>` +
    `<span class="nl-review-who">${esc(who)}</span>` +
    `<span class="nl-review-played">${esc(row.played)}</span></button></li>`
  );
}

/**
 * The open row's details: what was played and suggested (drawn side by side once Python sent the
 * comparison), and the comment.
 * @param {ReviewRow} row @param {State} state @param {Catalogue} catalogue @returns {string}
 */
function reviewDetails(row, state, catalogue) {
  const who = t("Turn {turn} · {name}", { turn: row.turn, name: row.name });
  const loss = t("loss: {loss}", { loss: row.loss_words });
  const title = `<p class="nl-review-head"><b>${esc(who)}</b> · ${esc(loss)}</p>`;
  const comment = row.comment ? `<p class="nl-review-comment">${esc(row.comment)}</p>` : "";
  const compare = state.view?.compare;
  if (!compare || compare.row !== row.index) {
    const played = t("Played: {played}", { played: row.played });
    const suggested = t("Suggested: {suggested}", { suggested: row.suggested });
    const words = `<p>${esc(played)}</p><p>${esc(suggested)}</p>`;
    return title + words + comment;
  }
  const p = compare.player;
  const sides =
    `<div class="nl-compare-areas">` +
    compareCard(state, catalogue, p, compare.played_area, compare.played, "played") +
    compareCard(state, catalogue, p, compare.suggested_area, compare.suggested, "suggested") +
    `</div>`;
  return title + sides + comment;
}

/**
 * What the explanation line shows while the pointer rests on nothing it explains: the open review
 * row's two actions or the hint's reason; null for the page's own tip (while an earlier position is on
 * show, the "now" line says it is read-only).
 * @param {State} state @returns {string | null}
 */
export function coachExplains(state) {
  const compare = state.view?.compare;
  if (compare) {
    const played = t("Played: {played}", { played: sentence(compare.played?.words ?? "") });
    const suggested = t("Suggested: {suggested}", { suggested: sentence(compare.suggested?.words ?? "") });
    return sentences([played, suggested]);
  }
  return shownHint(state)?.reason ?? null;
}
