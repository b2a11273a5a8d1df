// The referee's dashboard: one Socket.IO connection with the referee's token; every `state` is rendered whole.

import { byId, el, setText, show } from "./dom.js";
import { bidShort, errorText, t } from "./i18n.js";
import { RulesChange, tellRulesChanged } from "./lobby_rules.js";
import { seatName, withLocalNames } from "./names.js";
import { renderAttempts } from "./referee_attempts.js";
import { chatForm, copyText, keepTyping, renderChat } from "./referee_chat.js";
import { renderRelay } from "./referee_relay.js";
import { callText, countText, verdict } from "./reveal.js";
import { activeRules, renderRulesPanel } from "./rules_panel.js";
import { sender } from "./send.js";
import { showToast } from "./toast.js";

const tableId = byId("referee").dataset.table;
const storageKey = `tj:referee:${tableId}`;
// The token arrives in the URL fragment (never sent to a server); keep it here and clear the address bar.
if (location.hash.length > 1) {
  localStorage.setItem(storageKey, decodeURIComponent(location.hash.slice(1)));
  history.replaceState(null, "", location.pathname + location.search);
}
const token = localStorage.getItem(storageKey);
const socket = io({ auth: { table: tableId, referee_token: token ?? "" } });
let current = null;
let openThread = null;

export const send = sender(socket);
// The referee hosts the table: between games the desk may change its rules (`set_rules`).
const rulesChange = new RulesChange({ card: byId("desk-rules-change"), prefix: "desk-opt", send });

byId("desk-start").addEventListener("click", () => send("referee_start"));
byId("desk-next").addEventListener("click", () => send("referee_next_round"));
byId("desk-pause").addEventListener("click", () => send("referee_pause"));
byId("desk-resume").addEventListener("click", () => send("referee_resume"));
byId("desk-bot").addEventListener("submit", (event) => {
  event.preventDefault();
  send("referee_add_bot", { level: byId("desk-bot-level").value });
});
byId("desk-link").value = `${location.origin}/t/${tableId}`;
byId("desk-link-copy").addEventListener("click", () => copyText(byId("desk-link").value));
byId("score-json").href = `/t/${tableId}/scoreboard.json?download=1`;
byId("score-csv").href = `/t/${tableId}/scoreboard.csv?download=1`;
chatForm(byId("desk-chat-form"), byId("desk-chat-text"), (text) => send("referee_chat", { text }));
byId("relay-copy-all").addEventListener("click", async () => {
  const lines = current?.gm.whispers.flatMap((w) => w.lines) ?? [];
  if (!lines.length) return setText(byId("relay-status"), t("relay.nothing_to_copy"));
  setText(byId("relay-status"), (await copyText(lines.join("\n"))) ? t("relay.copied_all") : t("relay.copy_all_failed"));
});

socket.on("connect", () => setConnection("connected"));
socket.on("disconnect", () => {
  setConnection("connecting");
  if (current) render(current); // the seats' online badges say "not known" until the server is back
});
socket.on("connect_error", (error) => {
  showToast(errorText(error.data?.code ?? "network", error.data?.message));
  setConnection("connecting");
});
socket.on("error", (error) => showToast(errorText(error.code, error.message)));
socket.on("rules_changed", (change) => {
  if (current) tellRulesChanged(change, current, byId("announcer"));
});
socket.on("state", (state) => {
  current = withLocalNames(state);
  render(current);
});

function setConnection(state) {
  const conn = byId("conn");
  conn.dataset.state = state;
  setText(conn, state === "connecting" ? t("conn.reconnecting") : "");
  show(conn, state !== "connected");
}

let ticking = null;
function renderTimer(state) {
  const deadline = state.game?.phase === "bidding" ? state.table.turn_deadline_ms : null;
  const offset = Date.now() - state.server_now_ms;
  clearInterval(ticking);
  const tick = () => setText(byId("desk-timer"), t("game.time_left", { n: Math.max(0, Math.ceil((deadline + offset - Date.now()) / 1000)) }));
  show(byId("desk-timer"), deadline !== null && deadline !== undefined);
  if (deadline) {
    tick();
    ticking = setInterval(tick, 1000);
  }
}

function render(state) {
  const { game, gm } = state;
  setText(byId("desk-headline"), headline(state));
  setText(byId("desk-turn"), game?.phase === "bidding" && game.turn !== null ? t("game.turn_of", { name: seatName(state, game.turn) }) : "");
  renderTimer(state);
  const running = Boolean(game) && game.phase !== "over";
  show(byId("desk-paused"), gm.paused);
  show(byId("desk-start"), !running);
  show(byId("desk-next"), game?.phase === "revealed");
  show(byId("desk-pause"), running && !gm.paused);
  show(byId("desk-resume"), gm.paused);
  renderRulesPanel(byId("desk-rules"), activeRules(state));
  rulesChange.render(state, !running);
  const settings = gm.referee;
  setText(byId("desk-settings"), t("referee.settings", {
    cheating: settings.cheating ? t("referee.on") : t("referee.off"), blind: settings.blind ? t("referee.on") : t("referee.off"),
    die: settings.check_die, format: t(`referee.format.${settings.whisper_format}`) }));
  keepTyping(byId("desk-seats"), () => renderSeats(state));
  keepTyping(byId("desk-attempts"), () => renderAttempts(byId("desk-attempts"), state, send));
  show(byId("desk-attempts-none"), gm.attempts.length === 0);
  setText(byId("relay-format"), t(`referee.format.${settings.whisper_format}`));
  keepTyping(byId("desk-relay"), () => renderRelay(byId("desk-relay"), state, send));
  renderBids(state);
  renderChat(byId("desk-chat"), state, gm.chat);
  keepTyping(byId("desk-threads"), () => renderThreads(state));
  renderCommitments(state);
  renderScores(state);
}

function headline(state) {
  const game = state.game;
  if (!game) return t("referee.lobby", { n: state.table.seats.length });
  if (game.phase === "over") return t("referee.game_over", { game: game.game, name: seatName(state, game.winner) });
  return t("game.title", { game: game.game, round: game.round });
}

// A seat that started this game and has lost every die: it shows "out of the game", never a die.
function isOut(game, seat) {
  return Boolean(game) && game.seat_order.includes(seat) && !game.seats_in_game.includes(seat);
}

function potText(pot) {
  const parts = Object.entries(pot.amounts).map(([unit, amount]) => `${amount} ${unit}`.trim());
  return [...parts, ...pot.items].join(", ");
}

function renderSeats(state) {
  const { game, gm } = state;
  const items = state.table.seats.map((info) => {
    const out = isOut(game, info.seat);
    const hand = out ? null : game?.hands?.[String(info.seat)] ?? game?.result?.hands?.[String(info.seat)];
    const count = game?.dice_counts?.[String(info.seat)];
    const stake = gm.stakes.find((s) => s.seat === info.seat);
    const stakeInput = el("input", { id: `stake-${info.seat}`, maxlength: 60, value: stake?.text ?? "", "aria-label": t("referee.stake_for", { name: info.name }) });
    const stakeForm = el("form", { class: "row-form stake" }, stakeInput, el("button", { type: "submit", class: "btn small" }, t("referee.set_stake")));
    stakeForm.addEventListener("submit", (event) => {
      event.preventDefault();
      send("referee_stake", { seat: info.seat, text: stakeInput.value });
    });
    // Named after its seat ("Remove Anna"; the visible "Remove" starts the name): a list of bare "Remove"s says nothing.
    const remove = el("button", { type: "button", class: "btn small danger", "aria-label": t("bots.remove_label", { name: info.name }) }, t("referee.remove"));
    remove.addEventListener("click", () => send("referee_remove_seat", { seat: info.seat }));
    return el("li", { class: "desk-seat", "data-seat": info.seat },
      el("span", { class: "seat-name" }, info.name),
      el("span", { class: "badge" }, info.kind === "bot" ? t(`bots.level.${info.level}`) : onlineText(info)),
      out ? el("span", { class: "count out" }, t("referee.out")) : null,
      count !== undefined ? el("span", { class: "count" }, t("unit.dice", { n: count })) : null,
      // The dice are read out after a hidden "Dice of NAME:" (an aria-label on a plain span is ignored by screen readers).
      el("span", { class: "desk-dice" }, ...deskDice(info.name, hand ? hand.join(" ") : (gm.referee.blind && game?.phase === "bidding" ? t("referee.blind_dice") : ""))),
      stakeForm, remove);
  });
  byId("desk-seats").replaceChildren(...items);
  setText(byId("desk-pot"), gm.stakes.length ? t("gm.pot", { pot: potText(gm.pot) }) : t("gm.no_stakes"));
}

function onlineText(info) {
  if (!socket.connected) return t("seats.unknown");
  return info.connected ? t("referee.online") : t("referee.offline");
}

function deskDice(name, text) {
  return text ? [el("span", { class: "sr-only" }, `${t("referee.dice_of", { name })}: `), text] : [];
}

function renderBids(state) {
  const game = state.game;
  byId("desk-bids").replaceChildren(...(game?.bids ?? []).map((bid) =>
    el("li", {}, `${seatName(state, bid.seat)}: ${bidShort(bid.quantity, bid.face)}`)));
  const result = game?.result;
  const name = (seat) => seatName(state, seat);
  // The reveal in the players' words: the call (Liar or spot on), every cup (a loser knocked out
  // keeps theirs here), the count, what it cost whom.
  const cups = () => t("referee.cups", { cups: game.seat_order.filter((seat) => String(seat) in result.hands)
    .map((seat) => `${name(seat)}: ${result.hands[String(seat)].join(" ")}`).join(" · ") });
  byId("desk-result").replaceChildren(...(result ? [callText(result, name), cups(), countText(game), verdict(result, name, game.seats_in_game)]
    .map((line) => el("p", {}, line)) : []));
}

function renderThreads(state) {
  const seats = state.table.seats.filter((s) => s.kind === "human");
  const blocks = seats.map((info) => {
    const lines = state.gm.messages[String(info.seat)] ?? [];
    const list = el("ol", { class: "chat-log" });
    renderChat(list, state, lines);
    const input = el("input", { id: `message-${info.seat}`, maxlength: 500, autocomplete: "off", "aria-label": t("referee.message_to", { name: info.name }) });
    const form = el("form", { class: "row-form" }, input, el("button", { type: "submit", class: "btn small" }, t("gm.send")));
    chatForm(form, input, (text) => send("referee_message", { seat: info.seat, text }));
    const details = el("details", { class: "thread", "data-seat": info.seat, open: openThread === info.seat },
      el("summary", {}, `${info.name} (${lines.length})`), list, form);
    details.addEventListener("toggle", () => { if (details.open) openThread = info.seat; });
    return details;
  });
  byId("desk-threads").replaceChildren(...blocks);
}

function renderCommitments(state) {
  const c = state.commitments;
  const rows = c ? [["referee.round_anchor", c.round_anchor], ["referee.draw_root", c.draw_root],
    ...c.roots.map((root, i) => [t("referee.round_root", { round: i + 1 }), root])] : [];
  byId("desk-commitments").replaceChildren(...rows.flatMap(([key, value]) =>
    [el("dt", {}, key.startsWith("referee.") ? t(key) : key), el("dd", { class: "hash" }, value ?? "")]));
}

function renderScores(state) {
  byId("desk-scores").replaceChildren(...state.gm.scoreboard.map((line) => el("tr", {},
    el("td", {}, line.name), el("td", {}, String(line.games)), el("td", {}, String(line.wins)), el("td", {}, potText(line.pot_won)))));
}
