// The referee's adjustments to a game, as referee/rules/adjustments.py: an approved die change while
// bidding (the count then uses the changed die) and a penalty die between rounds.
//   changeDie(state, { seat: 0, index: 1, value: 6 }).events[0]  → { kind: "die_changed", …, audience: 0 }
//   loseDie(state, { seat: 0 }).events.map((e) => e.kind)        → ["die_lost", "player_out"] for a last die

import { IllegalAction, MalformedAction } from "../../rules_errors.js";
import { countOf, handOf, inGame, nextInGame, replaced } from "./state.js";

function requireInt(value, what) {
  if (!Number.isInteger(value)) throw new MalformedAction("action/malformed", `${what} must be an integer, got ${JSON.stringify(value)}`);
  return value;
}

// Die `index` of `seat` shows `value` from now until the round's reveal: only while bidding,
// only a die the seat holds this round, only a face 1–6.
export function changeDie(state, action) {
  const seat = requireInt(action.seat, "seat");
  const index = requireInt(action.index, "die index");
  const value = requireInt(action.value, "value");
  if (state.phase !== "bidding") {
    throw new IllegalAction("action/wrong_phase", `a die can change only while bidding, not while the game is ${state.phase}`);
  }
  if (!state.seats.includes(seat) || !handOf(state, seat).length) throw new IllegalAction("die/none", `seat ${seat} holds no dice this round`);
  const hand = handOf(state, seat);
  if (index < 0 || index >= hand.length) {
    throw new IllegalAction("die/none", `seat ${seat} holds dice 0 to ${hand.length - 1}, not die ${index}`);
  }
  if (value < 1 || value > 6) throw new IllegalAction("die/value", `a die shows 1 to 6, not ${value}`);
  const hands = replaced(state.hands, state.seats.indexOf(seat), replaced(hand, index, value));
  return { state: { ...state, hands }, events: [{ kind: "die_changed", data: { seat, index, value }, audience: seat }] };
}

// `seat` loses one die between rounds; losing the last one puts it out, and the last player holding
// dice wins. A seat that was to open passes the opening on clockwise.
export function loseDie(state, action) {
  const seat = requireInt(action.seat, "seat");
  if (state.phase !== "rolling" && state.phase !== "revealed") {
    throw new IllegalAction("action/wrong_phase", `a penalty die is taken between rounds, not while the game is ${state.phase}`);
  }
  if (!state.seats.includes(seat) || countOf(state, seat) === 0) throw new IllegalAction("seat/out", `seat ${seat} holds no dice`);
  const position = state.seats.indexOf(seat);
  let after = { ...state, counts: replaced(state.counts, position, state.counts[position] - 1) };
  const events = [{ kind: "die_lost", data: { seat, dice_left: countOf(after, seat), penalty: true }, audience: null }];
  if (countOf(after, seat) === 0) {
    events.push({ kind: "player_out", data: { seat }, audience: null });
    if (inGame(after).length > 1 && state.phase === "rolling" && state.opener === seat) after = { ...after, opener: nextInGame(after, seat) };
  }
  if (inGame(after).length === 1) {
    after = { ...after, phase: "over", winner: inGame(after)[0], turn: null };
    events.push({ kind: "game_over", data: { winner: after.winner }, audience: null });
  }
  return { state: after, events };
}
