// The referee's dashboard: one Socket.IO connection with the referee's token; every `state` is rendered whole.
// The game's part of the desk is its rules family's (referee_families.js); the rest is shared here.

import { byId, el, setText, show } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { tellRulesChanged } from "./lobby_rules.js";
import { regularName, withLocalNames } from "./names.js";
import { potText } from "./pot.js";
import { renderAttempts } from "./referee_attempts.js";
import { chatForm, copyText, keepTyping, renderChat } from "./referee_chat.js";
import { deskFamily } from "./referee_families.js";
import { Needs, unreadLines } from "./referee_needs.js";
import { renderRelay } from "./referee_relay.js";
import { retryPassingRefusals } from "./retry.js";
import { seedsOption } from "./seeds_option.js";
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
const socket = io({ auth: { table: tableId, referee_token: token ?? "" }, query: { table: tableId } });
retryPassingRefusals(socket);
let current = null;
let openThread = null;

export const send = sender(socket);
// What needs an answer now stays in view (referee_needs.js); its buttons lead to the attempt or the thread.
const needs = new Needs(tableId, { openThread: showThread, showAttempt });
byId("desk-audit").href = `/t/${tableId}/audit`;
byId("desk-replay").href = `/t/${tableId}/replay`;
// The sections scroll into view below the sticky bar, whatever its height.
new ResizeObserver(() => byId("referee").style.setProperty("--needs-height", `${byId("desk-needs").offsetHeight}px`))
  .observe(byId("desk-needs"));
// The referee may require the players' seeds at any time (`require_seeds`).
const seedsRequired = seedsOption({ prefix: "desk", send });
byId("desk-rules-change").after(seedsRequired.card);

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
  const family = current && deskFamily(current, { send });
  if (family?.rulesChange) tellRulesChanged(change, current, byId("announcer"), (rules) => family.rulesBadge(rules));
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
function renderTimer(state, family) {
  const deadline = family.timed(state) ? state.table.turn_deadline_ms : null;
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
  const family = deskFamily(state, { send });
  family.render(state);
  renderTimer(state, family);
  const running = Boolean(game) && game.phase !== "over";
  show(byId("desk-paused"), gm.paused);
  show(byId("desk-start"), !running);
  setText(byId("desk-start"), family.startLabel(state));
  show(byId("desk-next"), game?.phase === "revealed");
  show(byId("desk-pause"), running && !gm.paused);
  show(byId("desk-resume"), gm.paused);
  // The referee hosts the table: between games the desk may change its rules (`set_rules`) where the family offers it.
  if (family.rulesChange) family.rulesChange.render(state, !running);
  else show(byId("desk-rules-change"), false);
  seedsRequired.render(state, true);
  const settings = gm.referee;
  setText(byId("desk-settings"), t("referee.settings", {
    cheating: settings.cheating ? t("referee.on") : t("referee.off"), blind: settings.blind ? t("referee.on") : t("referee.off"),
    die: settings.check_die, format: t(`referee.format.${settings.whisper_format}`) }));
  keepTyping(byId("desk-seats"), () => renderSeats(state, family));
  show(byId("desk-attempts-card"), family.cheating);
  keepTyping(byId("desk-attempts"), () => renderAttempts(byId("desk-attempts"), state, send));
  show(byId("desk-attempts-none"), gm.attempts.length === 0);
  setText(byId("relay-format"), t(`referee.format.${settings.whisper_format}`));
  keepTyping(byId("desk-relay"), () => renderRelay(byId("desk-relay"), state, send));
  renderChat(byId("desk-chat"), state, gm.chat);
  needs.update(state);
  keepTyping(byId("desk-threads"), () => renderThreads(state));
  renderCommitments(state);
  renderScores(state);
}

function renderSeats(state, family) {
  const { gm } = state;
  // What the server would refuse now is disabled, its reason said beside it (aria-describedby) and on hover (title).
  const locks = family.locks?.(state) ?? { stakes: null, seat: () => null };
  const stakesLocked = locks.stakes;
  setText(byId("desk-stakes-locked"), stakesLocked ?? "");
  show(byId("desk-stakes-locked"), Boolean(stakesLocked));
  const items = state.table.seats.map((info) => {
    const { count, dice, out = false } = family.seatFacts(state, info);
    const stake = gm.stakes.find((s) => s.seat === info.seat);
    const stakeInput = el("input", { id: `stake-${info.seat}`, maxlength: 60, value: stake?.text ?? "", "aria-label": t("referee.stake_for", { name: info.name }) });
    const setStake = el("button", { type: "submit", class: "btn small" }, t("referee.set_stake"));
    for (const control of [stakeInput, setStake]) lockControl(control, stakesLocked, "desk-stakes-locked");
    const stakeForm = el("form", { class: "row-form stake" }, stakeInput, setStake);
    stakeForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const ack = await send("referee_stake", { seat: info.seat, text: stakeInput.value });
      if (!ack.ok) stakeInput.value = stake?.text ?? ""; // a refused stake does not stay in the field
    });
    // Named after its seat ("Remove Anna"; the visible "Remove" starts the name): a list of bare "Remove"s says nothing.
    const remove = el("button", { type: "button", class: "btn small danger", "aria-label": t("bots.remove_label", { name: info.name }) }, t("referee.remove"));
    remove.addEventListener("click", () => send("referee_remove_seat", { seat: info.seat }));
    const seatLocked = locks.seat(info);
    const reason = seatLocked ? el("span", { id: `seat-lock-${info.seat}`, class: "sr-only" }, seatLocked) : null;
    lockControl(remove, seatLocked, `seat-lock-${info.seat}`);
    return el("li", { class: "desk-seat", "data-seat": info.seat },
      el("span", { class: "seat-name" }, info.name),
      el("span", { class: "badge" }, info.kind === "bot" ? t(`bots.level.${info.level}`) : onlineText(info)),
      out ? el("span", { class: "count out" }, t("referee.out")) : null,
      count !== null ? el("span", { class: "count" }, count) : null,
      // The dice are read out after a hidden "Dice of NAME:" (an aria-label on a plain span is ignored by screen readers).
      el("span", { class: "desk-dice" }, ...deskDice(info.name, dice)),
      stakeForm, remove, reason);
  });
  byId("desk-seats").replaceChildren(...items);
  setText(byId("desk-pot"), gm.stakes.length ? t("gm.pot", { pot: potText(gm.pot) }) : t("gm.no_stakes"));
}

function lockControl(control, reason, describedBy) {
  if (!reason) return;
  control.disabled = true;
  control.title = reason;
  control.setAttribute("aria-describedby", describedBy);
}

function onlineText(info) {
  if (!socket.connected) return t("seats.unknown");
  return info.connected ? t("referee.online") : t("referee.offline");
}

function deskDice(name, text) {
  return text ? [el("span", { class: "sr-only" }, `${t("referee.dice_of", { name })}: `), text] : [];
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
    const fresh = unreadLines(state, needs.seen ?? {})[String(info.seat)]?.length ?? 0;
    const details = el("details", { class: "thread", "data-seat": info.seat, open: openThread === info.seat },
      el("summary", {}, `${info.name} (${lines.length})`,
        fresh ? el("span", { class: "unread-badge" }, ` ${t("referee.unread", { n: fresh })}`) : null), list, form);
    details.addEventListener("toggle", () => {
      if (!details.open) {
        if (openThread === info.seat) openThread = null;
        return;
      }
      openThread = info.seat;
      if (!fresh) return;
      details.querySelector(".unread-badge")?.remove();
      needs.read(current, info.seat);
    });
    return details;
  });
  byId("desk-threads").replaceChildren(...blocks);
}

function renderCommitments(state) {
  const c = state.commitments;
  const rows = c ? [["referee.round_anchor", c.round_anchor], ["referee.draw_root", c.draw_root],
    ...c.roots.map((root, i) => [t("referee.round_root", { round: i + 1 }), root])] : [];
  byId("desk-commitments").replaceChildren(...rows.flatMap(([key, value]) =>
    [el("dt", {}, key.startsWith("referee.") ? t(key) : key), el("dd", { class: "hash" }, value ?? "")]),
  ...(state.draws?.recent ?? []).flatMap(drawRow),
  ...(state.draws?.waiting?.paused ? [el("dt", {}, t("fair.draw_next")), el("dd", { class: "draw-paused" }, t("fair.draw_paused"))] : []));
}

// A recent seeded draw (a roll, a roll-off throw): whose seeds went in, or loudly that the server rolled it alone.
function drawRow(draw) {
  const what = t(`fair.draw_what.${draw.purpose.kind}`, { n: draw.purpose.counter });
  const late = Object.values(draw.seeds_missing).some((reason) => reason !== "not_connected");
  const text = draw.alone ? `⚠ ${t(`fair.${late ? "draw_alone_late" : "draw_alone"}.${draw.purpose.kind}`)}`
    : t("fair.draw_seeds_of", { what, seats: Object.keys(draw.seeds).join(", ") });
  return [el("dt", {}, what), el("dd", { class: draw.alone ? "draw-alone failed" : "draw-seeds", "data-draw": String(draw.draw) }, text)];
}

// The scoreboard counts players by their logged names: a regular's is shown in the page's language,
// as in the seat list (unless a person at the table goes by that name).
function renderScores(state) {
  const people = new Set(state.table.seats.filter((seat) => seat.kind === "human").map((seat) => seat.name));
  const shown = (name) => (people.has(name) ? name : regularName(name));
  byId("desk-scores").replaceChildren(...state.gm.scoreboard.map((line) => el("tr", {},
    el("td", {}, shown(line.name)), el("td", {}, String(line.games)), el("td", {}, String(line.wins)), el("td", {}, potText(line.pot_won)))));
}

// The needs bar's way to a thread: opened (so read), in view, its input focused.
function showThread(seat) {
  openThread = seat;
  if (current) render(current);
  const details = document.querySelector(`#desk-threads details[data-seat="${seat}"]`);
  if (!details) return;
  details.open = true;
  if (current) needs.read(current, seat);
  details.scrollIntoView({ block: "start" });
  byId(`message-${seat}`)?.focus({ preventScroll: true });
}

// The needs bar's way to an attempt: in view, its first control focused.
function showAttempt(id) {
  const item = document.querySelector(`#desk-attempts li[data-attempt="${id}"]`);
  if (!item) return;
  item.scrollIntoView({ block: "start" });
  item.querySelector("input, button")?.focus({ preventScroll: true });
}
