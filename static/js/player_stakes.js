// Stakes at any table (RULES.md C4), on the player's table page: every seat's stake and the pot for
// everyone, and for a seated player a form for their own stake (free text: "1 gold", "a song"), set
// or cleared between games (the server refuses it while a game or a poker-dice evening runs,
// `stakes/locked`). The winner of the game (the evening's champion) takes the pot; the scoreboard counts it.
//
//   const card = stakesCard(send);   // a hidden <section>; renderStakes(card, state) fills it

import { byId, el, setText, show } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";
import { potText } from "./pot.js";

export function stakesCard(send) {
  const input = el("input", { id: "stake-text", maxlength: 60, autocomplete: "off" });
  const form = el("form", { id: "stake-form", class: "row-form" },
    el("label", { for: "stake-text" }, t("stakes.label")), input,
    el("button", { type: "submit", id: "stake-set", class: "btn" }, t("stakes.set")),
    el("button", { type: "button", id: "stake-clear", class: "btn" }, t("stakes.clear")));
  // The field holds your stake as the table has it: a refused text goes back to it at once.
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const ack = await send("stake", { text });
    input.value = ack.ok ? text : input.dataset.real ?? "";
  });
  form.querySelector("#stake-clear").addEventListener("click", () => send("stake", { text: "" }));
  return el("section", { id: "stakes", class: "card gm", "aria-labelledby": "stakes-title", hidden: true },
    el("h2", { id: "stakes-title" }, t("stakes.title")), el("p", { class: "hint" }, t("stakes.hint")),
    el("ul", { id: "stakes-list", class: "stakes" }), el("p", { id: "stakes-pot" }), form,
    el("p", { id: "stakes-locked", class: "hint", hidden: true }, t("stakes.locked")));
}

// True while a game runs, or a poker-dice evening has no champion yet: stakes wait until it ends.
export function stakesLocked(state) {
  const running = state.game !== null && state.game.phase !== "over";
  return running || Boolean(state.evening && state.evening.champion === null);
}

export function renderStakes(card, state) {
  const stakes = state.gm.stakes;
  const seated = state.you.seat !== null;
  show(card, seated || stakes.length > 0);
  card.querySelector("#stakes-list").replaceChildren(
    ...stakes.map((s) => el("li", { "data-seat": s.seat }, t("stakes.line", { name: seatName(state, s.seat), text: s.text }))));
  setText(card.querySelector("#stakes-pot"), stakes.length ? t("gm.pot", { pot: potText(state.gm.pot) }) : t("stakes.none"));
  // While a game runs the form stays in sight but disabled, its reason beside it (#stakes-locked).
  const locked = stakesLocked(state);
  const mine = stakes.find((s) => s.seat === state.you.seat);
  const input = card.querySelector("#stake-text");
  input.dataset.real = mine?.text ?? "";
  if (locked || document.activeElement !== input) input.value = input.dataset.real;
  show(card.querySelector("#stake-form"), seated);
  show(card.querySelector("#stakes-locked"), seated && locked);
  show(card.querySelector("#stake-clear"), mine !== undefined);
  for (const control of card.querySelectorAll("#stake-form input, #stake-form button")) {
    control.disabled = locked;
    control.title = locked ? t("stakes.locked") : "";
    if (locked) control.setAttribute("aria-describedby", "stakes-locked");
    else control.removeAttribute("aria-describedby");
  }
}
