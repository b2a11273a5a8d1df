// The roll-off for the opener (`first_opener = roll_off`), as referee/rules/roll_off.py: before the
// first round every player throws two dice; the highest sum opens and the game's seat order follows
// descending sums; tied players throw again among themselves until no tie is left.
//   state = newGame(settingsFrom({ first_opener: "roll_off" }), [0, 1, 2], null);  pendingRollOff(state) → [0, 1, 2]
//   rollOff(state, { dice: [[3, 4], [6, 1], [2, 2]] }).state.rollOff                                      → [[0, 1], [2]]

import { MalformedAction } from "../../rules_errors.js";
import { countOf } from "./state.js";

// Seats that must throw two dice now, in the game's seat order; empty unless the roll-off waits for dice.
export function pendingRollOff(state) {
  if (state.phase !== "rolling_off") return [];
  return state.seats.filter((seat) => state.rollOff.some((group) => group.length > 1 && group.includes(seat)));
}

const isDie = (d) => Number.isInteger(d) && d >= 1 && d <= 6;

// The throw by seat; a throw that is not two dice of 1–6 for exactly the seats throwing is malformed.
function checkedDice(state, dice, throwing) {
  if (!Array.isArray(dice) || dice.some((hand) => !Array.isArray(hand))) {
    throw new MalformedAction("roll_off/dice", "a roll-off throw is a list of hands");
  }
  if (dice.length !== state.seats.length) {
    throw new MalformedAction("roll_off/dice", `a roll-off throw needs ${state.seats.length} hands, got ${dice.length}`);
  }
  state.seats.forEach((seat, i) => {
    const want = throwing.includes(seat) ? 2 : 0;
    if (dice[i].length !== want || !dice[i].every(isDie)) {
      throw new MalformedAction("roll_off/dice", `seat ${seat} must throw ${want} dice of 1–6, got [${dice[i].join(", ")}]`);
    }
  });
  return new Map(state.seats.map((seat, i) => [seat, [...dice[i]]]));
}

// One throw: split every tie by the new sums; once no tie is left, the standing is the seat order
// and its first seat opens round 1.
export function rollOff(state, { dice }) {
  const throwing = pendingRollOff(state);
  const bySeat = checkedDice(state, dice, throwing);
  const sum = (seat) => bySeat.get(seat)[0] + bySeat.get(seat)[1];
  const groups = [];
  for (const group of state.rollOff) {
    if (group.length === 1) {
      groups.push(group);
      continue;
    }
    const sums = [...new Set(group.map(sum))].sort((a, b) => b - a);
    for (const total of sums) groups.push(group.filter((seat) => sum(seat) === total));
  }
  const events = [{ kind: "roll_off", audience: null, data: {
    dice: Object.fromEntries(throwing.map((seat) => [String(seat), bySeat.get(seat)])),
    standing: groups.map((group) => [...group]),
  } }];
  if (groups.some((group) => group.length > 1)) return { state: { ...state, rollOff: groups }, events };
  const order = groups.map((group) => group[0]);
  const after = { ...state, seats: order, counts: order.map((seat) => countOf(state, seat)), hands: order.map(() => []),
    phase: "rolling", opener: order[0], rollOff: [] };
  events.push({ kind: "seat_order", data: { seats: [...order], opener: order[0] }, audience: null });
  return { state: after, events };
}
