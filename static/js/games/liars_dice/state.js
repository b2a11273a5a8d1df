// Reading one Liar's Dice game state, as the properties of referee/rules/state.py GameState.
// A state is a plain object, never changed in place (the engine returns a new one per action):
//   { settings, seats, counts, hands, phase, round, opener, turn, bids: [{seat, quantity, face}],
//     result, winner, rollOff: [[seat, …], …], palifico, oneDieSeats: [seat, …] }
// `seats` is the game's seat order (clockwise, or the roll-off's); `counts` and `hands` align with it.
//   countOf({ seats: [0, 2], counts: [5, 4] }, 2)    → 4
//   totalDice({ counts: [5, 4] })                     → 9

export const countOf = (state, seat) => state.counts[state.seats.indexOf(seat)];
export const handOf = (state, seat) => state.hands[state.seats.indexOf(seat)];
export const totalDice = (state) => state.counts.reduce((a, b) => a + b, 0);
export const inGame = (state) => state.seats.filter((seat, i) => state.counts[i] > 0);
export const standingBid = (state) => (state.bids.length ? state.bids[state.bids.length - 1] : null);

// The next seat clockwise from `seat` that still holds dice (`seat` itself may be out).
export function nextInGame(state, seat) {
  const start = state.seats.indexOf(seat);
  for (let step = 1; step <= state.seats.length; step += 1) {
    const index = (start + step) % state.seats.length;
    if (state.counts[index] > 0) return state.seats[index];
  }
  throw new Error("no player holds dice");
}

// A copy of `list` with the item at `position` replaced by `value`.
export const replaced = (list, position, value) => list.map((item, i) => (i === position ? value : item));
