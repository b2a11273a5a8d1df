// The tutorial's table drawn from its fold (tutorial_steps.js): the seats with their closed cups,
// the learner's dice face up (the dice a step counts highlighted), this round's bids, and the
// reveal with every cup open, in the table's own words and dice (dice.js, the reveal.* strings).

import { diceRow } from "../../dice.js";
import { byId, el, setText, show } from "../../dom.js";
import { bidWords, diceCount, pageWording, t } from "../../i18n.js";
import { countsFor, heldFor } from "./tutorial_steps.js";
import { seatName } from "./tutorial_words.js";

const name = (seat) => seatName(seat, pageWording);

export function renderTable(script, table) {
  renderSeats(script, table);
  renderHand(script, table);
  renderBids(table);
  renderReveal(script, table);
}

function renderSeats(script, table) {
  byId("lesson-seats-list").replaceChildren(...script.seats.map((seat) => {
    const dice = diceCount(table.counts[seat]);
    const label = t("tutorial.seat_closed", { name: name(seat), dice });
    const turn = table.turn === seat;
    return el("li", { class: turn ? "seat turn" : "seat", "aria-current": turn ? "true" : null },
      el("span", { class: "seat-name" }, name(seat)),
      seat === script.learner ? el("span", { class: "lesson-you" }, t("tutorial.you")) : null,
      el("span", { class: "hint" }, dice),
      turn ? el("span", { class: "lesson-turn" }, t("tutorial.turn")) : null,
      seat === script.learner ? null : diceRow(Array(table.counts[seat]).fill(null), label));
  }));
}

// The learner's dice; a wild-ones step and the learner's own bid highlight the dice counting for its face.
function renderHand(script, table) {
  const hand = table.hands[script.learner];
  const { face } = table.step;
  const highlighted = face !== undefined && (table.step.kind === "wild" || table.step.kind === "your_bid");
  const label = highlighted
    ? t("tutorial.your_dice_wild", { dice: hand.join(", "), bid: bidWords(heldFor(hand, face), face) })
    : t("tutorial.your_dice", { dice: hand.join(", ") });
  byId("hand-dice").replaceChildren(diceRow(hand, label, highlighted ? countsFor(face) : () => false));
}

function renderBids(table) {
  byId("lesson-bids-list").replaceChildren(...table.bids.map((bid) =>
    el("li", {}, t("tutorial.bid_line", { name: name(bid.seat), bid: bidWords(bid.quantity, bid.face) }))));
  show(byId("lesson-bids-none"), table.bids.length === 0);
}

// Every cup open on the reveal step: each hand with its counted dice, the count, and who loses.
function renderReveal(script, table) {
  const { result } = table;
  const open = result !== null && table.step.kind === "reveal";
  show(byId("lesson-reveal"), open);
  if (!open) return;
  setText(byId("lesson-reveal-call"), t("reveal.call", { caller: name(result.caller), bidder: name(result.bidder),
    bid: bidWords(result.quantity, result.face) }));
  byId("lesson-reveal-hands").replaceChildren(...script.seats.map((seat) => {
    const hand = table.hands[seat];
    const matching = heldFor(hand, result.face);
    const label = t("reveal.hand", { name: name(seat), dice: hand.join(", "), count: matching });
    return el("li", { class: seat === result.loser ? "loser" : "" },
      el("span", { class: "seat-name" }, name(seat)),
      diceRow(hand, label, countsFor(result.face)),
      el("span", { class: "match", "aria-hidden": "true" }, `= ${matching}`));
  }));
  setText(byId("lesson-reveal-count"), t("reveal.count", { count: result.count }));
  const key = result.count >= result.quantity ? "reveal.stands" : "reveal.false";
  setText(byId("lesson-reveal-verdict"), t(key, { name: name(result.loser), dice: diceCount(1) }));
}
