// Game-master mode at the player's table page: the pause, the table chat, the private thread with the
// referee, the stakes and pot (player_stakes.js, at every table), and the roleplay cheat form with the player's own attempts and results.
// It adds its own sections to the page and listens to table.js's states (window.tavern.feed) and
// connection (window.tavern.socket; it imports table.js, which therefore runs first, even while
// table.js waits for its game's modules).

import "./table.js";
import { byId, el, setText, show, stylesheet } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";
import { checkText, statusKey } from "./attempt_words.js";
import { chatForm, keepTyping, renderChat } from "./referee_chat.js";
import { sender } from "./send.js";
import { renderStakes, stakesCard } from "./player_stakes.js";

const socket = window.tavern.socket;
const KIND_FIELDS = { telekinesis: ["die", "value"], mind_reading: ["target"], loaded_die: [], knock: ["target", "value"], other: [] };

const send = sender(socket);

function card(id, title) {
  return el("section", { id, class: "card gm", "aria-labelledby": `${id}-title`, hidden: true }, el("h2", { id: `${id}-title` }, title));
}

function textForm(id, label, event) {
  const input = el("input", { id: `${id}-text`, maxlength: 500, autocomplete: "off" });
  const form = el("form", { id: `${id}-form`, class: "row-form" },
    el("label", { for: `${id}-text`, class: "sr-only" }, label), input,
    el("button", { type: "submit", class: "btn" }, t("gm.send")));
  chatForm(form, input, (text) => send(event, { text }));
  return form;
}

const status = card("gm-status", t("gm.title"));
status.append(el("p", { id: "gm-referee", class: "hint" }), el("p", { id: "gm-paused", class: "paused-banner", hidden: true }, t("gm.paused")));
const chat = card("gm-chat", t("gm.chat"));
chat.append(el("ol", { id: "gm-chat-log", class: "chat-log", "aria-live": "polite" }), textForm("gm-chat", t("gm.chat_label"), "chat"));
const thread = card("gm-private", t("gm.private"));
thread.append(el("p", { class: "hint" }, t("gm.private_hint")), el("ol", { id: "gm-private-log", class: "chat-log", "aria-live": "polite" }),
  textForm("gm-private", t("gm.private_label"), "message"));
const cheat = card("gm-cheat", t("cheat.title"));
const kind = el("select", { id: "cheat-kind" }, ...Object.keys(KIND_FIELDS).map((k) => el("option", { value: k }, t(`cheat.kind.${k}`))));
const die = el("select", { id: "cheat-die" });
const target = el("select", { id: "cheat-target" });
const value = el("select", { id: "cheat-value" }, ...[1, 2, 3, 4, 5, 6].map((v) => el("option", { value: v }, String(v))));
const description = el("textarea", { id: "cheat-description", maxlength: 500, rows: 3 });
const field = (control, label) => el("label", { class: "field", "data-field": control.id.replace("cheat-", "") }, label, control);
const cheatForm = el("form", { id: "cheat-form", class: "cheat-form" },
  field(kind, t("cheat.kind")), field(die, t("cheat.die")), field(target, t("cheat.target")), field(value, t("cheat.value")),
  field(description, t("cheat.description")), el("button", { type: "submit", class: "btn primary" }, t("cheat.send")));
cheat.append(el("p", { class: "hint" }, t("cheat.hint")), cheatForm, el("ol", { id: "cheat-attempts", class: "attempts" }));
// The game master's card (pause, pot) leads the side column; the conversations follow the bids and the history.
const stakes = stakesCard(send);
document.querySelector(".side")?.prepend(status);
byId("share").before(cheat, thread, chat, stakes);

function showFields() {
  for (const name of ["die", "target", "value"]) show(cheatForm.querySelector(`[data-field="${name}"]`), KIND_FIELDS[kind.value].includes(name));
}
kind.addEventListener("change", showFields);
showFields();
cheatForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const payload = { kind: kind.value, description: description.value };
  for (const name of KIND_FIELDS[kind.value]) payload[name] = Number({ die, target, value }[name].value);
  const ack = await send("cheat", payload);
  if (ack.ok) description.value = "";
});

function options(select, entries) {
  const chosen = select.value;
  select.replaceChildren(...entries.map(([v, label]) => el("option", { value: v }, label)));
  if (entries.some(([v]) => String(v) === chosen)) select.value = chosen;
}

// What the attempt did, told while it holds: a die's new face (also one the referee changed by hand for
// an "other") in the attempt's round only, a loaded die for the rest of its game.
function effectText(state, a) {
  const game = state.game;
  const holds = a.effect && game && a.game === game.game && (a.kind === "loaded_die" || a.round === game.round);
  if (!holds) return "";
  const own = a.effect.seat === state.you.seat;
  const kind = a.kind === "other" ? (own ? "telekinesis" : "knock") : a.kind;
  return t(`cheat.effect.${kind}`, { name: seatName(state, a.effect.seat), die: a.effect.index + 1, value: a.effect.value });
}

function attemptItem(state, a) {
  const effect = effectText(state, a);
  return el("li", { class: `attempt ${a.status}`, "data-attempt": a.id },
    el("span", {}, `${t(`cheat.kind.${a.kind}`)}: ${t(`cheat.status.${statusKey(a)}`)}`),
    a.check ? el("p", { class: "check" }, checkText(a.check)) : null,
    effect ? el("p", { class: "effect" }, effect) : null,
    a.consequence === "penalty" ? el("p", { class: "effect" }, t("gm.penalty_waits")) : null);
}

function onState(state) {
  const gm = state.gm;
  if (!gm) return;
  const { game, you } = state;
  const seated = you.seat !== null;
  const refereed = gm.referee !== null;
  if (refereed || gm.stakes.length > 0) stylesheet("/static/css/referee.css");
  show(status, refereed);
  setText(byId("gm-referee"), refereed ? t("gm.referee_is", { name: gm.referee.name }) : "");
  show(byId("gm-paused"), gm.paused);
  renderStakes(stakes, state);
  show(chat, true);
  show(byId("gm-chat-form"), seated);
  renderChat(byId("gm-chat-log"), state, gm.chat);
  show(thread, seated && refereed);
  if (seated && refereed) renderChat(byId("gm-private-log"), state, gm.messages ?? []);
  const playing = seated && game?.phase === "bidding" && game.seats_in_game.includes(you.seat);
  show(cheat, seated && refereed && gm.referee.cheating && (playing || (gm.attempts ?? []).length > 0));
  show(cheatForm, playing);
  if (playing) {
    options(die, game.dice.map((d, i) => [i, t("cheat.die_shows", { n: i + 1, value: d })]));
    options(target, game.seats_in_game.filter((s) => s !== you.seat).map((s) => [s, seatName(state, s)]));
  }
  keepTyping(cheat, () => byId("cheat-attempts").replaceChildren(...[...(gm.attempts ?? [])].reverse().map((a) => attemptItem(state, a))));
}
window.tavern.feed.onState(onState); // also the newest state, when it came before this module was loaded
