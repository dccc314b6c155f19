// What the pointer or the keyboard's focus rests on, explained: a task's chain and why it is or is not
// fulfilled (the engine's sentence, asked of Python once a picture), what a placement on a lit cell would
// fulfil, a wheel tile and where in the area it could go. Hover and focus feedback reads what the state
// already holds; nothing here changes the game.

import { legalCells, whyWords } from "./area.js";
import { coachExplains } from "./coach.js";
import { t, tn, tnc } from "./i18n.js";
import { tileSvg } from "./tiles.js";
import { agrees, cellWords, clauses, named, sentence, sentences, taskWords } from "./words.js";

/** @typedef {import("./contract").State} State */
/** @typedef {import("./contract").Catalogue} Catalogue */
/** @typedef {import("./modes/index.js").PageMode} PageMode */

/**
 * A selector that finds "the same" element after a re-render, for keeping keyboard focus.
 * @param {Element | null} el
 * @returns {string | null}
 */
export function keyOf(el) {
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

/**
 * What the explanations need of the view.
 * @typedef {object} Pointed
 * @property {HTMLElement} root
 * @property {() => State} state the state on show
 * @property {() => Catalogue} catalogue
 * @property {() => PageMode} mode the mode on show
 * @property {() => void} speak word what follows in the state's language
 * @property {(text: string) => void} explain write the explanation line
 * @property {(preview: number | null) => void} drawBig draw the big area again, showing where the tile on
 * the space `preview` could go
 * @property {(task: number[]) => void} ask ask Python why a task is or is not fulfilled
 */

/**
 * The explanations of one view: its listeners (`onOver`, `onFocusOut`, `onLeave`), the space whose
 * tile the big area previews, and `again`, which explains anew what is pointed at after a draw.
 * @param {Pointed} view
 */
export function createPointing(view) {
  const { root, speak, explain } = view;
  /** @type {string | null} */
  let hoverKey = null; // what the pointer (or focus) rests on (`keyOf`)
  /** @type {number | null} */
  let preview = null; // a takeable space pointed at before choosing: the area shows where it could go
  /** @type {string | null} the task last asked about, with the version of the picture it was asked on */
  let askedWhy = null;
  /**
   * Ask Python why the task `task` ([player, tile, task]) is or is not fulfilled, once per picture: its
   * answer comes in `state.why`, and the next draw explains the task with it. A question changes nothing,
   * so the page does not wait for it (no busy cursor).
   * @param {number[]} task
   */
  const askWhy = (task) => {
    const state = view.state();
    const key = `${state.version}:${task.join()}`;
    if (key === askedWhy || (state.why && state.why.task.join() === task.join())) return;
    askedWhy = key;
    view.ask(task);
  };

  /** What the explanation line says while nothing explained is pointed at or focused. */
  const idleWords = () => coachExplains(view.state()) ?? explainTip();

  /**
   * Show (or, with null, stop showing) in the big area where the tile on `space` could go.
   * @param {number | null} space
   */
  function showPreview(space) {
    if (space === preview) return;
    preview = space;
    view.drawBig(preview);
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
    const [state, mode, catalogue] = [view.state(), view.mode(), view.catalogue()];
    const d = target.dataset;
    if (d.space === undefined) showPreview(null);
    if (d.task !== undefined && mode.hidesChains(state)) {
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
        player && mode.previews && !player.bot && state.selected === null && state.choices.includes(space);
      showPreview(canPreview ? space : null);
      const words = target.getAttribute("aria-label") ?? "";
      explain(
        canPreview && player
          ? sentences([sentence(words), couldGoWords(player, legalCells(state, space))])
          : words,
      );
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
    const active = document.activeElement;
    const focused = active && root.contains(active) ? active.closest(EXPLAINS) : null;
    hoverKey = focused ? keyOf(focused) : null;
    if (focused) highlight(focused);
    else {
      clearMarks();
      showPreview(null);
      explain(idleWords());
    }
  }

  return {
    /** @returns {number | null} the takeable space whose tile the big area previews */
    preview: () => preview,
    /** A new state: a preview it no longer allows (a tile chosen, the space no longer takeable) goes. */
    settle() {
      const state = view.state();
      if (preview !== null && (state.selected !== null || !state.choices.includes(preview))) preview = null;
    },
    /** After a draw: explain again what is pointed at, or what the line says while nothing is. */
    again() {
      const hovered = hoverKey && root.querySelector(hoverKey);
      if (hovered) highlight(hovered);
      else explain(idleWords());
    },
    onOver,
    onFocusOut,
    onLeave,
  };
}
