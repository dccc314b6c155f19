// Types for JSDoc only (`import("./types.js").State`): what the page draws and what it sends back.
// Python builds the state (novaluna_widget's `game_state`, with `_tasks`, `_moves` and the solo
// standing, plus the widget's own fields) and checks every intent against `_INTENTS`; these typedefs
// describe those shapes and judge nothing.

/** @typedef {"red" | "blue" | "teal" | "yellow"} Colour */

/** @typedef {[Colour, number][]} Task one task: how many tiles of each colour it needs */

/** @typedef {[Colour, number, Task[]]} CatalogueTile a tile: its colour, cost and tasks */

/** @typedef {Record<string, CatalogueTile>} Catalogue the 68 tiles by id (the `catalogue` trait, sent once) */

/** @typedef {[number, number]} Cell an area's cell: [x, y] */

/** @typedef {[number, number, number]} TaskRef a task: the cell of its tile and its index on the tile */

/**
 * One colour of a task's explanation (Board.explain): the colour's letter, how many tiles it needs,
 * how many count, the chain of tiles counted and those touching the task's tile (both as indexes
 * into the player's `tiles`).
 * @typedef {[string, number, number, number[], number[]]} ColourCount
 */

/**
 * A task of a player's area: [tile, task, status, counts]. `tile` indexes the player's `tiles`, `task`
 * the tile's tasks; status 0 is open, 1 fulfilled (no token left for it), 2 covered.
 * @typedef {[number, number, 0 | 1 | 2, ColourCount[]]} TaskRow
 */

/**
 * What the page draws that no position changes, in one language (the `faces` trait, Python's
 * `render.page_faces`): drawn by Python, which draws its pictures with the same markup.
 * @typedef {object} Faces
 * @property {string} lang the language it is in
 * @property {Record<string, [string, string[]]>} tiles by id: the face's markup and each task's, centred at 0
 * @property {Record<string, [string, string[]]>} words by id: the tile in words and each task in words
 * @property {string} wheel the wheel's rim and the spaces' numbers
 * @property {string} track the moon track's printed spaces and numbers
 * @property {[number, number][]} spaces each wheel space's centre
 * @property {[number, number][][]} markers a moon-track marker's place, by space and height in its stack
 */

/**
 * @typedef {object} PlayerState
 * @property {string} name
 * @property {boolean} you whether the player is the reader, named You: the page words sentences about them
 *   with messages of their own (context "the player named You, the reader": "your area", "You win")
 * @property {number} tokens tokens left to place
 * @property {number} supply tokens at the start
 * @property {number} time total moon-track steps taken (the turn order follows it)
 * @property {number} space the moon-track space of the player's marker (0 is the new moon)
 * @property {string | null} bot the bot that plays this seat, or null for a person
 * @property {[string, number, number][]} tiles [id, x, y] in placement order
 * @property {TaskRow[]} tasks every task of the area with its chain
 */

/**
 * The player to move's legal cells and, per takeable tile (in `choices` order), the cells where it
 * would fulfil tasks: [index into `cells`, tasks fulfilled] (the new tile's own tasks carry its cell).
 * @typedef {object} Moves
 * @property {Cell[]} cells
 * @property {[number, TaskRef[]][][]} fulfil
 */

/**
 * A turn since the player to move last moved (`state.recent`), for the page to mark and to move:
 * [id, player, tile id, wheel space it came from, x, y of the cell it went to]; `id` is the index of
 * its take in `game.log`.
 * @typedef {[number, number, string, number, number, number]} RecentTurn
 */

/**
 * An entry of the page's log: [id, kind, player it concerns or null, sentence]. `id` is the index in
 * `game.log` of its first event: entries with an id at least the `log_total` drawn before are new.
 * @typedef {"setup" | "turn" | "refill" | "phase" | "score" | "end"} EntryKind
 * @typedef {[number, EntryKind, number | null, string]} LogEntry
 */

/**
 * @typedef {object} Over the end of the game
 * @property {"last token" | "no tile"} reason
 * @property {number} winner
 * @property {number[]} ranking players, best first
 * @property {string} text the end in words
 * @property {string[]} lines a summary: each player's tokens, tasks and tiles in ranking order, or solo
 *   how the score adds up
 */

/**
 * The solo game's standing (Game.score_sheet); lower scores are better.
 * @typedef {object} Solo
 * @property {1 | 2} phase
 * @property {number} small tokens left of the small stack
 * @property {number} large tokens left of the large stack
 * @property {number} phase_one phase 1's record
 * @property {number} final the final record
 * @property {number} total the score
 * @property {string} text the score in words (the engine's)
 * @property {string[]} lines how the score adds up, in words for the page
 * @property {string} goal what the phase asks now ("" once over)
 */

/**
 * What the buttons may do now.
 * @typedef {object} Can
 * @property {boolean} refill
 * @property {boolean} undo
 * @property {boolean} redo
 * @property {boolean} end_phase_one
 * @property {boolean} bot
 * @property {boolean} [hint] the Hint button (false on a bot's seat, once over, while browsing, in the guided game)
 * @property {boolean} [review] the Review button (once the game is over, not in the guided game)
 */

/**
 * An action the coach talks about (the hint's suggestion and its alternatives, a review row's played
 * and suggested actions): what to mark and its words. `action` is as save files write it:
 * ["take", space, x, y], ["refill"] or ["end_phase_one"].
 * @typedef {object} CoachOption
 * @property {(string | number)[]} action
 * @property {string | null} tile
 * @property {number | null} space
 * @property {Cell | null} cell
 * @property {string} [words] the action in words (a review's options)
 * @property {string} [reason] what it does, in a sentence or two (a hint's options)
 * @property {number} [behind] tokens it trails the suggestion by (a hint's alternatives)
 */

/**
 * The coach's hint for the player to move (coach.Hint.to_data()); Python clears it when the position
 * changes.
 * @typedef {CoachOption & {player: number, reason: string, words: string, version: number,
 *   alternatives: CoachOption[]}} Hint
 */

/**
 * A review row opened: the position before action `row` is on show, with the action played and the
 * coach's suggestion, and player `player`'s area after each.
 * @typedef {object} Compare
 * @property {number} row
 * @property {number} player
 * @property {CoachOption} played
 * @property {CoachOption} suggested
 * @property {PlayerState} played_area
 * @property {PlayerState} suggested_area
 */

/**
 * The position of the history on show: after the first `turn` of `turns` actions; `now` when it is
 * the game's own position (else the page is read-only).
 * @typedef {object} View
 * @property {number} turn
 * @property {number} turns
 * @property {boolean} now
 * @property {string} label the position in words, e.g. "start of the game"
 * @property {Compare | null} compare
 */

/**
 * What the guided game lights while it waits for a click; cells and tasks are in player `area`'s area.
 * @typedef {object} GuideHighlight
 * @property {number[]} spaces wheel spaces
 * @property {Cell[]} cells
 * @property {[number, number, number][]} tasks a task's tile cell and its index on the tile
 * @property {number[]} track moon-track spaces
 * @property {"next" | "refill" | null} button
 * @property {number} area
 */

/**
 * The guided game's step (guide.Guide.state() plus `refused`).
 * @typedef {object} Tutorial
 * @property {number} number
 * @property {number} total
 * @property {string} progress "step 3 of 11"
 * @property {string} rule
 * @property {string} title
 * @property {string} text
 * @property {string | null} prompt what to click
 * @property {object | null} expects the intent awaited
 * @property {GuideHighlight | null} highlight
 * @property {string[]} said what the last click did
 * @property {string | null} refused why the last click was not the one awaited (friendly words)
 * @property {boolean} done
 */

/**
 * A review row: action `index` (the position before it), played by `player` on turn `turn`.
 * @typedef {object} ReviewRow
 * @property {number} index
 * @property {number} turn
 * @property {number} player
 * @property {string} name
 * @property {string} played
 * @property {string} suggested
 * @property {number} loss how much better the suggestion looked (tokens, or solo points)
 * @property {string} loss_words "1.5 tokens"
 * @property {string} comment
 */

/**
 * The `review_panel` trait: {} without a review, progress while Python works, then the rows, largest
 * loss first (the row open is `state.view.compare.row`).
 * @typedef {object} Review
 * @property {"working" | "ready"} [status]
 * @property {number} [done]
 * @property {number} [total]
 * @property {"tokens" | "points"} [unit]
 * @property {ReviewRow[]} [rows]
 * @property {number | null} [open] the row open, if Python says so here too
 */

/**
 * Everything the page draws (the `state` trait), built by Python only.
 * @typedef {object} State
 * @property {"game" | "solo"} kind
 * @property {number | null} seed
 * @property {number} turn turns played
 * @property {(string | null)[]} wheel each wheel space's tile id, or null (its length is the number of spaces)
 * @property {number} marker the moon marker's space
 * @property {number[]} choices the takeable spaces, in order
 * @property {number} pile tiles left in the draw pile
 * @property {Record<Colour, number>} pile_colours the draw pile's tiles per colour
 * @property {number | null} current the player to move; null once the game is over
 * @property {number[]} order the turn order from now on
 * @property {[number, number[]][]} track [space, players stacked there, bottom first] per occupied space
 * @property {PlayerState[]} players
 * @property {Moves} moves
 * @property {RecentTurn[]} recent the turns since the player to move last moved, that turn included
 * @property {LogEntry[]} log the latest entries of the page's log, oldest first
 * @property {number} log_total how many events `game.log` holds
 * @property {Over | null} over
 * @property {Solo | null} solo null in a game of 2–4 players
 * @property {Can} can
 * @property {number} version grows with every change of the position; intents name it
 * @property {number | null} selected the wheel space whose tile is chosen, not yet placed
 * @property {string | null} error why the last intent was refused
 * @property {number} answered intents handled (each gets a new state)
 * @property {string} bot the bot Bot move asks
 * @property {string[]} bot_names every bot, by the name Python knows it by
 * @property {Record<string, string>} bot_words each bot's name in the state's language
 * @property {View} view the position of the history on show
 * @property {Hint | null} hint
 * @property {Tutorial | null} tutorial the guided game's step, or null in a game of one's own
 * @property {string} lang the code of the language every sentence of the state is in; the page speaks it too
 * @property {"ltr" | "rtl"} dir the language's direction: text and panels follow it, the boards keep theirs
 */

/**
 * What the page asks of Python (without the `version` that `send` adds). Python checks each field;
 * `player` names the seat the click was for, so a click for a seat not to move is refused.
 * @typedef {{action: "select", space: number | null}} SelectIntent choose a takeable tile, or null to cancel
 * @typedef {{action: "take", space: number, cell: Cell, player: number}} TakeIntent place the chosen tile
 * @typedef {{action: "refill" | "end_phase_one", player?: number}} WordIntent
 * @typedef {{action: "bot", bot?: string, player?: number}} BotIntent let a bot play this turn
 * @typedef {{action: "undo" | "redo" | "new"}} HistoryIntent
 * @typedef {{action: "hint" | "review" | "next"}} CoachIntent ask for a hint or a review; the guided game's Next
 * @typedef {{action: "show", turn: number | null}} ShowIntent show position `turn` of the history (null: now)
 * @typedef {{action: "open", row: number | null}} OpenIntent open a review row (null: close it)
 * @typedef {{action: "language", lang: string}} LanguageIntent speak another language (a code of locale.json)
 * @typedef {SelectIntent | TakeIntent | WordIntent | BotIntent | HistoryIntent | CoachIntent | ShowIntent
 *   | OpenIntent | LanguageIntent} Intent
 */

/**
 * The part of anywidget's model the view uses.
 * @typedef {object} Model
 * @property {(name: "state" | "catalogue" | "faces" | "review_panel") => any} get
 * @property {(message: Intent & {version: number}) => void} send
 * @property {(event: string, callback: () => void) => void} on
 * @property {(event: string, callback: () => void) => void} off
 */

export {};
