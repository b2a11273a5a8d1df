// What changed between two states, in words, for the screen reader's live region.

import { bidWords, t } from "./i18n.js";
import { seatName } from "./names.js";
import { verdict } from "./reveal.js";

export function announcements(before, after) {
  const name = (seat) => seatName(after, seat);
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
  const game = after.game;
  if (!game) return lines;
  const old = before?.game;
  if (old && old.game !== game.game) lines.push(t("announce.started", { game: game.game }));
  const sameRound = old && old.game === game.game && old.round === game.round;
  for (const bid of game.bids.slice(sameRound ? old.bids.length : game.bids.length)) {
    lines.push(t("announce.bid", { name: name(bid.seat), bid: bidWords(bid.quantity, bid.face) }));
  }
  if (game.result && !old?.result) {
    const call = t("reveal.call", {
      caller: name(game.result.caller), bidder: name(game.result.bidder),
      bid: bidWords(game.result.quantity, game.result.face),
    });
    const count = t(game.rules.wild_ones ? "reveal.count" : "reveal.count_plain", { count: game.result.count });
    lines.push(call, count, verdict(game.result, name, game.seats_in_game));
  }
  if (game.winner !== null && old?.winner !== game.winner) lines.push(t("over.winner", { name: name(game.winner) }));
  const turnChanged = !old || old.turn !== game.turn || !sameRound;
  if (game.phase === "bidding" && game.turn !== null && turnChanged) {
    lines.push(game.turn === after.you.seat ? t("announce.your_turn") : t("announce.turn", { name: name(game.turn) }));
  }
  return lines;
}
