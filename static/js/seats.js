// The list of seats: names, connection, whose turn, and what the table's game says of each seat
// (`facts`: the dice or tokens held, out or waiting; each family's games/<family>/table.js);
// bots show their level, and the host gets a remove button on each bot seat.
//
// Laid out as a table (app.css): the others around it in playing order from the seat after yours,
// your own seat last, nearest to you (at the bottom on a computer; on a phone the others are a
// compact strip above your dice). Each seat has its colour and number (seatMark), used wherever
// the seat is named (bids, history).

import { el } from "./dom.js";
import { t } from "./i18n.js";

// facts(state, seat) -> {toAct, out, badges: [text], detail: Node | null, playing?}: `playing` is
// true while the seat plays a running game (a bot's remove button is then disabled, the reason in
// its title and description, as the server would refuse it); onRemoveBot(seat, name,
// button) is called when the host presses a bot seat's remove button; `linked` is false while this
// page has lost the server: who is online is then not known.
export function renderSeats(list, state, { facts, onRemoveBot = null, linked = true }) {
  const focused = document.activeElement?.closest?.("#seats-list .remove")?.dataset.seat ?? null;
  list.replaceChildren(...aroundTheTable(state).map((seat) => seatItem(seat, state, facts(state, seat), onRemoveBot, linked)));
  list.classList.toggle("seated", state.you.seat !== null);
  // A re-render must not drop the keyboard user's focus on a remove button that is still there.
  if (focused !== null) list.querySelector(`.remove[data-seat="${focused}"]`)?.focus();
}

const SEAT_COLOURS = 8; // --seat-0 … --seat-7 in app.css

// The seats in the order they sit around the table as you see it: those after yours first, yours last.
export function aroundTheTable(state) {
  const seats = [...state.table.seats].sort((a, b) => a.seat - b.seat);
  const mine = seats.findIndex((seat) => seat.seat === state.you.seat);
  return mine < 0 ? seats : [...seats.slice(mine + 1), ...seats.slice(0, mine), seats[mine]];
}

// The seat's colour and number, a chip beside its name (the name says who it is: hidden from screen readers).
export function seatMark(seat) {
  return el("span", { class: "seat-mark", "data-colour": seat % SEAT_COLOURS, "aria-hidden": "true" }, String(seat + 1));
}
export function levelName(level) {
  return t(`bots.level.${level}`);
}

function seatItem(seat, state, { toAct, out, badges: more, detail, playing = false }, onRemoveBot, linked) {
  const isBot = seat.kind === "bot";
  const standIn = seat.bot_playing && !isBot;
  const classes = ["seat", toAct && "turn", seat.seat === state.you.seat && "you",
    out && "out", linked && !seat.connected && "offline", isBot && "bot", standIn && "stand-in"]
    .filter(Boolean).join(" ");

  const badges = [];
  if (seat.seat === state.you.seat) badges.push(el("span", { class: "badge you" }, t("seats.you")));
  if (isBot) {
    const text = seat.level ? t("seats.bot_level", { level: levelName(seat.level) }) : t("seats.bot");
    badges.push(el("span", { class: `badge bot level-${seat.level ?? "none"}` }, text));
  }
  if (seat.seat === state.table.host) badges.push(el("span", { class: "badge" }, t("seats.host")));
  if (toAct) badges.push(el("span", { class: "badge turn" }, t("seats.turn")));
  badges.push(...more.map((text) => el("span", { class: "badge" }, text)));

  let remove = null;
  let why = null;
  if (isBot && state.you.is_host && onRemoveBot) {
    const label = t("bots.remove_label", { name: seat.name });
    why = playing ? el("span", { id: `remove-why-${seat.seat}`, class: "sr-only" }, t("bots.remove_playing", { name: seat.name })) : null;
    remove = el("button", { type: "button", class: "btn small remove", "data-seat": seat.seat, "aria-label": label,
      title: why ? why.textContent : label, disabled: playing, "aria-describedby": why ? why.id : null },
    el("span", { class: "remove-icon", "aria-hidden": "true" }, "✕"), el("span", { class: "remove-text" }, t("bots.remove")));
    remove.addEventListener("click", () => onRemoveBot(seat.seat, seat.name, remove));
  }

  const online = linked ? (seat.connected ? "on" : "off") : "unknown";
  const connection = t({ on: "seats.online", off: "seats.offline", unknown: "seats.unknown" }[online]);
  return el("li", { class: classes, "data-seat": seat.seat, "aria-current": toAct ? "step" : null },
    el("span", { class: `dot ${online}`, role: "img", "aria-label": connection, title: connection }),
    seatMark(seat.seat),
    el("span", { class: "seat-name" }, seat.name),
    ...badges,
    remove,
    why,
    standIn ? el("span", { class: "stand-in-note" }, t("seats.bot_playing", { name: seat.name })) : null,
    detail,
  );
}
