// The Liar's Dice rules as the audit page's game verifier replays them: the same engine as
// referee/rules (settings, newGame, apply, pendingRoll, firstOpener), state for state and error
// code for error code, so the browser and `referee verify` re-derive a game identically.
// States are plain objects; `apply` returns a new state or throws a RulesError with its code.

import { biddableFaces, isRaise } from "./rules.js";

export class RulesError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

const INT_RANGES = { dice_per_player: [1, 10], max_players: [2, 8], turn_timer_s: [0, 3600] };
const DEFAULTS = { dice_per_player: 5, max_players: 6, wild_ones: true, turn_timer_s: 60 };
const isInt = (value) => Number.isInteger(value);

// Settings.from_dict: the tavern defaults with the table's switches; unknown keys and bad values throw.
export function settingsFrom(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new RulesError("settings/malformed", "settings must be an object");
  const unknown = Object.keys(data).filter((key) => !(key in DEFAULTS)).sort();
  if (unknown.length) throw new RulesError("settings/unknown", `unknown setting(s): ${unknown.join(", ")}`);
  const settings = { ...DEFAULTS, ...data };
  for (const [name, [low, high]] of Object.entries(INT_RANGES)) {
    if (!isInt(settings[name]) || settings[name] < low || settings[name] > high) throw new RulesError("settings/out_of_range", `${name} is out of range`);
  }
  if (typeof settings.wild_ones !== "boolean") throw new RulesError("settings/not_boolean", "wild_ones must be true or false");
  return settings;
}

export function sameSettings(a, b) {
  return Object.keys(DEFAULTS).every((key) => a[key] === b[key]);
}

export function firstOpener(seats, previous) {
  if (previous === null || previous === undefined) return seats[0];
  const later = seats.filter((seat) => seat > previous);
  return later.length ? later[0] : seats[0];
}

export function newGame(settings, seats, opener) {
  if (new Set(seats).size !== seats.length || seats.length < 2 || seats.length > settings.max_players) {
    throw new RulesError("game/players", "a game needs distinct seats");
  }
  if (!seats.includes(opener)) throw new RulesError("game/opener", "the opener is not one of the seats");
  return { settings, seats: [...seats], counts: seats.map(() => settings.dice_per_player), hands: seats.map(() => []),
    phase: "rolling", round: 1, opener, turn: null, bids: [], result: null, winner: null };
}

export const countOf = (state, seat) => state.counts[state.seats.indexOf(seat)];
export const totalDice = (state) => state.counts.reduce((a, b) => a + b, 0);
export const inGame = (state) => state.seats.filter((seat, i) => state.counts[i] > 0);
export const standingBid = (state) => (state.bids.length ? state.bids[state.bids.length - 1] : null);

function nextInGame(state, seat) {
  const start = state.seats.indexOf(seat);
  for (let step = 1; step <= state.seats.length; step++) {
    const index = (start + step) % state.seats.length;
    if (state.counts[index] > 0) return state.seats[index];
  }
  throw new Error("no player holds dice");
}

export function pendingRoll(state) {
  if (state.phase !== "rolling") return {};
  return Object.fromEntries(state.seats.map((seat, i) => [seat, state.counts[i]]).filter(([, count]) => count > 0));
}

function countMatching(hands, face, wildOnes) {
  return hands.flat().filter((die) => die === face || (wildOnes && die === 1)).length;
}

function requirePhase(state, phase) {
  if (state.phase !== phase) throw new RulesError("action/wrong_phase", `the game is ${state.phase}`);
}

function requireTurn(state, seat) {
  if (!isInt(seat)) throw new RulesError("action/seat", "a seat is an integer");
  requirePhase(state, "bidding");
  if (seat !== state.turn) throw new RulesError("action/not_your_turn", `it is seat ${state.turn}'s turn`);
}

// One action: {type: "roll", hands} | {type: "bid", seat, quantity, face} | {type: "liar", seat}
// | {type: "next_round"} | {type: "change_die", seat, index, value} | {type: "lose_die", seat}.
export function apply(state, action) {
  if (state.phase === "over") throw new RulesError("game/over", "the game is over");
  const handler = { roll, bid, liar, next_round: nextRound, change_die: changeDie, lose_die: loseDie }[action.type];
  return handler(state, action);
}

function roll(state, { hands }) {
  requirePhase(state, "rolling");
  if (hands.length !== state.seats.length) throw new RulesError("roll/hands", "a roll needs a hand per seat");
  state.seats.forEach((seat, i) => {
    const hand = hands[i];
    if (hand.length !== state.counts[i] || hand.some((d) => !isInt(d) || d < 1 || d > 6)) throw new RulesError("roll/hands", `seat ${seat} rolls wrong dice`);
  });
  return { ...state, hands: hands.map((hand) => [...hand]), phase: "bidding", turn: state.opener, bids: [], result: null };
}

function bid(state, { seat, quantity, face }) {
  if (!isInt(quantity) || !isInt(face)) throw new RulesError("bid/malformed", "quantity and face must be integers");
  requireTurn(state, seat);
  const faces = biddableFaces(state.settings);
  if (!faces.includes(face)) throw new RulesError("bid/face", `a bid names a face from ${faces[0]} to ${faces[faces.length - 1]}`);
  const total = totalDice(state);
  if (quantity < 1 || quantity > total) throw new RulesError("bid/quantity", `a bid's quantity is from 1 to ${total}`);
  const standing = standingBid(state);
  if (standing && !isRaise(standing, quantity, face, total)) throw new RulesError("bid/not_higher", "the bid does not raise the standing bid");
  return { ...state, bids: [...state.bids, { seat, quantity, face }], turn: nextInGame(state, seat) };
}

function liar(state, { seat }) {
  requireTurn(state, seat);
  const standing = standingBid(state);
  if (!standing) throw new RulesError("call/no_bid", "there is no bid to call Liar on");
  const count = countMatching(state.hands, standing.face, state.settings.wild_ones);
  const loser = count >= standing.quantity ? seat : standing.seat;
  const hands = Object.fromEntries(state.seats.map((s, i) => [s, state.hands[i]]).filter(([, hand]) => hand.length));
  const result = { bidder: standing.seat, caller: seat, quantity: standing.quantity, face: standing.face, hands, count, loser, diceLost: 1 };
  const counts = state.seats.map((s, i) => (s === loser ? state.counts[i] - 1 : state.counts[i]));
  let after = { ...state, counts, turn: null, result, phase: "revealed" };
  if (inGame(after).length === 1) after = { ...after, phase: "over", winner: inGame(after)[0] };
  return after;
}

function nextRound(state) {
  requirePhase(state, "revealed");
  const loser = state.result ? state.result.loser : state.opener;
  const opener = countOf(state, loser) > 0 ? loser : nextInGame(state, loser);
  return { ...state, phase: "rolling", round: state.round + 1, opener, hands: state.seats.map(() => []), bids: [], turn: null };
}

function changeDie(state, { seat, index, value }) {
  if (![seat, index, value].every(isInt)) throw new RulesError("action/malformed", "a die change names integers");
  if (state.phase !== "bidding") throw new RulesError("action/wrong_phase", "a die can change only while bidding");
  const position = state.seats.indexOf(seat);
  if (position < 0 || !state.hands[position].length) throw new RulesError("die/none", `seat ${seat} holds no dice this round`);
  const hand = state.hands[position];
  if (index < 0 || index >= hand.length) throw new RulesError("die/none", `seat ${seat} has no die ${index}`);
  if (value < 1 || value > 6) throw new RulesError("die/value", "a die shows 1 to 6");
  const hands = state.hands.map((h, i) => (i === position ? h.map((d, j) => (j === index ? value : d)) : h));
  return { ...state, hands };
}

function loseDie(state, { seat }) {
  if (!isInt(seat)) throw new RulesError("action/malformed", "seat must be an integer");
  if (state.phase !== "rolling" && state.phase !== "revealed") throw new RulesError("action/wrong_phase", "a penalty die is taken between rounds");
  if (!state.seats.includes(seat) || countOf(state, seat) === 0) throw new RulesError("seat/out", `seat ${seat} holds no dice`);
  let after = { ...state, counts: state.seats.map((s, i) => (s === seat ? state.counts[i] - 1 : state.counts[i])) };
  if (countOf(after, seat) === 0 && inGame(after).length > 1 && state.phase === "rolling" && state.opener === seat) {
    after = { ...after, opener: nextInGame(after, seat) };
  }
  if (inGame(after).length === 1) after = { ...after, phase: "over", winner: inGame(after)[0], turn: null };
  return after;
}
