// The table page: one Socket.IO connection; every `state` is rendered whole, from scratch.

import { announcements } from "./announce.js";
import { BidControl } from "./bidcontrol.js";
import { removeBot, renderBots, setUpBots } from "./bots.js";
import { renderCalls, setUpCalls } from "./calls.js";
import { updateCountdown } from "./countdown.js";
import { diceRow } from "./dice.js";
import { byId, el, setText, show } from "./dom.js";
import { bidWords, errorText, t } from "./i18n.js";
import { RulesChange, tellRulesChanged } from "./lobby_rules.js";
import { seatName, withLocalNames } from "./names.js";
import { renderReveal } from "./reveal.js";
import { renderRollOff } from "./roll_off.js";
import { activeRules, renderRulesPanel } from "./rules_panel.js";
import { renderSeats } from "./seats.js";
import { sender } from "./send.js";
import { setUpShare } from "./share.js";
import { hideToast, showToast } from "./toast.js";
import { forgetToken, loadToken, saveToken } from "./tokens.js";

const tableId = byId("table").dataset.table;
const token = loadToken(tableId);
const socket = io({ auth: token ? { table: tableId, token } : { table: tableId } });
// verified.js (seeds, own-dice check) and player_gm.js listen on the same connection; `state` is the
// newest one, for a module that starts listening after the first state arrived.
window.tavern = { socket, state: null };
let current = null;
// The seat this page holds and its name (null while watching), and whether it lost a seat it held.
let held = null;
let seatLost = false;
// The turn of yours the page last showed ("game/round/bids"): a new one brings your dice into view.
let shownTurn = null;
const seatNotice = el("p", { id: "seat-lost", class: "seat-lost", role: "status", "aria-live": "polite", hidden: true });
byId("join").before(seatNotice);

const plainSend = sender(socket);
// A refusal for want of a seat, when this page held one, means the seat was freed: the notice
// (#seat-lost) says so plainly, so the refusal's own toast goes.
async function send(event, payload, options) {
  const ack = await plainSend(event, payload, options);
  if (ack.code === "seat/none" && seatLost) hideToast();
  return ack;
}

// Every bid and call names the turn this page showed (`against`): once somebody else has moved,
// the server refuses it with action/stale instead of applying it to a bid nobody here saw.
function seenTurn() {
  const { game } = current;
  return { game: game.game, round: game.round, bids: game.bids.length };
}
const bidControl = new BidControl({
  onBid: (bid) => send("bid", { quantity: bid.quantity, face: bid.face, against: seenTurn() }),
  onLiar: () => send("liar", { against: seenTurn() }),
});
setUpCalls(send, seenTurn);
const rulesChange = new RulesChange({ card: byId("lobby-rules"), prefix: "lobby", send });
byId("start").addEventListener("click", () => send("start"));
// With the reveal this page showed: a press after somebody else's is answered ok and changes nothing.
byId("next-round").addEventListener("click", () => {
  const game = current?.game;
  send("next_round", game ? { game: game.game, round: game.round } : {});
});
byId("new-game").addEventListener("click", () => send("new_game"));
byId("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const ack = await send("join", { name: byId("join-name").value.trim() });
  if (ack.ok) {
    saveToken(tableId, ack.token);
    socket.auth.token = ack.token;
  }
});
setUpShare(tableId);
setUpBots(send);

function setConnection(state) {
  const conn = byId("conn");
  conn.dataset.state = state;
  setText(conn, state === "connecting" ? t("conn.reconnecting") : "");
  show(conn, state !== "connected");
}

socket.on("connect", () => setConnection("connected"));
// Without the server the seats' online dots would go on saying what they said last: they say "not known".
socket.on("disconnect", () => {
  setConnection("connecting");
  if (current) renderSeats(byId("seats-list"), current, { onRemoveBot: removeBot, linked: false });
});
socket.on("connect_error", (error) => {
  if (error.data?.code) showToast(errorText(error.data.code, error.data.message));
  setConnection("connecting");
});
socket.on("error", (error) => {
  if (error.code === "seat/none" && held !== null) {
    loseSeat();
    return;
  }
  if (error.code === "auth/unknown_token") {
    forgetToken(tableId);
    delete socket.auth.token;
    if (held !== null) {
      loseSeat();
      return;
    }
  }
  showToast(errorText(error.code, error.message));
});
socket.on("rules_changed", (change) => {
  if (current) tellRulesChanged(change, current, byId("announcer"));
});
socket.on("state", (received) => {
  const state = withLocalNames(received);
  if (held !== null && state.you.seat === null) loseSeat(); // the referee freed this page's seat
  const mine = state.table.seats.find((seat) => seat.seat === state.you.seat);
  held = mine ? { seat: mine.seat, name: mine.name } : null;
  const lines = announcements(current, state);
  current = state;
  window.tavern.state = state;
  render(state);
  announce(lines);
});

// Forget the token: the server has moved this connection to the spectators, so `join` works again.
function loseSeat() {
  forgetToken(tableId);
  delete socket.auth.token;
  held = null;
  seatLost = true;
  hideToast();
  setText(seatNotice, seatLostText(current));
  show(seatNotice, true);
}

function seatLostText(state) {
  return t(state?.gm?.referee ? "seat.freed" : "seat.lost");
}

function announce(lines) {
  if (lines.length) setText(byId("announcer"), lines.join(" "));
}

function render(state) {
  const { game, you } = state;
  const seated = you.seat !== null;
  renderStatus(state);
  updateCountdown(state);
  renderSeats(byId("seats-list"), state, { onRemoveBot: removeBot, linked: socket.connected });
  setText(byId("spectators"), state.table.spectators ? t("seats.spectators", { n: state.table.spectators }) : "");
  const canJoin = !seated && state.table.seats.length < state.table.rules.max_players;
  show(byId("join"), canJoin);
  if (seated) seatLost = false;
  show(seatNotice, seatLost);
  if (seatLost) setText(seatNotice, seatLostText(state));
  renderLobby(state);
  rulesChange.render(state, you.is_host && (!game || game.phase === "over"));
  renderBots(state);
  renderRollOff(state);
  show(byId("over"), game?.phase === "over");
  if (game?.phase === "over") {
    setText(byId("winner"), game.winner === you.seat ? t("over.you_win") : t("over.winner", { name: seatName(state, game.winner) }));
    show(byId("new-game"), seated);
  }
  show(byId("reveal"), Boolean(game?.result));
  if (game?.result) {
    renderReveal(state);
    show(byId("next-round"), seated && game.phase === "revealed");
  }
  renderHand(game);
  renderBids(state);
  const myTurn = seated && game?.phase === "bidding" && game.turn === you.seat;
  show(byId("bid"), myTurn);
  if (myTurn) {
    const standing = game.bids.at(-1);
    bidControl.update(game, standing ? seatName(state, standing.seat) : "");
    // Focus without scrolling to the button: on a phone that pushed your own dice off the screen.
    // When the turn comes, the dice are brought into view instead (the bid control follows them).
    focusIfIdle(byId("bid-submit").hidden ? byId("liar") : byId("bid-submit"), { preventScroll: true });
    const turn = `${game.game}/${game.round}/${game.bids.length}`;
    if (turn !== shownTurn) bringIntoView(byId("hand"));
    shownTurn = turn;
  }
  renderCalls(state);
  if (game?.phase === "revealed" && seated) focusIfIdle(byId("next-round"));
  if (seatLost && canJoin) focusIfIdle(byId("join-name"));
}

// `card` at the top of the screen unless it is wholly in view already.
function bringIntoView(card) {
  const box = card.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) card.scrollIntoView({ block: "start" });
}

// Keyboard users lose focus when the control they used disappears: give it to the next one.
function focusIfIdle(control, options = {}) {
  const idle = document.activeElement === document.body || document.activeElement?.closest("[hidden]");
  if (idle && !control.hidden) control.focus(options);
}

function renderStatus(state) {
  const { game, you } = state;
  setText(byId("headline"), game ? t("game.title", { game: game.game, round: game.round }) : t("app.game"));
  setText(byId("dice-in-play"), game ? t("game.dice_in_play", { n: game.total_dice }) : "");
  setText(byId("turn-line"), turnLine(state));
  byId("turn-line").classList.toggle("mine", game?.phase === "bidding" && game.turn === you.seat && you.seat !== null);
  renderRulesPanel(byId("rules-panel"), activeRules(state));
  show(byId("palifico-line"), Boolean(game?.palifico) && (game.phase === "rolling" || game.phase === "bidding"));
  const role = roleLine(state);
  setText(byId("role-line"), role);
  show(byId("role-line"), role !== "");
}

function turnLine(state) {
  const { game, you } = state;
  if (!game) return "";
  if (game.phase === "rolling") return t("game.rolling");
  if (game.phase === "rolling_off") return t("game.rolling_off");
  if (game.phase !== "bidding" || game.turn === null) return "";
  if (game.turn !== you.seat) {
    const seat = state.table.seats.find((candidate) => candidate.seat === game.turn);
    const standIn = seat?.bot_playing && seat.kind !== "bot";
    return t(standIn ? "game.turn_stand_in" : "game.turn_of", { name: seatName(state, game.turn) });
  }
  return game.bids.length ? t("game.your_turn") : t("game.you_open");
}

function roleLine({ game, you, table }) {
  if (you.seat === null) return table.seats.length < table.rules.max_players ? t("game.watching") : t("join.full");
  if (!game || game.phase === "over") return "";
  if (!game.seat_order.includes(you.seat)) return t("join.next_game");
  if (!game.seats_in_game.includes(you.seat)) return t("game.you_are_out");
  return "";
}

function renderLobby(state) {
  const { game, you, table } = state;
  show(byId("lobby"), !game);
  if (game) return;
  setText(byId("lobby-players"), t("lobby.players", { n: table.seats.length }));
  const enough = table.seats.length >= 2;
  show(byId("start"), you.is_host);
  byId("start").disabled = !enough;
  let reason = "";
  if (!you.is_host) reason = t("lobby.wait_host", { name: seatName(state, table.host) });
  else if (!enough) reason = t("lobby.need_two");
  setText(byId("lobby-reason"), reason);
}

function renderHand(game) {
  const dice = game?.phase === "bidding" ? game.dice : [];
  show(byId("hand"), dice.length > 0);
  const label = t("hand.label", { dice: dice.join(", ") });
  byId("hand-dice").replaceChildren(diceRow(dice, label));
}

function renderBids(state) {
  const game = state.game;
  // At game over the last round's bids stay beside its reveal.
  show(byId("bids"), ["bidding", "revealed", "over"].includes(game?.phase));
  if (!game) return;
  const items = game.bids.map((bid) => el("li", {},
    el("span", { class: "seat-name" }, seatName(state, bid.seat)),
    el("span", { class: "bid-words" }, bidWords(bid.quantity, bid.face)),
    el("span", { class: "bid-short", "aria-hidden": "true" }, `${bid.quantity} × ${bid.face}`)));
  byId("bids-list").replaceChildren(...items);
  show(byId("bids-none"), items.length === 0);
}
