// What changed between two states, in words, for the screen reader's live region: who sat down
// or left, at every table (what a game did is its family's: games/<family>/, `announcements`).

import { t } from "./i18n.js";

export function seatAnnouncements(before, after) {
  const lines = [];
  const seatsBefore = new Set(before?.table.seats.map((seat) => seat.seat) ?? []);
  if (before) {
    for (const seat of after.table.seats) {
      if (!seatsBefore.has(seat.seat)) lines.push(t("announce.joined", { name: seat.name }));
    }
    const seatsAfter = new Set(after.table.seats.map((seat) => seat.seat));
    for (const seat of before.table.seats) {
      if (!seatsAfter.has(seat.seat)) lines.push(t("announce.left", { name: seat.name }));
    }
  }
  return lines;
}
