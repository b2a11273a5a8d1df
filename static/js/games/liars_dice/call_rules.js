// Calls on the standing bid, as referee/rules/calls.py: who may call (`challenge`) and what a Liar
// or a spot-on call costs (`loss`, `duel_dice`); the count (ones wild unless the round is palifico),
// the loser, a right spot on's die back, palifico next round, the players out, the winner.
//   callers(state)                     → [2, 3, 0] under `anyone` with seat 2 to act and seat 1 the bidder
//   call(state, { type: "liar", seat: 1 }) → { state, events: [liar, revealed, die_lost, …] }

import { IllegalAction, MalformedAction } from "../../rules_errors.js";
import { countMatching } from "./bids.js";
import { leader, ROUND_BOUND, spotOnPlayed } from "./bound.js";
import { countOf, inGame, nextInGame, standingBid } from "./state.js";

// Seats that may call on the standing bid now: the player to act, then (under `challenge = anyone`)
// every other player in the game but the bidder, clockwise from the player to act.
export function callers(state) {
  const standing = standingBid(state);
  if (state.phase !== "bidding" || state.turn === null || standing === null) return [];
  if (state.settings.challenge !== "anyone") return [state.turn];
  const order = [state.turn];
  for (let seat = nextInGame(state, state.turn); seat !== state.turn; seat = nextInGame(state, seat)) order.push(seat);
  return order.filter((seat) => seat !== standing.seat);
}

function requireCaller(state, seat) {
  if (!Number.isInteger(seat)) throw new MalformedAction("action/seat", `a seat is an integer, got ${JSON.stringify(seat)}`);
  if (state.phase !== "bidding") throw new IllegalAction("action/wrong_phase", `cannot act while the game is ${state.phase}`);
  const anyone = state.settings.challenge === "anyone";
  if (!anyone && seat !== state.turn) throw new IllegalAction("action/not_your_turn", `it is seat ${state.turn}'s turn, not seat ${seat}'s`);
  const standing = standingBid(state);
  if (standing === null) throw new IllegalAction("call/no_bid", "there is no bid to call Liar on: the opener must bid");
  if (anyone && seat === standing.seat) throw new IllegalAction("call/own_bid", `seat ${seat} made the standing bid and cannot call it`);
  if (anyone && (!state.seats.includes(seat) || countOf(state, seat) === 0)) {
    throw new IllegalAction("call/not_in_game", `seat ${seat} is not in the game: only players with dice may call`);
  }
  return standing;
}

// What the round costs its loser under `loss` (never more than they hold).
function diceLost(state, loser, bid, count, spotOn) {
  const held = countOf(state, loser);
  const { loss, duel_dice: duelDice } = state.settings;
  if (loss === "elimination") return duelDice && inGame(state).length === 2 ? 1 : held;
  if (loss === "difference" && !spotOn) {
    return Math.min(held, Math.max(1, count < bid.quantity ? bid.quantity - count : count - bid.quantity + 1));
  }
  return 1;
}

// The reveal's payload; the keys of a switch that is off are left out (an A1 game's payload is as before).
function revealedJson(result, settings) {
  const data = { bidder: result.bidder, caller: result.caller, quantity: result.quantity, face: result.face,
    hands: result.hands, count: result.count, loser: result.loser, dice_lost: result.diceLost };
  if (settings.spot_on) Object.assign(data, { call: result.call, dice_gained: result.diceGained });
  if (settings.palifico) data.palifico_next = result.palificoNext;
  return data;
}

function dieLostJson(settings, seat, left, lost) {
  return settings.loss === "one_die" ? { seat, dice_left: left } : { seat, dice_left: left, dice_lost: lost };
}

// `action.seat` calls Liar (`type: "liar"`) or spot on (`type: "spot_on"`) on the standing bid; the round is revealed.
export function call(state, action) {
  const spotOn = action.type === "spot_on";
  if (spotOn && !state.settings.spot_on) throw new IllegalAction("spot_on/off", "this table does not play spot on");
  if (spotOn && !spotOnPlayed(true, state.round)) {
    throw new IllegalAction("spot_on/bound", `from round ${ROUND_BOUND} on spot on is not played: the game's bound (docs/rules.md, "Bounds")`);
  }
  const standing = requireCaller(state, action.seat);
  const caller = action.seat;
  const count = countMatching(state.hands, standing.face, state.settings.wild_ones && !state.palifico);
  const right = spotOn ? count === standing.quantity : count >= standing.quantity;
  const loser = spotOn ? (right ? null : caller) : (right ? caller : standing.seat);
  const lost = loser === null ? 0 : diceLost(state, loser, standing, count, spotOn);
  const gained = spotOn && right && countOf(state, caller) < state.settings.dice_per_player ? 1 : 0;
  const counts = state.seats.map((s, i) => (s === loser ? state.counts[i] - lost : s === caller ? state.counts[i] + gained : state.counts[i]));
  let after = { ...state, counts, turn: null, phase: "revealed" };
  const left = loser === null ? null : countOf(after, loser);
  const firstOneDie = loser !== null && left === 1 && !state.oneDieSeats.includes(loser);
  const hands = Object.fromEntries(state.seats.map((s, i) => [String(s), [...state.hands[i]]]).filter(([, hand]) => hand.length));
  const result = { bidder: standing.seat, caller, quantity: standing.quantity, face: standing.face, hands, count, loser,
    diceLost: lost, call: spotOn ? "spot_on" : "liar", diceGained: gained,
    palificoNext: state.settings.palifico && firstOneDie && inGame(after).length >= 3 };
  after = { ...after, result, oneDieSeats: firstOneDie ? [...state.oneDieSeats, loser] : state.oneDieSeats };
  const events = [
    { kind: spotOn ? "spot_on" : "liar", data: { seat: caller, quantity: standing.quantity, face: standing.face }, audience: null },
    { kind: "revealed", data: revealedJson(result, state.settings), audience: null },
  ];
  if (loser !== null) {
    events.push({ kind: "die_lost", data: dieLostJson(state.settings, loser, left, lost), audience: null });
    if (left === 0) events.push({ kind: "player_out", data: { seat: loser }, audience: null });
  }
  if (gained) events.push({ kind: "die_gained", data: { seat: caller, dice_left: countOf(after, caller) }, audience: null });
  const ahead = state.round >= ROUND_BOUND ? leader(Object.fromEntries(after.seats.map((s, i) => [s, after.counts[i]]))) : null;
  if (inGame(after).length === 1) {
    after = { ...after, phase: "over", winner: inGame(after)[0] };
    events.push({ kind: "game_over", data: { winner: after.winner }, audience: null });
  } else if (ahead !== null) {
    after = { ...after, phase: "over", winner: ahead };
    events.push({ kind: "game_over", data: { winner: ahead, bound: ROUND_BOUND }, audience: null });
  }
  return { state: after, events };
}
