// The audit page's view of one round as the rules re-derived it (audit_play.js): the bids in
// order, the call, the count and the loser (and who is out, who wins), in the page's language.

import { el } from "./dom.js";
import { bidShort, t } from "./i18n.js";

// `play`: {bids: [{seat, quantity, face}], call: {caller, bidder, quantity, face, count, loser,
// diceLost, out, winner} | null}, or null when the rules did not replay the round; `name(seat)`.
export function playBlock(play, name) {
  if (!play) return null;
  const bids = play.bids.length
    ? el("ol", { class: "bids" }, ...play.bids.map((b) => el("li", {}, t("audit.play_bid", { name: name(b.seat), bid: bidShort(b.quantity, b.face) }))))
    : t("audit.play_no_bids");
  const call = play.call;
  const rows = [[t("audit.play_bids"), bids], [t("audit.play_call"), call ? calledText(call, name) : t("audit.play_no_call")]];
  if (call) {
    rows.push([t("audit.play_count"), t("audit.play_counted", { n: call.count })]);
    rows.push([t("audit.play_loser"), loserText(call, name)]);
  }
  return el("div", { class: "play-audit" }, el("h4", {}, t("audit.play")),
    el("dl", { class: "facts" }, ...rows.flatMap(([term, value]) => [el("dt", {}, term), el("dd", {}, value)])));
}

function calledText(call, name) {
  return t("audit.play_called", { caller: name(call.caller), bidder: name(call.bidder), bid: bidShort(call.quantity, call.face) });
}

function loserText(call, name) {
  const parts = [t("audit.play_loses", { name: name(call.loser), n: call.diceLost })];
  if (call.out) parts.push(t("audit.play_out", { name: name(call.loser) }));
  if (call.winner !== null && call.winner !== undefined) parts.push(t("audit.play_winner", { name: name(call.winner) }));
  return parts.join(". ");
}
