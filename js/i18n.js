// The page's words in the widget's language. Every sentence the page builds itself is a gettext message of
// the domain `novaluna_page` (its catalogues sit beside the engine's, in novaluna_widget/locale/), looked up
// here in js/locale.json, which js/build_locale.py writes from the .po files with Babel. English has no
// catalogue: its words are the msgids, and a message not yet translated is said in English.
//
// `make messages` extracts the calls of t, tc, tn and tnc with Babel's javascript extractor, which sees only
// string literals (the context too) and misses a call inside another's arguments or inside a template
// literal's ${…}: word into a const first (tests/test_i18n.py finds any call it would miss). A sentence is
// one message with named placeholders, so that a translation may put them in any order; a sentence about
// the player named You, the reader, has a message of its own (context "the player named You, the reader":
// "your area", "You win"), picked by the state's `player.you`, and for a seat named "you" too (words.js's
// `agrees`: grammar, not a guess of who reads).

import localeJson from "./locale.json";

/**
 * js/locale.json, as js/build_locale.py writes it: each language's own name, its plural forms by
 * Intl.PluralRules category, its digits (where they are not ASCII), the languages written right to left and
 * each language's catalogue.
 * @type {{languages: Record<string, string>, plural_index: Record<string, Record<string, number>>,
 *   digits: Record<string, string>, right_to_left: string[],
 *   catalogues: Record<string, Record<string, string | string[]>>}}
 */
const locale = localeJson;

/** gettext's separator between a message's context and its msgid (the keys of locale.json). */
const CONTEXT = "\u0004";

/** @type {Record<string, string>} every language, by code, with its own name for itself */
export const LANGUAGES = locale.languages;

let lang = "en";
/** @type {Map<string, string | string[]> | null} the catalogue of `lang` (null: English) */
let found = null;
/** @type {Intl.PluralRules | null} */
let rules = null;
/** @type {Record<string, number>} a plural category (Intl.PluralRules) → its form in the catalogue */
let forms = {};
/** @type {string | null} the language's digits 0–9, where they are not ASCII */
let digits = null;
/** @type {boolean} whether the language is written right to left (its sentences isolate values: `apart`) */
let rtl = false;
/** @type {{seat: RegExp, noun: RegExp} | null} how the language names a seat given no name, as made once */
let seats = null;

/** Catalogues as maps, made once per language (a msgid never meets Object's own keys). */
/** @type {Map<string, Map<string, string | string[]>>} */
const catalogues = new Map();

/**
 * Speak `code` from now on (an unknown code speaks English). The page calls it before it words anything,
 * with the language of the state it draws: cheap when the language is the same.
 * @param {string} code
 */
export function setLanguage(code) {
  if (code === lang) return;
  lang = code in LANGUAGES ? code : "en";
  if (!catalogues.has(lang)) catalogues.set(lang, new Map(Object.entries(locale.catalogues[lang] ?? {})));
  found = lang === "en" ? null : (catalogues.get(lang) ?? null);
  rules = lang === "en" ? null : new Intl.PluralRules(lang);
  forms = locale.plural_index[lang] ?? {};
  digits = locale.digits[lang] ?? null;
  rtl = locale.right_to_left.includes(lang);
  seats = null;
  numbers.clear();
  slots.clear();
}

/** @returns {string} the language the page speaks */
export const language = () => lang;

/** Numbers in the language's own digits, as worded so far (the board says the same few again and again). */
/** @type {Map<number, string>} */
const numbers = new Map();

/** @param {number} n a whole number @returns {string} it in the language's digits: "۶۸" in Persian */
export function num(n) {
  const own = digits;
  if (own === null) return String(n);
  let text = numbers.get(n);
  if (text === undefined) {
    text = String(n).replace(/[0-9]/g, (d) => own[Number(d)]);
    numbers.set(n, text);
  }
  return text;
}

/** @typedef {Record<string, string | number>} Values a message's placeholders: numbers get the digits */

/** Each template with placeholders, split once: [words, name, words, name, …, words]. */
/** @type {Map<string, string[]>} */
const templates = new Map();

/**
 * Per template of the language spoken, what each placeholder needs beyond its value: whether the template is
 * a notation (no letter in it: a cell's "({x}, {y})", read as one whole, its values not isolated within it),
 * and which placeholders follow the word for a player. Cleared when the language changes.
 * @type {Map<string, {notation: boolean, afterNoun: boolean[]}>}
 */
const slots = new Map();

const ISOLATE = "\u2068";
const END_ISOLATE = "\u2069";
/** A letter of a script written right to left (not its digits nor its comma, which a cell has too). */
const RTL_LETTER = /(?=\p{L})[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/**
 * A value as a sentence of a right-to-left language holds it, as the engine's do (i18n._filled): a value that
 * is not words of the language (a name in Latin letters, a tile id, a cell, a number with a minus sign) in
 * Unicode's first-strong isolate, so that the browser keeps its own order: "(۲، ۰)", never "(۰ ،۲)"; "-۱",
 * never "۱-". Words of the language (a nested sentence) are left as they are. Other languages: as it is.
 * @param {string} text @returns {string}
 */
export function apart(text) {
  if (!rtl || !text || RTL_LETTER.test(text)) return text;
  return ISOLATE + text + END_ISOLATE;
}

/**
 * The language's default name of a seat ("Player {n}") as a pattern, and the word for a player it must not
 * follow («игрока Игрок 2» is «игрока 2»), as the engine's i18n.SeatName.
 * @returns {{seat: RegExp, noun: RegExp}}
 */
function seatWords() {
  if (seats === null) {
    seats = { seat: /(?!)/, noun: /(?!)/ }; // while the two are worded below (their own templates are filled)
    const escape = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const seat = escape(tc("the name of a seat when none is given", "Player {n}")).replace(
      "\\{n\\}",
      "([0-9\u06f0-\u06f9]+)",
    );
    const noun = escape(
      tc(
        "the word for a player before a seat's number, as in 'the area of player 2': the letters every form of it begins with",
        "player",
      ),
    );
    // Japanese writes no spaces: the word itself right before the slot; elsewhere the word in any of its
    // forms (Russian declines it: игрок, игрока, игроку), then a space.
    seats = {
      seat: new RegExp(`^${seat}$`),
      noun: lang === "ja" ? new RegExp(`${noun}$`) : new RegExp(`(?<!\\p{L})${noun}\\p{L}{0,3}\\s$`, "iu"),
    };
  }
  return seats;
}

/**
 * What the placeholders of `text` (split into `parts`) need: see `slots`.
 * @param {string} text @param {string[]} parts
 */
function slotsOf(text, parts) {
  let found = slots.get(text);
  if (found === undefined) {
    const { noun } = seatWords();
    let before = "";
    const afterNoun = [];
    for (let i = 0; i < parts.length - 1; i += 2) {
      before += parts[i];
      afterNoun.push(noun.test(before));
      before += `{${parts[i + 1]}}`;
    }
    found = { notation: !/\p{L}/u.test(parts.filter((_, i) => i % 2 === 0).join("")), afterNoun };
    slots.set(text, found);
  }
  return found;
}

/**
 * The template with its placeholders filled (a missing value leaves its placeholder as it is). Wording runs
 * hundreds of times a render (every label of every area), so a template is split once, not matched anew.
 * A seat's default name after the word for a player is its number alone; in a right-to-left language a
 * value is kept `apart`, except within a notation (as the engine's i18n.Notation).
 * @param {string} text @param {Values | undefined} values @param {number} [n]
 */
function fill(text, values, n) {
  if (text.indexOf("{") < 0) return text;
  let parts = templates.get(text);
  if (parts === undefined) {
    parts = text.split(/\{(\w+)\}/);
    templates.set(text, parts);
  }
  const { notation, afterNoun } = slotsOf(text, parts);
  let words = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const value = values?.[parts[i]] ?? (parts[i] === "n" ? n : undefined);
    if (value === undefined) {
      words += `{${parts[i]}}`;
    } else {
      let said = typeof value === "number" ? num(value) : value;
      if (afterNoun[(i - 1) / 2] && typeof value === "string")
        said = seatWords().seat.exec(value)?.[1] ?? said;
      words += notation || (typeof value === "number" && value >= 0) ? said : apart(said);
    }
    words += parts[i + 1];
  }
  return words;
}

/**
 * The plural form for `n`: English's own, else the catalogue's form that Intl's category maps to.
 * @param {string} key @param {string} one @param {string} many @param {number} n @returns {string}
 */
function plural(key, one, many, n) {
  const translated = found?.get(key);
  if (!Array.isArray(translated)) return n === 1 ? one : many;
  return translated[forms[/** @type {Intl.PluralRules} a translation's */ (rules).select(n)] ?? 0];
}

/**
 * A sentence: `t("{who} takes {tile}.", {who, tile})`.
 * @param {string} msgid @param {Values} [values] @returns {string}
 */
export const t = (msgid, values) => fill(/** @type {string} */ (found?.get(msgid) ?? msgid), values);

/**
 * A sentence whose English is the same as another's, but whose words elsewhere may differ.
 * @param {string} context @param {string} msgid @param {Values} [values] @returns {string}
 */
export const tc = (context, msgid, values) =>
  fill(/** @type {string} */ (found?.get(context + CONTEXT + msgid) ?? msgid), values);

/**
 * A message in every language (English's msgid too), for words the page recognises whichever language it
 * speaks: the word "you", a seat's name.
 * @param {string} context @param {string} msgid @returns {Set<string>}
 */
export const inEveryLanguage = (context, msgid) =>
  new Set([
    msgid,
    ...Object.values(locale.catalogues)
      .map((catalogue) => catalogue[context + CONTEXT + msgid])
      .filter((words) => typeof words === "string"),
  ]);

/**
 * A sentence about a whole number `n` of things (`{n}` in it), in the plural form the language needs.
 * @param {string} one @param {string} many @param {number} n @param {Values} [values] @returns {string}
 */
export const tn = (one, many, n, values) => fill(plural(one, one, many, n), values, n);

/**
 * `tn` with a context.
 * @param {string} context @param {string} one @param {string} many @param {number} n @param {Values} [values]
 * @returns {string}
 */
export const tnc = (context, one, many, n, values) =>
  fill(plural(context + CONTEXT + one, one, many, n), values, n);
