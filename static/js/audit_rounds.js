// The audit page's view of one round as the rules re-derived it (audit_play.js): a palifico
// round said so, the bids in order, the call (Liar or spot on), the count and what it cost (the
// loser's dice, or a right spot on's die back; who is out, who wins), in the page's language.

import { el } from "./dom.js";
import { bidShort, t } from "./i18n.js";

// `play`: {palifico, bids: [{seat, quantity, face}], call: {call, caller, bidder, quantity, face,
// count, loser, diceLost, diceGained, out, winner} | null}, or null when the rules did not replay
// the round; `name(seat)`.
export function playBlock(play, name) {
  if (!play) return null;
  const bids = play.bids.length
    ? el("ol", { class: "bids" }, ...play.bids.map((b) => el("li", {}, t("audit.play_bid", { name: name(b.seat), bid: bidShort(b.quantity, b.face) }))))
    : t("audit.play_no_bids");
  const call = play.call;
  const rows = [[t("audit.play_bids"), bids], [t("audit.play_call"), call ? calledText(call, name) : t("audit.play_no_call")]];
  if (play.palifico) rows.unshift([t("audit.play_round"), t("game.palifico")]);
  if (call) {
    rows.push([t("audit.play_count"), t("audit.play_counted", { n: call.count })]);
    rows.push(call.loser === null ? [t("audit.play_outcome"), dieBackText(call, name)] : [t("audit.play_loser"), loserText(call, name)]);
  }
  return el("div", { class: "play-audit" }, el("h4", {}, t("audit.play")),
    el("dl", { class: "facts" }, ...rows.flatMap(([term, value]) => [el("dt", {}, term), el("dd", {}, value)])));
}

function calledText(call, name) {
  const key = call.call === "spot_on" ? "audit.play_spot_on" : "audit.play_called";
  return t(key, { caller: name(call.caller), bidder: name(call.bidder), bid: bidShort(call.quantity, call.face) });
}

// A right spot on: nobody loses, and the caller gets a die back unless they hold all their dice.
function dieBackText(call, name) {
  return t(call.diceGained ? "audit.play_die_back" : "audit.play_no_die_back", { name: name(call.caller) });
}

function loserText(call, name) {
  const parts = [t("audit.play_loses", { name: name(call.loser), n: call.diceLost })];
  if (call.out) parts.push(t("audit.play_out", { name: name(call.loser) }));
  if (call.winner !== null && call.winner !== undefined) parts.push(t("audit.play_winner", { name: name(call.winner) }));
  return parts.join(". ");
}
