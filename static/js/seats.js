// The list of seats: names, dice held, connection, whose turn; bots show their level, and the
// host gets a remove button on each bot seat.

import { die } from "./dice.js";
import { el } from "./dom.js";
import { diceCount, t } from "./i18n.js";

// onRemoveBot(seat, name, button) is called when the host presses a bot seat's remove button;
// `linked` is false while this page has lost the server: who is online is then not known.
export function renderSeats(list, state, { onRemoveBot = null, linked = true } = {}) {
  const game = state.game;
  const focused = document.activeElement?.closest?.("#seats-list .remove")?.dataset.seat ?? null;
  list.replaceChildren(...state.table.seats.map((seat) => seatItem(seat, state, game, onRemoveBot, linked)));
  // A re-render must not drop the keyboard user's focus on a remove button that is still there.
  if (focused !== null) list.querySelector(`.remove[data-seat="${focused}"]`)?.focus();
}

export function levelName(level) {
  return t(`bots.level.${level}`);
}

function seatItem(seat, state, game, onRemoveBot, linked) {
  const inGame = Boolean(game) && game.seats_in_game.includes(seat.seat);
  const started = Boolean(game) && game.seat_order.includes(seat.seat);
  const held = inGame ? game.dice_counts[String(seat.seat)] ?? 0 : 0;
  const toAct = Boolean(game) && game.phase === "bidding" && game.turn === seat.seat;
  const isBot = seat.kind === "bot";
  const standIn = seat.bot_playing && !isBot;
  const classes = ["seat", toAct && "turn", seat.seat === state.you.seat && "you",
    game && !inGame && "out", linked && !seat.connected && "offline", isBot && "bot", standIn && "stand-in"]
    .filter(Boolean).join(" ");

  const badges = [];
  if (seat.seat === state.you.seat) badges.push(el("span", { class: "badge you" }, t("seats.you")));
  if (isBot) {
    const text = seat.level ? t("seats.bot_level", { level: levelName(seat.level) }) : t("seats.bot");
    badges.push(el("span", { class: `badge bot level-${seat.level ?? "none"}` }, text));
  }
  if (seat.seat === state.table.host) badges.push(el("span", { class: "badge" }, t("seats.host")));
  if (toAct) badges.push(el("span", { class: "badge turn" }, t("seats.turn")));
  if (game && started && !inGame) badges.push(el("span", { class: "badge" }, t("seats.out")));
  if (game && !started) badges.push(el("span", { class: "badge" }, t("seats.waiting")));

  let remove = null;
  if (isBot && state.you.is_host && onRemoveBot) {
    remove = el("button", { type: "button", class: "btn small remove", "data-seat": seat.seat,
      "aria-label": t("bots.remove_label", { name: seat.name }), title: t("bots.remove_label", { name: seat.name }) },
    el("span", { class: "remove-icon", "aria-hidden": "true" }, "✕"), el("span", { class: "remove-text" }, t("bots.remove")));
    remove.addEventListener("click", () => onRemoveBot(seat.seat, seat.name, remove));
  }

  const online = linked ? (seat.connected ? "on" : "off") : "unknown";
  const connection = t({ on: "seats.online", off: "seats.offline", unknown: "seats.unknown" }[online]);
  return el("li", { class: classes, "data-seat": seat.seat, "aria-current": toAct ? "step" : null },
    el("span", { class: `dot ${online}`, role: "img", "aria-label": connection, title: connection }),
    el("span", { class: "seat-name" }, seat.name),
    ...badges,
    remove,
    standIn ? el("span", { class: "stand-in-note" }, t("seats.bot_playing", { name: seat.name })) : null,
    inGame ? el("span", { class: "seat-dice" }, cups(held), el("span", {}, diceCount(held))) : null,
  );
}

// Closed dice, one per die held: the count at a glance.
function cups(held) {
  const row = el("span", { class: "cups", "aria-hidden": "true" });
  row.append(...Array.from({ length: held }, () => die(null)));
  return row;
}
