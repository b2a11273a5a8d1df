// The Liar's Dice engine in the browser, as referee/rules/engine.py, with every house rule of
// RULES.md A2: new games, legal actions, applying an action, replaying a log. Pure: dice come in as
// chance actions (`roll`, `roll_off`). The same states, events and error codes as the Python engine
// (tests/rules/test_rules_js.py plays thousands of steps through both); the audit page's verifier
// and the bid control build on it. Actions:
//   {type: "roll", hands} | {type: "roll_off", dice} | {type: "bid", seat, quantity, face}
//   | {type: "liar", seat} | {type: "spot_on", seat} | {type: "next_round"}
//   | {type: "change_die", seat, index, value} | {type: "lose_die", seat}
// `applyStep` returns {state, events} (events {kind, data, audience}: null for everyone, or one seat);
// `apply` returns the state alone; both throw a RulesError (nothing changes) when the rules forbid it.
//   let state = newGame(settingsFrom({ dice_per_player: 2 }), [0, 1], 0);
//   state = apply(state, { type: "roll", hands: [[2, 3], [3, 1]] });
//   state = apply(state, { type: "bid", seat: 0, quantity: 3, face: 3 });
//   applyStep(state, { type: "liar", seat: 1 }).state.counts   → [2, 1]

import { changeDie, loseDie } from "./adjustments.js";
import { bidOrder } from "./bids.js";
import { spotOnPlayed } from "./bound.js";
import { call, callers } from "./call_rules.js";
import { IllegalAction, MalformedAction } from "../../rules_errors.js";
import { rollOff } from "./roll_off_rules.js";
import { countOf, inGame, nextInGame, standingBid, totalDice } from "./state.js";

export { bidOrder, countMatching } from "./bids.js";
export { leader, ROUND_BOUND, spotOnPlayed } from "./bound.js";
export { callers } from "./call_rules.js";
export { IllegalAction, MalformedAction, RulesError, SettingsConflict } from "../../rules_errors.js";
export { pendingRollOff } from "./roll_off_rules.js";
export { PRESETS, sameSettings, settingsFrom, settingsFromPreset, toDict } from "./settings.js";
export { countOf, inGame, standingBid, totalDice } from "./state.js";

const pyList = (seats) => `[${seats.join(", ")}]`;

// A game about to roll its first round; under `first_opener = roll_off` it starts with the roll-off
// instead, and `opener` must be null: the roll-off decides.
export function newGame(settings, seats, opener) {
  if (new Set(seats).size !== seats.length || seats.length < 2 || seats.length > settings.max_players) {
    throw new IllegalAction("game/players", `a game needs 2 to ${settings.max_players} distinct seats, got ${pyList(seats)}`);
  }
  const rollingOff = settings.first_opener === "roll_off";
  const given = opener ?? null;
  if (rollingOff && given !== null) {
    throw new IllegalAction("game/opener", `the roll-off decides who opens (first_opener = roll_off), not seat ${given}`);
  }
  if (!rollingOff && !seats.includes(given)) throw new IllegalAction("game/opener", `opener ${given} is not one of the seats ${pyList(seats)}`);
  return { settings, seats: [...seats], counts: seats.map(() => settings.dice_per_player), hands: seats.map(() => []),
    phase: rollingOff ? "rolling_off" : "rolling", round: 1, opener: given ?? seats[0], turn: null, bids: [], result: null,
    winner: null, rollOff: rollingOff ? [[...seats]] : [], palifico: false, oneDieSeats: [] };
}

// Who opens a new game at a table: the first seat, then the next seat clockwise from the last game's first opener.
export function firstOpener(seats, previous) {
  if (previous === null || previous === undefined) return seats[0];
  const later = seats.filter((seat) => seat > previous);
  return later.length ? later[0] : seats[0];
}

// Dice each player in the game must roll now, by seat; empty unless the game waits for a roll.
export function pendingRoll(state) {
  if (state.phase !== "rolling") return {};
  return Object.fromEntries(state.seats.map((seat, i) => [seat, state.counts[i]]).filter(([, count]) => count > 0));
}

// The order of bids for `seat` in the round being played (palifico rounds depend on the bidder's dice).
export function orderFor(state, seat) {
  const oneDie = state.seats.includes(seat) && countOf(state, seat) === 1;
  return bidOrder(state.settings, { palifico: state.palifico, oneDie });
}

// Every action the rules accept now, in the engine's order: the bids of the player to act (lowest
// first), then for each caller its Liar, then its spot on where the table plays it. No chance actions.
export function legalActions(state) {
  if (state.phase === "revealed") return [{ type: "next_round" }];
  if (state.phase !== "bidding" || state.turn === null) return [];
  const standing = standingBid(state);
  const raises = orderFor(state, state.turn).raises(standing, totalDice(state));
  const actions = raises.map(({ quantity, face }) => ({ type: "bid", seat: state.turn, quantity, face }));
  for (const seat of callers(state)) {
    actions.push({ type: "liar", seat });
    if (spotOnPlayed(state.settings.spot_on, state.round)) actions.push({ type: "spot_on", seat });
  }
  return actions;
}

// One action: the state after it and the events it produced, in order.
export function applyStep(state, action) {
  if (state.phase === "over") throw new IllegalAction("game/over", `the game is over; seat ${state.winner} won`);
  const handlers = { roll, bid, liar: call, spot_on: call, roll_off: throwRollOff, next_round: nextRound,
    change_die: changeDie, lose_die: loseDie };
  if (!Object.hasOwn(handlers, action?.type)) throw new MalformedAction("action/unknown", `unknown action ${JSON.stringify(action)}`);
  return handlers[action.type](state, action);
}

export function apply(state, action) {
  return applyStep(state, action).state;
}

// The state reached by applying `actions` to a new game: the log is the truth.
export function replay(settings, seats, opener, actions) {
  return actions.reduce(apply, newGame(settings, seats, opener));
}

function requirePhase(state, phase, doing) {
  if (state.phase !== phase) throw new IllegalAction("action/wrong_phase", `cannot ${doing} while the game is ${state.phase}`);
}

function throwRollOff(state, action) {
  requirePhase(state, "rolling_off", "throw for the roll-off");
  return rollOff(state, action);
}

const isDie = (d) => Number.isInteger(d) && d >= 1 && d <= 6;

function roll(state, { hands }) {
  requirePhase(state, "rolling", "roll");
  if (!Array.isArray(hands) || hands.some((hand) => !Array.isArray(hand))) throw new MalformedAction("roll/hands", "a roll is a list of hands");
  if (hands.length !== state.seats.length) throw new MalformedAction("roll/hands", `a roll needs ${state.seats.length} hands, got ${hands.length}`);
  state.seats.forEach((seat, i) => {
    if (hands[i].length !== state.counts[i] || !hands[i].every(isDie)) {
      throw new MalformedAction("roll/hands", `seat ${seat} must roll ${state.counts[i]} dice of 1–6, got [${hands[i].join(", ")}]`);
    }
  });
  const rolled = { ...state, hands: hands.map((hand) => [...hand]), phase: "bidding", turn: state.opener, bids: [], result: null };
  const started = { round: state.round, opener: state.opener,
    dice_counts: Object.fromEntries(inGame(state).map((seat) => [String(seat), countOf(state, seat)])), total_dice: totalDice(state) };
  if (state.palifico) started.palifico = true;
  const events = [{ kind: "round_started", data: started, audience: null }];
  state.seats.forEach((seat, i) => {
    if (hands[i].length) events.push({ kind: "dice_rolled", data: { round: state.round, dice: [...hands[i]] }, audience: seat });
  });
  return { state: rolled, events };
}

function requireTurn(state, seat) {
  if (!Number.isInteger(seat)) throw new MalformedAction("action/seat", `a seat is an integer, got ${JSON.stringify(seat)}`);
  requirePhase(state, "bidding", "act");
  if (seat !== state.turn) throw new IllegalAction("action/not_your_turn", `it is seat ${state.turn}'s turn, not seat ${seat}'s`);
}

function bid(state, { seat, quantity, face }) {
  if (!Number.isInteger(quantity) || !Number.isInteger(face)) {
    throw new MalformedAction("bid/malformed", "quantity and face must be integers");
  }
  requireTurn(state, seat);
  const order = orderFor(state, seat);
  const standing = standingBid(state);
  const faces = standing === null ? order.openingFaces : order.faces;
  if (!faces.includes(face)) {
    const opening = standing === null && faces.join() !== order.faces.join() ? "an opening bid" : "a bid";
    throw new IllegalAction("bid/face", `${opening} names a face from ${faces[0]} to ${faces[faces.length - 1]}, not ${face}`);
  }
  const total = totalDice(state);
  if (quantity < 1 || quantity > total) {
    throw new IllegalAction("bid/quantity", `a bid's quantity is from 1 to ${total} (dice in play), not ${quantity}`);
  }
  if (standing && order.keepFace && face !== standing.face) {
    throw new IllegalAction("bid/palifico_face", `in a palifico round the face stays ${standing.face}: only a player with one die may change it, not to ${face}`);
  }
  if (standing && !order.isRaise(standing, { quantity, face }, total)) {
    throw new IllegalAction("bid/not_higher", `${quantity} × ${face} does not raise ${standing.quantity} × ${standing.face}: ${order.explain()}`);
  }
  const after = { ...state, bids: [...state.bids, { seat, quantity, face }], turn: nextInGame(state, seat) };
  return { state: after, events: [{ kind: "bid", data: { seat, quantity, face }, audience: null }] };
}

// The next round's opener: a spot-on caller, else the loser; if they are out, the next player clockwise.
function nextRound(state) {
  requirePhase(state, "revealed", "start the next round");
  const { result } = state;
  let seat = state.opener;
  if (result !== null) seat = result.call === "spot_on" || result.loser === null ? result.caller : result.loser;
  const opener = countOf(state, seat) > 0 ? seat : nextInGame(state, seat);
  const after = { ...state, phase: "rolling", round: state.round + 1, opener, hands: state.seats.map(() => []), bids: [],
    turn: null, palifico: result !== null && result.palificoNext };
  return { state: after, events: [{ kind: "next_round", data: { round: after.round, opener }, audience: null }] };
}
