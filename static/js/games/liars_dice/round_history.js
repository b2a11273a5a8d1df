// The past of a Liar's Dice game as the view tells it (`game.history`, `game.stand_ins`;
// docs/protocol.md): this round's bids with the moves a regular made for a person marked, the
// earlier rounds of this game each collapsed in a <details> (bids, cups, count, who lost), and the
// last round's cups under each seat until the next bid.
//
//   renderBidList(state)        fills #bids-list
//   renderHistory(state)        fills #history (hidden while there is no earlier round)
//   lastCups(state, seat)       the cups the seat showed last round, or null

import { diceRow } from "../../dice.js";
import { byId, el, setText, show } from "../../dom.js";
import { bidWords, diceCount, t } from "../../i18n.js";
import { countMatching } from "./bids.js";
import { seatName } from "../../names.js";
import { seatMark } from "../../seats.js";

const roundsOf = (game) => game?.history?.rounds ?? [];

// The round whose bids and cups belong to the current round (revealed, or the game's last).
function thisRound(game) {
  return ["revealed", "over"].includes(game.phase) ? roundsOf(game).find((done) => done.round === game.round) : null;
}

// The round whose cups stay under the seats: the one just revealed, then until the next bid the one before.
export function cupsRound(game) {
  if (!game) return null;
  const shown = thisRound(game);
  if (shown) return shown;
  if (game.bids.length > 0 || !["rolling", "bidding"].includes(game.phase)) return null;
  return roundsOf(game).find((done) => done.round === game.round - 1) ?? null;
}

// Ones count for the bid face unless the table plays without them or the round was palifico.
export function wildIn(game, done) {
  return game.rules.wild_ones !== false && !done.palifico;
}

// How each die of a revealed hand counts for `face`: "face", "wild" (a one counted as the face) or null.
export function countsAs(die, face, wild) {
  if (die === face) return "face";
  return wild && die === 1 ? "wild" : null;
}

export function lastCups(state, seat) {
  const done = cupsRound(state.game);
  const hand = done?.cups[String(seat.seat)];
  if (!hand) return null;
  const wild = wildIn(state.game, done);
  const label = t("history.last_cups", { dice: hand.join(", "), count: countMatching([hand], done.face, wild) });
  return el("span", { class: "last-cups" }, diceRow(hand, label, (die) => countsAs(die, done.face, wild)));
}

function bidItem(state, bid, standIn) {
  const name = seatName(state, bid.seat);
  return el("li", { class: standIn ? "stand-in" : null },
    seatMark(bid.seat),
    el("span", { class: "seat-name" }, name),
    el("span", { class: "bid-words" }, bidWords(bid.quantity, bid.face)),
    standIn ? el("span", { class: "stand-in-mark" }, t("history.stand_in_mark", { name })) : null,
    el("span", { class: "bid-short", "aria-hidden": "true" }, `${bid.quantity} × ${bid.face}`));
}

// The bids of which round this page listed last ("game/round") and how many: a bid added since lands
// (table.css `.landed`; still under prefers-reduced-motion).
let listed = null;

// This round's bids: while bidding the standing ones, after the call the round's as the history keeps them.
export function renderBidList(state) {
  const game = state.game;
  const done = thisRound(game);
  const bids = done ? done.bids : game.bids.map((bid, index) => ({ ...bid, stand_in: Boolean(game.stand_ins?.[index]) }));
  const items = bids.map((bid) => bidItem(state, bid, bid.stand_in));
  const round = `${game.game}/${game.round}`;
  const text = items.map((item) => item.textContent).join("\n");
  show(byId("bids-none"), bids.length === 0);
  if (listed?.round === round && listed.text === text) return; // unchanged: a landing bid is not drawn again
  if (listed?.round === round && bids.length > listed.count) items.at(-1).classList.add("landed");
  listed = { round, count: bids.length, text };
  byId("bids-list").replaceChildren(...items);
}

function outcome(done, name) {
  if (done.loser === null) {
    return done.dice_gained > 0 ? t("history.gained", { name: name(done.caller) }) : t("history.nobody_lost");
  }
  return t("history.lost", { name: name(done.loser), dice: diceCount(done.dice_lost) });
}

function pastRound(state, done) {
  const game = state.game;
  const name = (seat) => seatName(state, seat);
  const wild = wildIn(game, done);
  const callKey = done.call === "spot_on" ? "history.called_spot_on" : "history.called_liar";
  const summary = t("history.summary", {
    round: done.round,
    call: t(callKey, { caller: name(done.caller), bidder: name(done.bidder), bid: bidWords(done.quantity, done.face) }),
    outcome: outcome(done, name),
  });
  const cups = game.seat_order.filter((seat) => String(seat) in done.cups).map((seat) => {
    const hand = done.cups[String(seat)];
    const label = t("reveal.hand", { name: name(seat), dice: hand.join(", "), count: countMatching([hand], done.face, wild) });
    return el("li", { class: seat === done.loser ? "loser" : null }, seatMark(seat),
      el("span", { class: "seat-name" }, name(seat)), diceRow(hand, label, (die) => countsAs(die, done.face, wild)));
  });
  return el("li", {}, el("details", { class: "past-round", "data-round": done.round },
    el("summary", {}, summary),
    done.stand_in ? el("p", { class: "stand-in-mark" }, t("history.call_stand_in", { name: name(done.caller) })) : null,
    el("ol", { class: "bids" }, ...done.bids.map((bid) => bidItem(state, bid, bid.stand_in))),
    el("ul", { class: "hands" }, ...cups),
    el("p", { class: "count" }, t(wild ? "reveal.count" : "reveal.count_plain", { count: done.count }))));
}

// Earlier rounds of this game, newest first, each collapsed; the round being revealed is the reveal's.
export function renderHistory(state) {
  const game = state.game;
  const past = roundsOf(game).filter((done) => done.round !== game?.round || !thisRound(game));
  const earlier = game?.history?.earlier ?? 0;
  show(byId("history"), past.length > 0);
  const list = byId("history-list");
  const open = new Set([...list.querySelectorAll("details[open]")].map((node) => node.dataset.round));
  // A keyboard or screen reader user on a past round keeps their place when the rounds are drawn again.
  const focused = list.contains(document.activeElement) ? document.activeElement.closest("details")?.dataset.round : undefined;
  list.replaceChildren(...past.slice().reverse().map((done) => pastRound(state, done)));
  for (const node of list.querySelectorAll("details")) node.open = open.has(node.dataset.round);
  if (focused !== undefined) list.querySelector(`details[data-round="${focused}"] summary`)?.focus({ preventScroll: true });
  setText(byId("history-earlier"), earlier ? t("history.earlier", { n: earlier }) : "");
  show(byId("history-earlier"), earlier > 0);
}
