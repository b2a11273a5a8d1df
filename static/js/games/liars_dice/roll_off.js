// The roll-off for the first opener (RULES.md A2 `first_opener = roll_off`), shown to everyone
// from the view's `roll_off`: each throw's two dice per player and their sum, the ties that throw
// again, and the seat order it decided.

import { diceRow } from "../../dice.js";
import { byId, el, setText, show } from "../../dom.js";
import { t } from "../../i18n.js";
import { seatName } from "../../names.js";

// Shown through the first round of a game that began with a roll-off.
export function renderRollOff(state) {
  const game = state.game;
  const rollOff = game?.roll_off ?? null;
  const visible = rollOff !== null && game.round === 1 && game.phase !== "over";
  show(byId("roll-off"), visible);
  if (!visible) return;
  const name = (seat) => seatName(state, seat);
  byId("roll-off-throws").replaceChildren(...rollOff.throws.map((throwing, index) => throwItem(throwing, index + 1, name)));
  setText(byId("roll-off-order"), orderText(rollOff, name));
}

function throwItem(throwing, number, name) {
  const seats = Object.keys(throwing.dice).map(Number).sort((a, b) => a - b);
  const hands = seats.map((seat) => {
    const dice = throwing.dice[String(seat)];
    const sum = dice[0] + dice[1];
    return el("li", {}, el("span", { class: "seat-name" }, name(seat)),
      diceRow(dice, t("rolloff.hand", { name: name(seat), dice: dice.join(", "), sum })),
      el("span", { class: "match", "aria-hidden": "true" }, `= ${sum}`));
  });
  const ties = tiedGroups(throwing).map((group) => el("p", { class: "tie" }, t("rolloff.tied", { names: group.map(name).join(", ") })));
  return el("li", {}, el("h3", {}, t("rolloff.throw", { n: number })), el("ul", { class: "throw-hands" }, ...hands), ...ties);
}

// The groups of two or more still tied after a throw.
export function tiedGroups(throwing) {
  return throwing.standing.filter((group) => group.length > 1);
}

function orderText(rollOff, name) {
  if (rollOff.seat_order === null) return rollOff.throws.length ? "" : t("rolloff.waiting");
  return t("rolloff.order", { names: rollOff.seat_order.map(name).join(", "), name: name(rollOff.seat_order[0]) });
}
