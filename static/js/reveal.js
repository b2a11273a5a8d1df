// The reveal: every cup open, the dice counted for the bid highlighted, the count, who loses.

import { diceRow } from "./dice.js";
import { byId, el, setText } from "./dom.js";
import { bidWords, diceCount, t } from "./i18n.js";
import { seatName } from "./names.js";
import { counts } from "./rules.js";

export function renderReveal(state) {
  const { result, rules, seat_order: order, seats_in_game: inGame } = state.game;
  const name = (seat) => seatName(state, seat);
  const isCounted = (face) => counts(face, result.face, rules);

  setText(byId("reveal-call"), t("reveal.call", {
    caller: name(result.caller), bidder: name(result.bidder), bid: bidWords(result.quantity, result.face),
  }));
  const seats = order.filter((seat) => String(seat) in result.hands);
  byId("reveal-hands").replaceChildren(...seats.map((seat) => {
    const hand = result.hands[String(seat)];
    const matching = hand.filter(isCounted).length;
    const label = t("reveal.hand", { name: name(seat), dice: hand.join(", "), count: matching });
    return el("li", { class: seat === result.loser ? "loser" : "" },
      el("span", { class: "seat-name" }, name(seat)),
      diceRow(hand, label, isCounted),
      el("span", { class: "match", "aria-hidden": "true" }, `= ${matching}`));
  }));
  setText(byId("reveal-count"), t(rules.wild_ones ? "reveal.count" : "reveal.count_plain", { count: result.count }));
  byId("reveal-count").dataset.count = String(result.count);
  setText(byId("reveal-verdict"), verdict(result, name, inGame));
}

export function verdict(result, name, inGame) {
  const key = result.count >= result.quantity ? "reveal.stands" : "reveal.false";
  const text = t(key, { name: name(result.loser), dice: diceCount(result.dice_lost) });
  return inGame.includes(result.loser) ? text : `${text} ${t("reveal.eliminated", { name: name(result.loser) })}`;
}
