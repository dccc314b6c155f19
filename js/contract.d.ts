// Written by js/build_contract.py from novaluna_widget/_contract.py (`make contract`): do not edit.
// What the page reads (the widget's traits) and the intents it sends, as Python builds and checks them.

export type Cell = [number, number];

/** A task on the board: the cell of its tile and its index in `tile.tasks`. */
export type TaskRef = [number, number, number];

/** An action as save files write it: ["take", space, x, y], ["refill"] or ["end_phase_one"]. */
export type ActionData = (string | number)[];

/** The solo game's standing (`Game.score_sheet`): the phase, what is left of the two stacks of tokens, both records, the score (lower is better) and all of it in words. */
export interface ScoreSheet {
  /** 1 or 2. */
  phase: number;
  /** Tokens left of the small stack. */
  small: number;
  /** Tokens left of the large stack. */
  large: number;
  /** Phase 1's record. */
  phase_one: number;
  /** The final record. */
  final: number;
  /** The score. */
  total: number;
  /** The score in words (the engine's). */
  text: string;
}

/** The click a guided step waits for (all None once the guide is done). */
export interface Awaited {
  /** What to click. */
  prompt: string | null;
  /** The click awaited. */
  expects: Expected | null;
  highlight: HighlightData | null;
}

/** One click of a guided step (`guide.StepClick.to_data`). */
export interface ClickData {
  intent: Expected;
  /** What to click. */
  prompt: string;
  /** Said for any other click. */
  refusal: string;
  /** Said once it is made. */
  answer: string;
  highlight: HighlightData;
}

/** The click a guided step waits for, as the page sends it (less the `version`). */
export interface Expected {
  action: GuidedAction;
  space?: number;
  /** [x, y]. */
  cell?: number[];
  player?: number | null;
}

/** The clicks a guided step waits for. */
export type GuidedAction = "select" | "take" | "refill" | "next";

/** What the page shows of the guided game (`guide.Guide.state`). */
export interface GuideState extends Awaited {
  number: number;
  total: number;
  /** "step 3 of 11". */
  progress: string;
  rule: string;
  title: string;
  text: string;
  /** What the last click did. */
  said: string[];
  done: boolean;
}

/** The button a guided step lights. */
export type HighlightButton = "next" | "refill";

/** What the guided game lights while it waits for a click; cells and tasks are in player `area`'s area. */
export interface HighlightData {
  /** Wheel spaces. */
  spaces: number[];
  cells: Cell[];
  tasks: TaskRef[];
  /** Moon-track spaces. */
  track: number[];
  button: HighlightButton | null;
  area: number;
}

/** One of Luna's scripted actions after a step, and the sentence that tells it. */
export interface ReplyData {
  action: ActionData;
  text: string;
}

/** One step of the guided game (`guide.Step.to_data`). */
export interface StepData {
  number: number;
  /** The rule it teaches (a short key). */
  rule: string;
  title: string;
  text: string;
  clicks: ClickData[];
  /** What the page says once the step is done. */
  after: string;
  replies: ReplyData[];
}

/** A piece drawn once: its markup, and its tasks' (or words, and its tasks' words). */
export type Drawn = [string, string[]];

/** The pieces as printed, which no position changes (the tiles' faces, the wheel's rim, the moon track, and where a tile or a track marker stands), in one language (`render.printed_pieces`): drawn by Python with the markup its own pictures use, and sent to the page once per language (its `faces` trait). */
export interface PrintedPieces {
  /** The language it is in. */
  lang: string;
  /** By tile id: the face's markup and each task's, centred at 0. */
  tiles: Record<string, Drawn>;
  /** By tile id: the tile in words and each task in words. */
  words: Record<string, Drawn>;
  /** The wheel's rim and the spaces' numbers. */
  wheel: string;
  /** The moon track's printed spaces and numbers. */
  track: string;
  /** Each wheel space's centre. */
  spaces: Point[];
  /** A moon-track marker's place, by space and height in its stack. */
  markers: Point[][];
}

/** A place in a picture's units: x, y. */
export type Point = [number, number];

/** The suggestion for `player` (`coach.Hint.to_data`) and the runners-up, best first. */
export interface HintData extends OptionData {
  player: number;
  alternatives: OptionData[];
}

/** What to mark for an action the coach talks about: the tile taken, the space it is on and the cell it goes to (all None for a refill or the end of phase 1). */
export interface Mark {
  tile: string | null;
  space: number | null;
  cell: Cell | null;
}

/** One option of the player to move (`coach.Option.to_data`): what to mark and what the search makes of it. */
export interface OptionData extends Mark {
  action: ActionData;
  /** What it does, in a sentence or two. */
  reason: string;
  /** The search's evaluation in tokens (higher is better). */
  value: number;
  /** Tokens it trails the suggestion by (0 for the suggestion). */
  behind: number;
  cost: number | null;
  /** The tasks it covers now. */
  covers: TaskRef[];
  /** The tasks it leaves one tile short. */
  sets_up: TaskRef[];
  /** The seat that moves after it (None once the game is over). */
  next_player: number | null;
}

/** A tile's colour. */
export type Colour = "red" | "blue" | "teal" | "yellow";

/** A colour's letter, as a task's counts name it. */
export type Letter = "R" | "B" | "T" | "Y";

/** One task of a tile: how many tiles of each colour it needs, [colour, count] each. */
export type TaskCounts = [Colour, number][];

/** A tile: its colour, cost and tasks. */
export type CatalogueTile = [Colour, number, TaskCounts[]];

/** The 68 tiles by id (the `catalogue` trait, sent once: the state names tiles by id only). */
export type Catalogue = Record<string, CatalogueTile>;

/** One colour of a task's explanation (`Board.explain`): the colour's letter, how many tiles it needs, how many count, the chain of tiles counted and those touching the task's tile (both as indexes into the player's `tiles`). */
export type ColourTally = [Letter, number, number, number[], number[]];

/** A task's status: 0 open, 1 fulfilled (no token left for it), 2 covered. */
export type TaskStatus = 0 | 1 | 2;

/** A task of a player's area: [tile, task, status, counts]. `tile` indexes the player's `tiles`, `task` the tile's tasks; the page words the sentence from the counts. */
export type TaskRow = [number, number, TaskStatus, ColourTally[]];

/** A tile of an area: [id, x, y]. */
export type PlacedTile = [string, number, number];

/** One player of `state.players`. Nothing here is worded: the page words its labels about a player itself, `you` telling it which messages to use. */
export interface PlayerState {
  name: string;
  /** Whether the player is the reader, named You: the page words sentences about them with messages of their own (context "the player named You, the reader": "your area", "You win"). */
  you: boolean;
  /** Tokens left to place. */
  tokens: number;
  /** Tokens at the start. */
  supply: number;
  /** Total moon-track steps taken (the turn order follows it). */
  time: number;
  /** The moon-track space of the player's marker (0 is the new moon). */
  space: number;
  /** The bot that plays this seat, or None for a person. */
  bot: string | null;
  /** The area's tiles in placement order. */
  tiles: PlacedTile[];
  /** Every task of the area with its chain. */
  tasks: TaskRow[];
}

/** Where a takeable tile would fulfil tasks: [index into `cells`, the tasks fulfilled] (the new tile's own tasks carry its cell). */
export type Fulfil = [number, TaskRef[]];

/** The player to move's legal cells and, per takeable tile (in `choices` order), the cells where it would fulfil tasks. Empty once the game is over and on a position shown read-only. */
export interface MoveOptions {
  cells: Cell[];
  fulfil: Fulfil[][];
}

/** A turn since the player to move last moved, for the page to mark and to move: [id, player, tile id, wheel space it came from, x, y of the cell it went to]; `id` is the index of its take in `game.log`. */
export type RecentTurn = [number, number, string, number, number, number];

/** What an entry of the log tells. */
export type EntryKind = "setup" | "turn" | "refill" | "phase" | "score" | "end";

/** An entry of the page's log: [id, kind, player it concerns or None, sentence]. `id` is the index in `game.log` of its first event: entries with an id at least the `log_total` drawn before are new. */
export type LogEntry = [number, EntryKind, number | null, string];

/** A moon-track space and the players stacked there, bottom first. */
export type TrackSpace = [number, number[]];

/** The two ways a game ends, as the engine names them. */
export type EndReason = "last token" | "no tile";

/** The kinds of game. */
export type GameKind = "game" | "solo";

/** How the game ended, from the game's own result. */
export interface Over {
  reason: EndReason;
  winner: number;
  /** Players, best first. */
  ranking: number[];
  /** The end in words. */
  text: string;
  /** A summary: each player's tokens, tasks and tiles in ranking order, or solo how the score adds up. */
  lines: string[];
}

/** The solo standing as the page shows it: the engine's sheet, and its words for the page. */
export interface Solo extends ScoreSheet {
  /** How the score adds up, in words for the page. */
  lines: string[];
  /** What the phase asks now ("" once over). */
  goal: string;
}

/** What the buttons that play may do in the position. */
export interface PositionCan {
  refill: boolean;
  undo: boolean;
  redo: boolean;
  end_phase_one: boolean;
  bot: boolean;
}

/** The coach's buttons, which the widget adds. */
export interface CoachButtons {
  /** The Hint button (off on a bot's seat, once over, while browsing, in the guided game). */
  hint?: boolean;
  /** The Review button (once the game is over, not in the guided game). */
  review?: boolean;
}

/** What the buttons may do now. */
export interface Can extends PositionCan, CoachButtons {
}

/** The widget's changes to what the buttons may do: the coach's buttons, and those the guided game keeps off. */
export interface CoachCan extends CoachButtons {
  undo?: boolean;
  redo?: boolean;
  bot?: boolean;
}

/** A position as the page draws it (`protocol.game_state`). */
export interface Position {
  kind: GameKind;
  seed: number | null;
  /** Turns played. */
  turn: number;
  /** Each wheel space's tile id, or None (its length is the number of spaces). */
  wheel: (string | null)[];
  /** The moon marker's space. */
  marker: number;
  /** The takeable spaces, in order. */
  choices: number[];
  /** Tiles left in the draw pile. */
  pile: number;
  /** The draw pile's tiles per colour (public: 17 of each colour less those in sight). */
  pile_colours: Record<Colour, number>;
  /** The player to move; None once the game is over. */
  current: number | null;
  /** The turn order from now on. */
  order: number[];
  /** Each occupied moon-track space (none solo). */
  track: TrackSpace[];
  players: PlayerState[];
  moves: MoveOptions;
  /** The turns since the player to move last moved, that turn included, oldest first. */
  recent: RecentTurn[];
  /** The latest entries of the page's log, oldest first. */
  log: LogEntry[];
  /** How many events `game.log` holds. */
  log_total: number;
  over: Over | null;
  /** None in a game of 2–4 players. */
  solo: Solo | null;
  /** What the buttons may do (the position's flags; the widget adds its own). */
  can: Can;
}

/** The coach's hint for the player to move (`state.hint`); Python clears it when the position changes. */
export interface HintShown extends HintData {
  /** The sentence to say. */
  words: string;
  /** The version of the state it is for. */
  version: number;
}

/** An action a review row compares: what to mark and its words. */
export interface ComparedOption extends Mark {
  action: ActionData;
  /** The action in words. */
  words: string;
}

/** An action the coach talks about (the hint's suggestion and its alternatives, a review row's played and suggested actions): what to mark, and its words. */
export type CoachOption = OptionData | ComparedOption;

/** A review row opened: the position before action `row` is on show, with the action played and the coach's suggestion, and player `player`'s area after each. */
export interface Compare {
  row: number;
  player: number;
  played: ComparedOption;
  suggested: ComparedOption;
  played_area: PlayerState;
  suggested_area: PlayerState;
}

/** The position of the history on show: after the first `turn` of `turns` actions; `now` when it is the game's own position (else the page is read-only). */
export interface View {
  turn: number;
  turns: number;
  now: boolean;
  /** The position in words, e.g. "the start of the game". */
  label: string;
  /** The open review row's comparison. */
  compare: Compare | null;
}

/** The guided game's step as `state.tutorial` carries it. */
export interface Tutorial extends GuideState {
  /** Why the last click was not the one awaited (friendly words). */
  refused: string | null;
}

/** What a puzzle's answers are clicked as: wheel spaces, cells or tasks of area `seat`, players (their moon-track markers or areas), buttons (`choices`: words such as "refill", or numbers), or whole moves. */
export type PuzzleClick = "space" | "cell" | "task" | "seat" | "choice" | "move";

/** An answer as the page sends it and the state shows it: a wheel space, a seat or a number; a cell [x, y]; a task [x, y, task]; a move [space, x, y]; a word ("refill", "take", "not over"). */
export type AnswerData = number | string | number[];

/** An answer, and it in words (a button's, a pick's, a verdict's). */
export interface PuzzleAnswer {
  answer: AnswerData;
  words: string;
}

/** The puzzle checked: right or not, the answers given that are wrong, the right ones not given, and the words saying so and why (the engine's: which rule, which chain). */
export interface PuzzleVerdict {
  right: boolean;
  wrong: PuzzleAnswer[];
  missed: PuzzleAnswer[];
  words: string;
}

/** What the puzzle's buttons may do now. */
export interface PuzzleCan {
  check: boolean;
  hint: boolean;
  reveal: boolean;
}

/** The learner's progress file for the page to save as a download: its `name` and `text`; `number` counts the learner's asks, so the page saves each ask once, however often it redraws. */
export interface PuzzleDownload {
  number: number;
  name: string;
  text: string;
}

/** The puzzle on show (`state.puzzle`; the position drawn is the puzzle's). The learner clicks what `click` names (in `seat`'s area for cells and tasks); `all`: every right answer is to be picked, else any one. Placement puzzles name the `tile` to place and the wheel `space` it comes from. */
export interface PuzzleView {
  id: string;
  kind: string;
  question: string;
  click: PuzzleClick;
  all: boolean;
  /** The buttons of a puzzle answered by words or numbers (`choice`). */
  choices: PuzzleAnswer[];
  seat: number | null;
  tile: string | null;
  space: number | null;
  /** The learner's answers so far. */
  picks: PuzzleAnswer[];
  /** The hints taken so far, first to last: the rule to apply and where to look, never the answer. */
  hints: string[];
  /** The verdict once checked, else None. */
  verdict: PuzzleVerdict | null;
  /** Every right answer, once the puzzle is answered (checked or shown), else None. */
  answers: PuzzleAnswer[] | null;
  /** The engine's explanation, once the puzzle is answered. */
  explanation: string | null;
  /** The learner's rating (Glicko-2, rounded), and puzzles solved and tried so far. */
  rating: number;
  solved: number;
  tried: number;
  can: PuzzleCan;
  /** The progress file, after the learner asked to download it (the `download` intent), else None. */
  download: PuzzleDownload | null;
  /** The learner's name as the progress file keeps it (the `learner` intent), or None: not given. */
  learner: string | null;
}

/** The direction a language's text runs, as HTML's `dir` says it. */
export type Direction = "ltr" | "rtl";

/** Why one task of the position on show is or is not fulfilled (`Board.explain`): the page asks for it (the `why` intent) while it points at the task, so a state carries one sentence at most. */
export interface Why {
  /** The task: [player, tile (an index into the player's `tiles`), task (an index into the tile's)]. */
  task: number[];
  /** The engine's sentence, in the state's language. */
  text: string;
}

/** The mode the widget is in: what the page draws beside the position and what a click on it means. `playing` the game now; `guided` the guided first game; `puzzle` a puzzle on show (its own position); `history` an earlier position of the game (read-only); `review` a review row open on the position before its action (read-only, `view.compare`). Solo is no mode: it is the kind of game (`kind`, `solo`), played in any mode. */
export type ModeName = "playing" | "guided" | "puzzle" | "history" | "review";

/** What the playing mode adds to the state: its name only. */
export interface PlayingMode {
  mode: "playing";
}

/** What the guided game adds to the state: its step. */
export interface GuidedMode {
  mode: "guided";
  /** The guided game's step. */
  tutorial: Tutorial;
}

/** What the puzzles add to the state: the puzzle on show. */
export interface PuzzleMode {
  mode: "puzzle";
  /** The puzzle on show (the position drawn is the puzzle's). */
  puzzle: PuzzleView;
}

/** What an earlier position on show adds to the state: its name only (`view` says which). */
export interface HistoryMode {
  mode: "history";
}

/** What a review row open adds to the state: its name only (`view.compare` holds the row). */
export interface ReviewMode {
  mode: "review";
}

/** A mode's own part of the state, built by the mode (`modes.base.Part`). */
export type ModePart = PlayingMode | GuidedMode | PuzzleMode | HistoryMode | ReviewMode;

/** The fields of the state every mode has: the position (or a past one, or a puzzle's), then the widget's own fields. */
export interface StateCommon extends Position {
  /** Grows with every change of the position; intents name it. */
  version: number;
  /** The wheel space whose tile is chosen, not yet placed. */
  selected: number | null;
  /** Why the last intent was refused. */
  error: string | null;
  /** Intents handled (each gets a new state, so the page knows it was heard). */
  answered: number;
  /** The bot the Bot button asks. */
  bot: string;
  /** Every bot, by the name Python knows it by. */
  bot_names: string[];
  /** Each bot's name in the state's language. */
  bot_words: Record<string, string>;
  /** The position of the history on show. */
  view: View;
  hint: HintShown | null;
  /** The explanation of the task the page asked about last, while the position on show is the same. */
  why: Why | null;
  /** The code of the language every sentence of the state is in; the page speaks it too. */
  lang: string;
  /** The language's direction: text and panels follow it, the boards keep theirs. */
  dir: Direction;
}

/** The state while the game now is played. */
export interface PlayingState extends StateCommon, PlayingMode {
}

/** The state of the guided game. */
export interface GuidedState extends StateCommon, GuidedMode {
}

/** The state while a puzzle is on show. */
export interface PuzzleState extends StateCommon, PuzzleMode {
}

/** The state while an earlier position of the game is on show. */
export interface HistoryState extends StateCommon, HistoryMode {
}

/** The state while a review row is open. */
export interface ReviewState extends StateCommon, ReviewMode {
}

/** Everything the page draws (the `state` trait), built by Python only, tagged by its `mode`: the page switches on the mode and never guesses it from which fields are there. */
export type State = PlayingState | GuidedState | PuzzleState | HistoryState | ReviewState;

/** The unit of a review's losses: tokens, or solo points of score. */
export type LossUnit = "tokens" | "points";

/** A review row: action `index` (the position before it), played by `player` on turn `turn`. */
export interface ReviewRow {
  index: number;
  turn: number;
  player: number;
  name: string;
  played: string;
  suggested: string;
  /** How much better the suggestion looked (tokens, or solo points). */
  loss: number;
  /** The loss in words: "1.5 tokens". */
  loss_words: string;
  comment: string;
}

/** No review asked for (or the history changed since). */
export type NoReview = Record<string, never>;

/** The coach working through the actions. */
export interface ReviewWorking {
  status: "working";
  done: number;
  total: number;
}

/** The review: its rows, largest loss first (the row open is `state.view.compare.row`). */
export interface ReviewReady {
  status: "ready";
  unit: LossUnit;
  rows: ReviewRow[];
  total: number;
}

/** The `review_panel` trait, apart from `state` so that it is sent once. */
export type ReviewPanel = NoReview | ReviewWorking | ReviewReady;

/** The widget's traits the page reads. */
export interface Traits {
  state: State;
  catalogue: Catalogue;
  faces: PrintedPieces;
  review_panel: ReviewPanel;
  lang: string;
  projector: boolean;
}

/** Choose a takeable tile, or None to cancel. */
export interface SelectIntent {
  version: number;
  action: "select";
  space: number | null;
}

/** Place the chosen tile; `player` names the seat the click was for. */
export interface TakeIntent {
  version: number;
  action: "take";
  space: number;
  cell: Cell;
  player: number;
}

/** Refill the wheel. */
export interface RefillIntent {
  version: number;
  action: "refill";
  player?: number;
}

/** End phase 1 of the solo game. */
export interface EndPhaseOneIntent {
  version: number;
  action: "end_phase_one";
  player?: number;
}

/** Let a bot play this turn (`bot`: which; the widget's by default). */
export interface BotIntent {
  version: number;
  action: "bot";
  bot?: string;
  player?: number;
}

/** Undo, redo, or deal a new game. */
export interface HistoryIntent {
  version: number;
  action: "undo" | "redo" | "new";
}

/** Ask for a hint or a review; the guided game's Next, or the next puzzle. */
export interface CoachIntent {
  version: number;
  action: "hint" | "review" | "next";
}

/** Stop the Review under way (its panel shows the progress): the panel closes, and Review starts it afresh. Refused when no review is under way. */
export interface CancelReviewIntent {
  version: number;
  action: "cancel_review";
}

/** Show position `turn` of the history (None: now). */
export interface ShowIntent {
  version: number;
  action: "show";
  turn: number | null;
}

/** Open a review row (None: close it). */
export interface OpenIntent {
  version: number;
  action: "open";
  row: number | null;
}

/** Add an answer to the puzzle's picks, or take one back. */
export interface PuzzlePick {
  version: number;
  action: "pick" | "unpick";
  answer: AnswerData;
}

/** Open the puzzles; check the answer, show it, download the progress file, or leave the puzzles for the game. */
export interface PuzzleIntent {
  version: number;
  action: "puzzles" | "check" | "reveal" | "download" | "leave";
}

/** Name the learner whose progress the puzzles keep: the name goes into the progress file, so that a teacher's `class_report` can tell the learners apart. */
export interface LearnerIntent {
  version: number;
  action: "learner";
  name: string;
}

/** Speak another language (a code of `i18n.LANGUAGES`). */
export interface LanguageIntent {
  version: number;
  action: "language";
  lang: string;
}

/** Ask why a task of the position on show is or is not fulfilled: [player, tile, task] (None: no task). */
export interface WhyIntent {
  version: number;
  action: "why";
  task: number[] | null;
}

/** What the page asks of Python; Python checks each field (`protocol.parse_intent`). */
export type Intent = SelectIntent | TakeIntent | RefillIntent | EndPhaseOneIntent | BotIntent | HistoryIntent | CoachIntent | CancelReviewIntent | ShowIntent | OpenIntent | PuzzlePick | PuzzleIntent | LearnerIntent | LanguageIntent | WhyIntent;

/** An intent as the view writes it: `send` adds the `version`. */
export type Unsent<T> = T extends unknown ? Omit<T, "version"> : never;

/** The part of anywidget's model the view uses. */
export interface Model {
  get<K extends keyof Traits>(name: K): Traits[K];
  send(message: Intent): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
}
