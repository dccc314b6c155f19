// NovaLunaWidget's view. It draws `state` (built by Python) and sends intents; Python judges every
// rule and answers with a new state. Hover and focus feedback reads what the state already holds.

import "./widget.css";
import { card, focusPlayer, legalCells } from "./area.js";
import { setColours } from "./drawing.js";
import { esc, swatchSvg } from "./tiles.js";
import { wheelParts } from "./wheel.js";
import { explainWords, plural, taskWords, tileWords } from "./words.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Catalogue} Catalogue */
/** @typedef {import("./types.js").Intent} Intent */
/** @typedef {import("./types.js").Model} Model */

const BUTTONS = [
  ["refill", "Refill", "refill", "Refill the wheel (allowed with 1 or 2 tiles left)"],
  ["undo", "Undo", "undo", "Take back the last move"],
  ["redo", "Redo", "redo", "Play again what Undo took back"],
  ["end_phase_one", "End phase 1", "end_phase_one", "End solo phase 1 and refill the wheel"],
  ["bot", "Bot move", "bot", "Let the chosen bot play this turn"],
  ["new", "New game", null, "Deal a new game with the same players"],
];

/** @param {State} state @param {string} botName the bot Bot move asks @returns {string} */
function toolbar(state, botName) {
  const buttons = BUTTONS.filter(([action]) => action !== "end_phase_one" || state.solo).map(
    ([action, text, can, title]) => {
      const enabled = can === null || state.can[can];
      return (
        `<button type="button" class="nl-button nl-${action}" data-action="${action}" title="${title}"` +
        `${enabled ? "" : " disabled"}>${text}</button>`
      );
    },
  );
  const options = state.bot_names
    .map((n) => `<option value="${esc(n)}"${n === botName ? " selected" : ""}>${esc(n)}</option>`)
    .join("");
  buttons.splice(-1, 0, `<select class="nl-bot-pick" aria-label="bot for Bot move">${options}</select>`);
  return `<div class="nl-toolbar" role="toolbar" aria-label="game actions">${buttons.join("")}</div>`;
}

/** @param {State} state @returns {string} */
function headline(state) {
  if (state.over) {
    return state.solo
      ? `Solo game over · score ${state.solo.total}`
      : `Game over · ${state.players[state.over.winner].name} wins`;
  }
  const who = state.players[state.current].name;
  return state.solo
    ? `Solo · phase ${state.solo.phase} · turn ${state.turn + 1}`
    : `Turn ${state.turn + 1} · ${who} to move`;
}

/** @param {State} state @param {Catalogue} catalogue @returns {string} what to do now */
function hint(state, catalogue) {
  if (state.over) return state.over.text;
  const player = state.players[state.current];
  if (player.bot) return `${player.name} is played by the ${player.bot} bot: press Bot move.`;
  if (state.selected !== null) {
    const id = state.wheel[state.selected];
    return (
      `Place ${id} (${tileWords(catalogue, id)}) in ${player.name}'s area: click a lit cell ` +
      "(★ n: fulfils n tasks). Esc cancels."
    );
  }
  const refill = state.can.refill ? " You may refill the wheel first." : "";
  return `${player.name}: choose one of the tiles marked 1–${state.choices.length} on the wheel.${refill}`;
}

/** @param {State} state @returns {string} */
function ranking(state) {
  if (!state.over || state.players.length < 2) return "";
  const items = state.over.ranking
    .map((p) => `<li>${esc(state.players[p].name)} · ${plural(state.players[p].tokens, "token")} left</li>`)
    .join("");
  return `<div class="nl-ranking" role="region" aria-label="ranking"><b>Ranking</b><ol>${items}</ol></div>`;
}

/** @param {State} state @param {boolean} open @returns {string} */
function logHtml(state, open) {
  const items = state.log
    .slice()
    .reverse()
    .map(([kind, player, text]) => {
      const swatch = player === null ? "" : swatchSvg(player);
      return `<li class="nl-log-${kind}">${swatch}${esc(text)}</li>`;
    })
    .join("");
  const shown =
    state.log.length < state.log_total
      ? ` (latest ${state.log.length} of ${state.log_total}; game.log has all)`
      : "";
  const summary = `<summary>Move log${shown}</summary>`;
  return `<details class="nl-log"${open ? " open" : ""}>${summary}<ol>${items}</ol></details>`;
}

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
  if (d.cell !== undefined) return `[data-player="${d.player}"][data-cell="${d.cell}"]`;
  if (d.action !== undefined) return `[data-action="${d.action}"]`;
  if (el.classList.contains("nl-bot-pick")) return ".nl-bot-pick";
  return null;
}

// What hover or focus explains: a task's chain, a placement's effect, a wheel tile.
const EXPLAINS = "[data-task], [data-cell].nl-legal, [data-space]";

/**
 * anywidget's entry point: draw the widget into `el` and keep it in step with `model`.
 * @param {{model: Model, el: HTMLElement}} view
 * @returns {() => void} the clean-up, when the view goes
 */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "nl-root";
  setColours(root);
  el.appendChild(root);
  /** @type {Catalogue} */
  let catalogue = model.get("catalogue");
  /** @type {State} */
  let state = model.get("state");
  let botName = state.bot;
  let logOpen = true;
  let pendingFocus = null; // where keyboard focus goes after the next render: "cells" or "wheel"
  let hoverKey = null;
  let hintText = "";

  /**
   * Send an intent for the state on show. Until the kernel answers (every intent gets a new state),
   * the page shows it is waiting: a bot may think for a while.
   * @param {Intent} intent
   */
  const send = (intent) => {
    root.classList.add("nl-busy");
    model.send({ ...intent, version: state.version });
  };

  root.innerHTML =
    `<div class="nl-top"></div>` +
    `<div class="nl-error" role="alert" hidden><span class="nl-error-text"></span>` +
    `<button type="button" class="nl-dismiss" aria-label="dismiss the error">×</button></div>` +
    `<div class="nl-info" role="status" aria-live="polite"></div>` +
    `<div class="nl-main"><div class="nl-wheel-box">` +
    `<svg class="nl-wheel" viewBox="-500 -500 1000 1000" role="group" aria-label="moon wheel"></svg></div>` +
    `<div class="nl-side"><div class="nl-ranking-box"></div><div class="nl-big"></div></div></div>` +
    `<div class="nl-others"></div><div class="nl-log-box"></div>`;
  const part = (cls) => root.querySelector(`.${cls}`);
  const parts = {
    top: part("nl-top"),
    error: part("nl-error"),
    wheel: part("nl-wheel"),
    ranking: part("nl-ranking-box"),
    big: part("nl-big"),
    others: part("nl-others"),
    log: part("nl-log-box"),
  };

  /** Replace an element's content only when its markup changed. */
  function patch(el, html, full) {
    if (full || el.nlHtml !== html) {
      el.innerHTML = html;
      el.nlHtml = html;
    }
  }

  /** Replace only the children whose markup changed (each part is one element). A move or a choice
   * touches a few spaces and cells; redrawing only those keeps clicks fast. */
  function patchChildren(el, html, full) {
    const old = el.nlParts;
    if (full || !old || old.length !== html.length || el.children.length !== html.length) {
      el.innerHTML = html.join("");
    } else {
      html.forEach((part, i) => {
        if (part !== old[i]) el.children[i].outerHTML = part;
      });
    }
    el.nlParts = html;
  }

  /**
   * Draw a player's card into `slot`, replacing only what changed.
   * @param {Element} slot @param {import("./area.js").Card} c @param {boolean} full
   */
  function patchCard(slot, c, full) {
    if (!slot.firstElementChild) {
      slot.innerHTML = `<section><header></header><svg class="nl-area" role="group"></svg></section>`;
    }
    const section = slot.firstElementChild;
    section.className = c.className;
    section.setAttribute("aria-label", c.label);
    if (full || section.nlHeader !== c.header) {
      section.firstElementChild.outerHTML = c.header;
      section.nlHeader = c.header;
    }
    const svg = section.lastElementChild;
    svg.setAttribute("viewBox", c.viewBox);
    svg.setAttribute("aria-label", c.areaLabel);
    svg.style.maxWidth = c.maxWidth;
    patchChildren(svg, c.parts, full);
  }

  /**
   * Draw the state; `full` redraws every part (benchmarks time this), else only what changed.
   * @param {boolean} [full]
   */
  function draw(full = false) {
    const started = performance.now();
    root.classList.remove("nl-busy");
    const focusKey = root.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    const focus = focusPlayer(state);
    const brand = `<span class="nl-brand">☾ Nova Luna</span>`;
    const headlineHtml = `<div class="nl-headline">${brand}${esc(headline(state))}</div>`;
    patch(parts.top, headlineHtml + toolbar(state, botName), full);
    parts.error.hidden = !state.error;
    parts.error.querySelector(".nl-error-text").textContent = state.error ?? "";
    patchChildren(parts.wheel, wheelParts(state, catalogue), full);
    patch(parts.ranking, ranking(state), full);
    patchCard(parts.big, card(state, catalogue, focus, "big"), full);
    const others = state.players.flatMap((_, p) => (p === focus ? [] : [card(state, catalogue, p, "small")]));
    while (parts.others.children.length < others.length)
      parts.others.appendChild(document.createElement("div"));
    while (parts.others.children.length > others.length) parts.others.lastChild.remove();
    others.forEach((c, i) => patchCard(parts.others.children[i], c, full));
    patch(parts.log, logHtml(state, logOpen), full);
    hintText = hint(state, catalogue);
    restoreFocus(focusKey);
    const hovered = hoverKey && root.querySelector(hoverKey);
    if (hovered) highlight(hovered);
    else showInfo(hintText);
    // Read by tests and bench/widget.py: which state is drawn, how often, and how long it took.
    root.dataset.version = state.version;
    root.dataset.renders = Number(root.dataset.renders ?? 0) + 1;
    root.dataset.renderMs = (performance.now() - started).toFixed(2);
    root.nlDrawnAt = performance.now();
  }

  function restoreFocus(focusKey) {
    if (focusKey && root.contains(document.activeElement) && pendingFocus === null) return; // part kept
    let target = focusKey && root.querySelector(focusKey);
    if (pendingFocus === "cells" && state.selected !== null) {
      target = root.querySelector(".nl-current .nl-legal") ?? target;
    } else if (pendingFocus === "wheel") {
      target = root.querySelector('[data-space][tabindex="0"]') ?? target;
    }
    pendingFocus = null;
    if (target) target.focus({ preventScroll: true });
  }

  function showInfo(html) {
    const info = root.querySelector(".nl-info");
    if (info) info.innerHTML = esc(html);
  }

  function clearMarks() {
    for (const cls of ["nl-chain", "nl-touch", "nl-origin", "nl-would", "nl-hover"]) {
      for (const node of root.querySelectorAll(`.${cls}`)) node.classList.remove(cls);
    }
  }

  /** Light up what an element explains: a task's chain, or what a placement would fulfil. */
  function highlight(target) {
    clearMarks();
    const d = target.dataset;
    if (d.task !== undefined) {
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
      showInfo(explainWords(catalogue, player, row) + (row[2] === 2 ? " A token covers it." : ""));
    } else if (d.cell !== undefined && target.classList.contains("nl-legal")) {
      const p = Number(d.player);
      const player = state.players[p];
      const refs = legalCells(state).get(d.cell) ?? [];
      const id = state.wheel[state.selected];
      const [cx, cy] = d.cell.split(",").map(Number);
      target.classList.add("nl-hover");
      const names = refs.map(([x, y, k]) => {
        if (x === cx && y === cy) return `${taskWords(catalogue[id][2][k])} on ${id} itself`;
        const t = player.tiles.findIndex(([, tx, ty]) => tx === x && ty === y);
        root.querySelector(`[data-task="${p},${t},${k}"]`)?.classList.add("nl-would");
        return `${taskWords(catalogue[player.tiles[t][0]][2][k])} on ${player.tiles[t][0]}`;
      });
      showInfo(
        `${id} at (${cx}, ${cy}) ` +
          (names.length
            ? `fulfils ${plural(names.length, "task")}: ${names.join("; ")}.`
            : "fulfils no task."),
      );
    } else if (d.space !== undefined) {
      target.classList.add("nl-hover");
      showInfo(target.getAttribute("aria-label"));
    }
  }

  function activate(target, byKeyboard) {
    const d = target.dataset;
    if (d.action !== undefined) {
      if (d.action === "bot") send({ action: "bot", bot: botName });
      else send({ action: d.action });
      if (byKeyboard) pendingFocus = null;
    } else if (d.space !== undefined) {
      const space = Number(d.space);
      send({ action: "select", space: state.selected === space ? null : space });
      if (byKeyboard) pendingFocus = "cells";
    } else if (d.cell !== undefined) {
      if (state.selected === null) {
        // Once the game is over no tile can be chosen: the hint says how it ended.
        const marked = `one of those marked 1–${state.choices.length}`;
        showInfo(state.over ? hintText : `Choose a tile on the wheel first (${marked}).`);
        return;
      }
      const [x, y] = d.cell.split(",").map(Number);
      send({ action: "take", space: state.selected, cell: [x, y], player: Number(d.player) });
      if (byKeyboard) pendingFocus = "wheel";
    }
  }

  const actionable = (event) => event.target.closest("[data-action], [data-space], [data-cell]");

  function onClick(event) {
    if (event.target.closest(".nl-dismiss")) {
      root.querySelector(".nl-error").hidden = true;
      return;
    }
    const target = actionable(event);
    if (target && !target.disabled) activate(target, false);
  }

  function move(target, step) {
    const group = [...root.querySelectorAll(`[data-roving="${target.dataset.roving}"]`)];
    const next = group[(group.indexOf(target) + step + group.length) % group.length];
    target.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    next.focus({ preventScroll: true });
  }

  function onKey(event) {
    const target = event.target;
    if (event.key === "Escape" && state.selected !== null) {
      send({ action: "select", space: null });
      event.preventDefault();
    } else if (
      (event.key === "Enter" || event.key === " ") &&
      target.dataset &&
      target.tagName !== "BUTTON"
    ) {
      const hit = target.closest("[data-space], [data-cell]");
      if (hit) {
        activate(hit, true);
        event.preventDefault();
      }
    } else if (target.dataset?.roving && event.key.startsWith("Arrow")) {
      move(target, event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1);
      event.preventDefault();
    }
  }

  function onOver(event) {
    const target = event.target.closest(EXPLAINS);
    if (!target) {
      onLeave();
      return;
    }
    const key = keyOf(target);
    if (key === hoverKey) return;
    hoverKey = key;
    highlight(target);
  }

  function onFocusOut(event) {
    if (!root.contains(event.relatedTarget)) onLeave();
  }

  /** The pointer left (or focus left the widget): explain what keeps focus, else show the hint. */
  function onLeave() {
    const focused = root.contains(document.activeElement) ? document.activeElement.closest(EXPLAINS) : null;
    hoverKey = focused ? keyOf(focused) : null;
    if (focused) highlight(focused);
    else {
      clearMarks();
      showInfo(hintText);
    }
  }

  function onChange(event) {
    if (event.target.classList.contains("nl-bot-pick")) botName = event.target.value;
  }

  function onToggle(event) {
    if (event.target.classList?.contains("nl-log")) logOpen = event.target.open;
  }

  const onState = () => {
    state = model.get("state");
    draw();
  };
  const onCatalogue = () => {
    catalogue = model.get("catalogue");
    draw();
  };

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("focusin", onOver);
  root.addEventListener("mouseleave", onLeave);
  root.addEventListener("focusout", onFocusOut);
  root.addEventListener("change", onChange);
  root.addEventListener("toggle", onToggle, true);
  model.on("change:state", onState);
  model.on("change:catalogue", onCatalogue);
  // For benchmarks and scripts: redraw everything on demand (root.dataset.renderMs says how long).
  root.novaluna = { draw: () => draw(true) };
  draw();
  return () => {
    model.off("change:state", onState);
    model.off("change:catalogue", onCatalogue);
    root.remove();
  };
}

export default { render };
