// What a Liar's Dice game did between two states, in words, for the screen reader's live region
// (table.js's `announcements`; who sat down or left is the shared announce.js's): a new game, the
// roll-off's ties and order, palifico, each new bid, the call and its count, the winner, whose turn.

import { bidWords, t } from "../../i18n.js";
import { seatName } from "../../names.js";
import { callText, countText, verdict } from "./reveal.js";
import { tiedGroups } from "./roll_off.js";

export function liarsDiceAnnouncements(before, after) {
  const name = (seat) => seatName(after, seat);
  const lines = [];
  const game = after.game;
  if (!game) return lines;
  const old = before?.game;
  if (old && old.game !== game.game) lines.push(t("announce.started", { game: game.game }));
  // A page that has just opened is not told the roll-off again: its order is in the roll-off card.
  if (before) lines.push(...rollOffLines(old?.game === game.game ? old.roll_off : null, game.roll_off, name));
  const sameRound = old && old.game === game.game && old.round === game.round;
  if (game.palifico && !sameRound && game.phase !== "over") lines.push(t("game.palifico"));
  const fresh = sameRound ? old.bids.length : game.bids.length;
  for (const [index, bid] of game.bids.entries()) {
    if (index < fresh) continue;
    // A bid a regular made for a person says so (round_history.js marks it in the list too).
    const key = game.stand_ins?.[index] ? "history.announce_bid" : "announce.bid";
    lines.push(t(key, { name: name(bid.seat), bid: bidWords(bid.quantity, bid.face) }));
  }
  if (game.result && !old?.result) {
    const called = game.history?.rounds.find((done) => done.round === game.round);
    if (called?.stand_in) lines.push(t("history.announce_call", { name: name(game.result.caller) }));
    lines.push(callText(game.result, name), countText(game), verdict(game.result, name, game.seats_in_game));
    if (game.result.palifico_next) lines.push(t("reveal.palifico_next"));
  }
  if (game.winner !== null && old?.winner !== game.winner) lines.push(t("over.winner", { name: name(game.winner) }));
  const turnChanged = !old || old.turn !== game.turn || !sameRound;
  if (game.phase === "bidding" && game.turn !== null && turnChanged) {
    lines.push(game.turn === after.you.seat ? t("announce.your_turn") : t("announce.turn", { name: name(game.turn) }));
  }
  return lines;
}

// The roll-off's new throws that ended tied, then the seat order once it is decided.
function rollOffLines(before, after, name) {
  if (!after) return [];
  const seen = before?.throws.length ?? 0;
  const lines = after.throws.slice(seen).flatMap((throwing, index) => tiedGroups(throwing).map((group) =>
    t("announce.roll_off_tie", { n: seen + index + 1, names: group.map(name).join(", ") })));
  if (after.seat_order && !before?.seat_order) {
    lines.push(t("announce.roll_off", { name: name(after.seat_order[0]), names: after.seat_order.map(name).join(", ") }));
  }
  return lines;
}
