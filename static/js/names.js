// Seat names from a state.

export function seatName(state, seat) {
  return state.table.seats.find((entry) => entry.seat === seat)?.name ?? `#${seat}`;
}
