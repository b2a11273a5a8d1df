// The roll-off for the first opener (RULES.md A2 `first_opener = roll_off`), shown to everyone
// from the view's `roll_off`: each throw's two dice per player and their sum, the ties that throw
// again, and the seat order it decided. Throws that arrive while the page watches land one after
// another (moments.js, table.css: `.landing`), the order after them; the text is all there at once
// (the live region says the order at once: announce.js), and a page that opens on a roll-off, or
// prefers reduced motion, shows it still.

import { diceRow, rollIn } from "../../dice.js";
import { byId, el, setText, show } from "../../dom.js";
import { t } from "../../i18n.js";
import { seatName } from "../../names.js";
import { throwGapMs } from "./moments.js";

// What this page drew last: {game, throws, ordered, key}, or null before its first state.
let drawn = null;

// Shown through the first round of a game that began with a roll-off.
export function renderRollOff(state) {
  const game = state.game;
  const rollOff = game?.roll_off ?? null;
  const visible = rollOff !== null && game.round === 1 && game.phase !== "over";
  show(byId("roll-off"), visible);
  if (!visible) {
    drawn = { game: game?.game ?? null, throws: 0, ordered: false, key: null };
    return;
  }
  const name = (seat) => seatName(state, seat);
  const key = JSON.stringify([rollOff, rollOff.throws.flatMap((throwing) => Object.keys(throwing.dice).map(Number).map(name))]);
  if (drawn?.key === key) return; // nothing new: a landing throw is not drawn again
  const sameGame = drawn !== null && drawn.game === game.game;
  // Landing: the throws this page has not shown yet, unless it has only just opened on them.
  const seen = drawn === null ? rollOff.throws.length : sameGame ? drawn.throws : 0;
  const landing = rollOff.throws.length - seen;
  const gap = throwGapMs(landing);
  const card = byId("roll-off");
  card.style.setProperty("--throw-gap", `${gap}ms`);
  card.style.setProperty("--order-at", `${Math.max(0, landing - 1) * gap + 250}ms`);
  byId("roll-off-throws").replaceChildren(...rollOff.throws.map((throwing, index) =>
    throwItem(throwing, index + 1, name, index >= seen ? index - seen : null)));
  const order = byId("roll-off-order");
  setText(order, orderText(rollOff, name));
  const ordered = rollOff.seat_order !== null;
  order.classList.toggle("landing", ordered && landing > 0 && !(sameGame && drawn.ordered));
  drawn = { game: game.game, throws: rollOff.throws.length, ordered, key };
}

// One throw; `landing` is its place among the throws landing now (null: it stands still).
function throwItem(throwing, number, name, landing) {
  const seats = Object.keys(throwing.dice).map(Number).sort((a, b) => a - b);
  const hands = seats.map((seat) => {
    const dice = throwing.dice[String(seat)];
    const sum = dice[0] + dice[1];
    return el("li", {}, el("span", { class: "seat-name" }, name(seat)),
      diceRow(dice, t("rolloff.hand", { name: name(seat), dice: dice.join(", "), sum })),
      el("span", { class: "match", "aria-hidden": "true" }, `= ${sum}`));
  });
  const ties = tiedGroups(throwing).map((group) => el("p", { class: "tie" }, t("rolloff.tied", { names: group.map(name).join(", ") })));
  const item = el("li", { class: landing === null ? null : "landing" },
    el("h3", {}, t("rolloff.throw", { n: number })), el("ul", { class: "throw-hands" }, ...hands), ...ties);
  if (landing !== null) {
    item.style.setProperty("--k", String(landing));
    for (const row of item.querySelectorAll(".dice")) rollIn(row);
  }
  return item;
}

// The groups of two or more still tied after a throw.
export function tiedGroups(throwing) {
  return throwing.standing.filter((group) => group.length > 1);
}

function orderText(rollOff, name) {
  if (rollOff.seat_order === null) return rollOff.throws.length ? "" : t("rolloff.waiting");
  return t("rolloff.order", { names: rollOff.seat_order.map(name).join(", "), name: name(rollOff.seat_order[0]) });
}
