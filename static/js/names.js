// Seat names from a state, and the regulars' names in the page's language.

import { t } from "./i18n.js";

export function seatName(state, seat) {
  return state.table.seats.find((entry) => entry.seat === seat)?.name ?? `#${seat}`;
}

// A regular (a bot's seat) is logged under its bar name (Бочка, Крюк…); the catalogue's
// `regular.<name>` gives it in the page's language ("Barrel" on an English page). A name the
// catalogue does not know stays as logged.
export function regularName(name) {
  const key = `regular.${name}`;
  const text = t(key);
  return text === key ? name : text;
}

// `state` with every bot seat named in the page's language (people's names are never touched).
export function withLocalNames(state) {
  for (const seat of state.table.seats) if (seat.kind === "bot") seat.name = regularName(seat.name);
  return state;
}
