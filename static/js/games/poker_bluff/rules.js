// What the browser's verifier needs of the poker-dice bluff rules (referee/rules/poker_bluff): the
// settings, declarations (their JSON form, order, text, the dice they name, what a cup may keep of
// them) and one game's steps, with the same error codes as the Python engine (the verifier's
// messages quote only the codes). States are plain objects and never changed in place:
//   let s = newGame(settingsFrom({tokens: 1}), [0, 1], 0);
//   s = apply(s, {type: "roll", dice: [4, 4, 6, 2, 3]});
//   s = apply(s, {type: "declare", seat: 0, declaration: fromDict({kind: "pair", faces: [4, 6]})});
//   apply(s, {type: "doubt", seat: 1}).result.held  → true

import { IllegalAction, MalformedAction, RulesError } from "../../rules_errors.js";
import { ROUND_BOUND } from "./bound.js";

export { ROUND_BOUND, RulesError };

export const SHAPES = { single: [1], pair: [2, 1], two_pairs: [2, 2, 1], three: [3, 1], full_house: [3, 2], four: [4, 1], five: [5] };
export const KINDS = Object.keys(SHAPES);
export const CUP = 5;
const isInt = (v) => typeof v === "number" && Number.isInteger(v);
const RANGES = { tokens: [1, 10], turn_timer_s: [0, 3600] };
const DEFAULTS = { tokens: 3, token_value: "", two_games: false, turn_timer_s: 60 };

// Settings from JSON-like data, refused as PokerSettings.from_dict refuses them.
export function settingsFrom(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new MalformedAction("settings/malformed", "settings must be an object");
  if (Object.keys(data).some((k) => !Object.hasOwn(DEFAULTS, k))) throw new MalformedAction("settings/unknown", "unknown setting(s)");
  const s = { ...DEFAULTS, ...data };
  for (const [name, [low, high]] of Object.entries(RANGES)) {
    if (!isInt(s[name]) || s[name] < low || s[name] > high) throw new MalformedAction("settings/out_of_range", `${name} is out of range`);
  }
  if (typeof s.two_games !== "boolean") throw new MalformedAction("settings/not_boolean", "two_games must be true or false");
  if (typeof s.token_value !== "string" || [...s.token_value].length > 40 || !/^(?:[^\p{C}\p{Z}]| )*$/u.test(s.token_value)) {
    throw new MalformedAction("settings/token_value", "token_value is short printable text");
  }
  return s;
}

export const sameSettings = (a, b) => Object.keys(DEFAULTS).every((k) => a[k] === b[k]);

// A well-formed declaration {kind, faces}, or a MalformedAction with Declaration's code.
function declaration(kind, faces) {
  if (typeof kind !== "string" || !Object.hasOwn(SHAPES, kind)) throw new MalformedAction("declaration/kind", "unknown kind");
  const shape = SHAPES[kind];
  if (faces.length !== shape.length) throw new MalformedAction("declaration/shape", "wrong number of faces");
  if (faces.some((f) => !isInt(f) || f < 1 || f > 6)) throw new MalformedAction("declaration/face", "faces are 1 to 6");
  if (kind === "two_pairs" && faces[0] === faces[1]) throw new MalformedAction("declaration/equal_pairs", "two equal pairs");
  if (kind === "full_house" && faces[0] === faces[1]) throw new MalformedAction("declaration/equal_groups", "five of a kind");
  if (faces.length > 1 && shape[shape.length - 1] === 1 && faces.slice(0, -1).includes(faces[faces.length - 1])) {
    throw new MalformedAction("declaration/odd_die", "the odd die is in a group");
  }
  if (kind === "two_pairs" && faces[0] < faces[1]) throw new MalformedAction("declaration/pair_order", "higher pair first");
  return { kind, faces: [...faces] };
}

// A declaration from its JSON form, as declarations.from_dict (two pairs may list either pair first).
export function fromDict(data) {
  const keys = data !== null && typeof data === "object" && !Array.isArray(data) ? Object.keys(data).sort().join(",") : "";
  if (keys !== "faces,kind" || !Array.isArray(data.faces)) throw new MalformedAction("declaration/malformed", "a declaration is {kind, faces}");
  let faces = [...data.faces];
  if (data.kind === "two_pairs" && faces.length === 3 && faces.every(isInt)) faces = [...faces.slice(0, 2).sort((a, b) => b - a), faces[2]];
  return declaration(data.kind, faces);
}

// The dice a declaration names, group by group; its canonical text ("5,5+3,3+6").
export const diceOf = (d) => SHAPES[d.kind].flatMap((size, i) => new Array(size).fill(d.faces[i]));
export const textOf = (d) => SHAPES[d.kind].map((size, i) => new Array(size).fill(d.faces[i]).join(",")).join("+");

// -1, 0 or 1 as declaration a is weaker than, equal to or stronger than b (B3).
export function compare(a, b) {
  const kinds = KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind);
  if (kinds) return Math.sign(kinds);
  for (let i = 0; i < a.faces.length; i += 1) if (a.faces[i] !== b.faces[i]) return Math.sign(a.faces[i] - b.faces[i]);
  return 0;
}

const counts = (dice) => dice.reduce((m, d) => m.set(d, (m.get(d) ?? 0) + 1), new Map());
const lacking = (wanted, have) => { const h = counts(have); return [...counts(wanted)].some(([d, n]) => (h.get(d) ?? 0) < n); };
export const isIn = (d, cup) => !lacking(diceOf(d), cup);

// The dice of `cup` that belong to the declaration (the multiset intersection), sorted.
export function keepable(d, cup) {
  const have = counts(cup);
  return [...counts(diceOf(d))].flatMap(([face, n]) => new Array(Math.min(n, have.get(face) ?? 0)).fill(face)).sort((a, b) => a - b);
}

const isHighest = (d) => d.kind === "five" && d.faces[0] === 6;

export function newGame(settings, seats, starter) {
  if (seats.length !== 2 || seats[0] === seats[1] || !seats.every(isInt)) throw new IllegalAction("game/players", "a game needs 2 distinct seats");
  if (!seats.includes(starter)) throw new IllegalAction("game/starter", "the starter is not a seat");
  return { settings, seats: [...seats], tokens: [settings.tokens, settings.tokens], phase: "rolling", round: 1, starter, holder: starter,
    cup: [], kept: [], declarations: [], result: null, winner: null };
}

export const other = (s, seat) => (seat === s.seats[0] ? s.seats[1] : s.seats[0]);
export const tokensOf = (s, seat) => s.tokens[s.seats.indexOf(seat)];
export const last = (s) => (s.declarations.length ? s.declarations[s.declarations.length - 1] : null);
export const pendingRoll = (s) => (s.phase === "rolling" ? CUP - s.kept.length : 0);
export function turnOf(s) {
  if (s.phase === "declaring" || s.phase === "keeping") return s.holder;
  return s.phase === "responding" ? other(s, s.holder) : null;
}

function require(s, phase, seat) {
  if (seat !== null && !isInt(seat)) throw new MalformedAction("action/seat", "a seat is an integer");
  if (s.phase !== phase) throw new IllegalAction("action/wrong_phase", `the game is ${s.phase}`);
  if (seat !== null && seat !== turnOf(s)) throw new IllegalAction("action/not_your_turn", "not this seat's turn");
}

const STEPS = {
  roll(s, a) {
    require(s, "rolling", null);
    const n = pendingRoll(s);
    if (!Array.isArray(a.dice) || a.dice.length !== n || a.dice.some((d) => !isInt(d) || d < 1 || d > 6)) throw new MalformedAction("roll/dice", "wrong dice");
    return { ...s, cup: [...s.kept, ...a.dice], phase: "declaring" };
  },
  declare(s, a) {
    require(s, "declaring", a.seat);
    const standing = last(s);
    if (standing !== null && compare(a.declaration, standing.declaration) <= 0) throw new IllegalAction("declare/not_higher", "does not beat the last");
    return { ...s, phase: "responding", declarations: [...s.declarations, { seat: a.seat, declaration: a.declaration }] };
  },
  believe(s, a) {
    require(s, "responding", a.seat);
    if (isHighest(last(s).declaration)) throw new IllegalAction("believe/no_higher", "nothing beats five sixes");
    return { ...s, phase: "keeping", holder: a.seat };
  },
  doubt(s, a) {
    require(s, "responding", a.seat);
    const placed = last(s);
    const held = isIn(placed.declaration, s.cup);
    const [winner, loser] = held ? [placed.seat, a.seat] : [a.seat, placed.seat];
    const tokens = s.seats.map((seat, i) => s.tokens[i] + (seat === winner ? 1 : -1));
    const bound = tokens[s.seats.indexOf(loser)] > 0 && s.round >= ROUND_BOUND && tokens[0] !== tokens[1];
    const over = bound || tokens[s.seats.indexOf(loser)] === 0;
    const champion = bound ? s.seats[tokens[0] > tokens[1] ? 0 : 1] : winner;
    const result = { declarer: placed.seat, doubter: a.seat, declaration: placed.declaration, cup: s.cup, held, winner, loser };
    return { ...s, tokens, result, phase: over ? "over" : "revealed", winner: over ? champion : null };
  },
  reroll(s, a) {
    if (!Array.isArray(a.keep) || a.keep.some((d) => !isInt(d))) throw new MalformedAction("reroll/malformed", "the dice to keep are faces");
    require(s, "keeping", a.seat);
    if (a.keep.length >= CUP) throw new IllegalAction("reroll/keep_all", "at least one die must be re-rolled");
    if (lacking(a.keep, s.cup)) throw new IllegalAction("reroll/not_in_cup", "not in the cup");
    if (lacking(a.keep, keepable(last(s).declaration, s.cup))) throw new IllegalAction("reroll/not_declared", "not of the declaration");
    return { ...s, phase: "rolling", cup: [], kept: [...a.keep].sort((x, y) => x - y) };
  },
  next_round(s) {
    require(s, "revealed", null);
    const starter = s.result.winner;
    return { ...s, phase: "rolling", round: s.round + 1, starter, holder: starter, cup: [], kept: [], declarations: [] };
  },
};

// The state after one action ({type: roll|declare|believe|doubt|reroll|next_round, ...}); a RulesError when refused.
export function apply(s, action) {
  if (s.phase === "over") throw new IllegalAction("game/over", "the game is over");
  return STEPS[action.type](s, action);
}
