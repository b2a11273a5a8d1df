// The audit page's roll-off of a game (`first_opener = roll_off`) as the rules re-derived it
// (audit_play.js's `throws`): each throw with its draw, every player's two dice and their sum, the
// players still tied who throw again, and the seat order the last throw decided. In the page's
// language, with the same words as the table's roll-off card (rolloff.*).
//   throwItems([{ counter: 1, draw: 1, dice: { 0: [3, 4], 1: [6, 1] }, tied: [[0, 1]], order: null }], name)
//     → [<li>Throw 1, draw 1 · Anna (seat 0): 3, 4, sum 7 · … · Tied: Anna (seat 0), Bob (seat 1) roll again.</li>]

import { el } from "./dom.js";
import { t } from "./i18n.js";

// One list item per throw of one game; `name(seat)` names a seat.
export function throwItems(throws, name) {
  return throws.map((throwing) => {
    const seats = Object.keys(throwing.dice).map(Number).sort((a, b) => a - b);
    const hands = seats.map((seat) => {
      const dice = throwing.dice[String(seat)];
      return el("li", {}, t("rolloff.hand", { name: name(seat), dice: dice.join(", "), sum: dice.reduce((a, b) => a + b, 0) }));
    });
    const outcome = throwing.order === null
      ? throwing.tied.map((group) => t("rolloff.tied", { names: group.map(name).join(", ") })).join(" ")
      : t("rolloff.order", { names: throwing.order.map(name).join(", "), name: name(throwing.order[0]) });
    return el("li", { class: "throw", "data-throw": throwing.counter },
      el("h4", {}, t("audit.roll_off_throw", { n: throwing.counter, draw: throwing.draw })),
      el("ul", { class: "throw-hands" }, ...hands),
      el("p", { class: "outcome" }, outcome));
  });
}
