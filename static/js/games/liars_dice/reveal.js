// The reveal: every cup open, the dice counted for the bid highlighted (ones counted as wild
// marked), the count, and what the call cost in words (a Liar call or a spot on, one die or
// several, out of the game, a die back). A reveal shown for the first time lifts the cups one by
// one and counts the matching dice (table.css: each counted die lights up in turn, then the count); under
// prefers-reduced-motion everything is there at once.

import { diceRow } from "../../dice.js";
import { byId, el, setText, show } from "../../dom.js";
import { bidWords, diceCount, t } from "../../i18n.js";
import { seatName } from "../../names.js";
import { countMatching } from "./bids.js";
import { countsAs } from "./round_history.js";

// The round (game/round) whose reveal was counted out already: a later render shows it as it ends.
let countedOut = null;

export function renderReveal(state) {
  const game = state.game;
  const { result, seat_order: order, seats_in_game: inGame } = game;
  const name = (seat) => seatName(state, seat);
  const wild = onesWild(game);
  const isCounted = (die) => countsAs(die, result.face, wild);

  setText(byId("reveal-call"), callText(result, name));
  const seats = order.filter((seat) => String(seat) in result.hands);
  byId("reveal-hands").replaceChildren(...seats.map((seat) => {
    const hand = result.hands[String(seat)];
    const matching = countMatching([hand], result.face, wild);
    const label = t("reveal.hand", { name: name(seat), dice: hand.join(", "), count: matching });
    return el("li", { class: seat === result.loser ? "loser" : "" },
      el("span", { class: "seat-name" }, name(seat)),
      diceRow(hand, label, isCounted),
      el("span", { class: "match", "aria-hidden": "true" }, `= ${matching}`));
  }));
  countOneByOne(`${game.game}/${game.round}`);
  setText(byId("reveal-count"), countText(game));
  byId("reveal-count").dataset.count = String(result.count);
  setText(byId("reveal-verdict"), verdict(result, name, inGame));
  setText(byId("reveal-next"), result.palifico_next ? t("reveal.palifico_next") : "");
  show(byId("reveal-next"), Boolean(result.palifico_next));
}

// Numbers the cups (--h: each lifts in turn, table.css) and the counted dice in reading order (--i)
// for the count's animation, once per round.
function countOneByOne(key) {
  const card = byId("reveal");
  const hands = [...card.querySelectorAll("#reveal-hands > li")];
  hands.forEach((node, index) => node.style.setProperty("--h", String(index)));
  card.style.setProperty("--hands", String(hands.length));
  const counted = [...card.querySelectorAll("#reveal-hands .die.counted")];
  counted.forEach((node, index) => node.style.setProperty("--i", String(index)));
  card.style.setProperty("--count-total", String(counted.length));
  card.classList.toggle("counting", countedOut !== key);
  countedOut = key;
}

// Ones count for the bid face unless the table plays without them or the round was palifico.
function onesWild(game) {
  return game.rules.wild_ones !== false && !game.palifico;
}

export function countText(game) {
  return t(onesWild(game) ? "reveal.count" : "reveal.count_plain", { count: game.result.count });
}

export function callText(result, name) {
  const key = result.call === "spot_on" ? "reveal.call_spot_on" : "reveal.call";
  return t(key, { caller: name(result.caller), bidder: name(result.bidder), bid: bidWords(result.quantity, result.face) });
}

export function verdict(result, name, inGame) {
  if (result.call === "spot_on" && result.loser === null) {
    const key = result.dice_gained > 0 ? "reveal.spot_on_right" : "reveal.spot_on_full";
    return t(key, { count: result.count, name: name(result.caller) });
  }
  const out = !inGame.includes(result.loser);
  let key;
  if (result.call === "spot_on") key = out ? "reveal.spot_on_wrong_out" : "reveal.spot_on_wrong";
  else if (result.count >= result.quantity) key = out ? "reveal.stands_out" : "reveal.stands";
  else key = out ? "reveal.false_out" : "reveal.false";
  return t(key, { name: name(result.loser), dice: diceCount(result.dice_lost), count: result.count, quantity: result.quantity });
}
