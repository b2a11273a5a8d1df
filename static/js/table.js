// The table page: one Socket.IO connection; every `state` (state_feed.js) is rendered whole, from scratch. The
// parts every table shares are here; the game's part comes from the table's family (families.js).

import { seatAnnouncements } from "./announce.js";
import { removeBot, renderBots, setUpBots } from "./bots.js";
import { updateCountdown } from "./countdown.js";
import { byId, el, focusIfIdle, setText, show } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { tableFamily } from "./families.js";
import { tellRulesChanged } from "./lobby_rules.js";
import { seatName, withLocalNames } from "./names.js";
import { retryPassingRefusals } from "./retry.js";
import { renderSeats } from "./seats.js";
import { sender } from "./send.js";
import { stateFeed } from "./state_feed.js";
import { setUpShare } from "./share.js";
import { hideToast, showToast } from "./toast.js";
import { forgetToken, loadToken, saveToken } from "./tokens.js";

const tableId = byId("table").dataset.table;
const token = loadToken(tableId);
// `?table=` in the connection's URL lets nginx route it to the process that serves the table (docs/deploy.md).
const socket = io({ auth: token ? { table: tableId, token } : { table: tableId }, query: { table: tableId } });
retryPassingRefusals(socket);
// The page's states, merged from the server's parts in one place (state_feed.js). verified.js (seeds,
// own-dice check) and player_gm.js listen to the same feed; `state` is the newest one rendered.
const feed = stateFeed(socket);
window.tavern = { socket, feed, state: null };
let current = null;
// The seat this page holds and its name (null while watching), and whether it lost a seat it held.
let held = null;
let seatLost = false;
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

byId("start").addEventListener("click", () => send("start"));
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
  if (current) {
    const family = familyOf(current);
    renderSeats(byId("seats-list"), current,
      { facts: (view, seat) => family.seatFacts(view, seat), onRemoveBot: removeBot, linked: false });
  }
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
  if (current) tellRulesChanged(change, current, byId("announcer"), (rules) => familyOf(current).rulesBadge(rules));
});
feed.onState((received) => {
  const state = withLocalNames(received);
  if (held !== null && state.you.seat === null) loseSeat(); // the referee freed this page's seat
  const mine = state.table.seats.find((seat) => seat.seat === state.you.seat);
  held = mine ? { seat: mine.seat, name: mine.name } : null;
  const lines = [...seatAnnouncements(current, state), ...familyOf(state).announcements(current, state)];
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

function familyOf(state) {
  return tableFamily(state, { send });
}

function announce(lines) {
  if (lines.length) setText(byId("announcer"), lines.join(" "));
}

function render(state) {
  const { game, you } = state;
  const family = familyOf(state);
  const seated = you.seat !== null;
  family.render(state);
  updateCountdown(state, family.turnKey(state));
  layOut(state);
  renderSeats(byId("seats-list"), state,
    { facts: (view, seat) => family.seatFacts(view, seat), onRemoveBot: removeBot, linked: socket.connected });
  setText(byId("spectators"), state.table.spectators ? t("seats.spectators", { n: state.table.spectators }) : "");
  const canJoin = !seated && state.table.seats.length < family.maxPlayers(state.table);
  show(byId("join"), canJoin);
  // A seat taken while a game runs plays from the next one: the form says so before anyone types.
  setText(byId("join-hint"), t(game && game.phase !== "over" ? "join.hint_running" : "join.hint"));
  if (seated) seatLost = false;
  show(seatNotice, seatLost);
  if (seatLost) setText(seatNotice, seatLostText(state));
  renderLobby(state);
  renderBots(state, family.maxPlayers(state.table));
  if (seatLost && canJoin) focusIfIdle(byId("join-name"));
}

// The sticky turn bar (the turn line and the timer, always in view) shows only when it has something
// to say; the page's layout (table.css) follows whether a game runs and whether this page holds dice
// in it (#hand shown: your dice and the bid control come first).
function layOut(state) {
  const bar = byId("turn-bar");
  show(bar, byId("turn-line").textContent !== "" || !byId("timer").hidden);
  const table = byId("table");
  table.classList.toggle("in-game", Boolean(state.game) && state.game.phase !== "over");
  table.classList.toggle("holding", !byId("hand").hidden);
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
  if (!you.is_host) reason = waitingFor(state);
  else if (!enough) reason = t("lobby.need_two");
  setText(byId("lobby-reason"), reason);
}

// Who starts the game, for everyone else: the host, or at a refereed table (no host seat) the referee.
function waitingFor(state) {
  const host = state.table.host;
  if (host !== null && host !== undefined) return t("lobby.wait_host", { name: seatName(state, host) });
  const referee = state.gm?.referee?.name;
  return referee ? t("lobby.wait_referee", { name: referee }) : t("lobby.wait_start");
}
