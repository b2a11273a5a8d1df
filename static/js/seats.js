// The list of seats: names, dice held, connection, whose turn.

import { die } from "./dice.js";
import { el } from "./dom.js";
import { diceCount, t } from "./i18n.js";

export function renderSeats(list, state) {
  const game = state.game;
  list.replaceChildren(...state.table.seats.map((seat) => seatItem(seat, state, game)));
}

function seatItem(seat, state, game) {
  const inGame = Boolean(game) && game.seats_in_game.includes(seat.seat);
  const started = Boolean(game) && game.seat_order.includes(seat.seat);
  const held = inGame ? game.dice_counts[String(seat.seat)] ?? 0 : 0;
  const toAct = Boolean(game) && game.phase === "bidding" && game.turn === seat.seat;
  const classes = ["seat", toAct && "turn", seat.seat === state.you.seat && "you",
    game && !inGame && "out", !seat.connected && "offline"].filter(Boolean).join(" ");

  const badges = [];
  if (seat.seat === state.you.seat) badges.push(el("span", { class: "badge you" }, t("seats.you")));
  if (seat.kind === "bot") badges.push(el("span", { class: "badge" }, t("seats.bot")));
  if (seat.bot_playing && seat.kind !== "bot") badges.push(el("span", { class: "badge" }, t("seats.bot_playing")));
  if (seat.seat === state.table.host) badges.push(el("span", { class: "badge" }, t("seats.host")));
  if (toAct) badges.push(el("span", { class: "badge turn" }, t("seats.turn")));
  if (game && started && !inGame) badges.push(el("span", { class: "badge" }, t("seats.out")));
  if (game && !started) badges.push(el("span", { class: "badge" }, t("seats.waiting")));

  const connection = seat.connected ? t("seats.online") : t("seats.offline");
  return el("li", { class: classes, "aria-current": toAct ? "step" : null },
    el("span", { class: `dot ${seat.connected ? "on" : "off"}`, role: "img", "aria-label": connection, title: connection }),
    el("span", { class: "seat-name" }, seat.name),
    ...badges,
    inGame ? el("span", { class: "seat-dice" }, cups(held), el("span", {}, diceCount(held))) : null,
  );
}

// Closed dice, one per die held: the count at a glance.
function cups(held) {
  const row = el("span", { class: "cups", "aria-hidden": "true" });
  row.append(...Array.from({ length: held }, () => die(null)));
  return row;
}
