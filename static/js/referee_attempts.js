// The referee's list of cheat attempts: judge (difficulty and modifier), dismiss, choose a failure's consequence,
// apply or refuse a succeeded telekinesis (its effect waits for the referee), change a die by hand after an
// "other" attempt succeeded.

import { attemptNeed, checkText, statusKey, targeting } from "./attempt_words.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";

function numberInput(id, label, value, min, max) {
  return el("label", { class: "field" }, label, el("input", { id, type: "number", value, min, max, inputmode: "numeric" }));
}

function request(state, a) {
  const parts = [t(`cheat.kind.${a.kind}`)];
  if (a.die !== null) parts.push(t("cheat.die_n", { n: a.die + 1 }));
  if (a.target !== null) parts.push(t("cheat.target_is", { name: seatName(state, a.target) }));
  if (a.value !== null) parts.push(t("cheat.value_is", { value: a.value }));
  return parts.join(" · ");
}

function judgeForm(a, send) {
  const form = el("form", { class: "judge row-form" },
    numberInput(`difficulty-${a.id}`, t("referee.difficulty"), 12, 1, 200),
    numberInput(`modifier-${a.id}`, t("referee.modifier"), 0, -100, 100),
    el("button", { type: "submit", class: "btn primary small" }, t("referee.roll")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send("referee_judge", { attempt: a.id, difficulty: Number(form.querySelector(`#difficulty-${a.id}`).value),
      modifier: Number(form.querySelector(`#modifier-${a.id}`).value) });
  });
  return [form, dismissButton(a, send)];
}


function dismissButton(a, send) {
  const dismiss = el("button", { type: "button", class: "btn small" }, t("referee.dismiss"));
  dismiss.addEventListener("click", () => send("referee_dismiss", { attempt: a.id }));
  return dismiss;
}

// A succeeded telekinesis: the referee applies its effect (`referee_apply`) or refuses it (`referee_dismiss`).
function approvalButtons(a, send) {
  const apply = el("button", { type: "button", class: "btn primary small", "data-approve": "apply" }, t("referee.apply"));
  apply.addEventListener("click", () => send("referee_apply", { attempt: a.id }));
  const refuse = el("button", { type: "button", class: "btn small", "data-approve": "refuse" }, t("referee.refuse"));
  refuse.addEventListener("click", () => send("referee_dismiss", { attempt: a.id }));
  return [el("p", { class: "hint" }, t("referee.awaits_approval")), el("div", { class: "controls" }, apply, refuse)];
}

function consequenceButtons(a, send) {
  return el("div", { class: "controls" }, ...["silence", "announce", "penalty"].map((consequence) => {
    const button = el("button", { type: "button", class: "btn small", "data-consequence": consequence }, t(`referee.consequence.${consequence}`));
    button.addEventListener("click", () => send("referee_failure", { attempt: a.id, consequence }));
    return button;
  }));
}

function changeDieForm(state, a, send) {
  const seats = state.game?.seats_in_game ?? [];
  const select = el("select", { id: `change-seat-${a.id}`, "aria-label": t("referee.change_seat") },
    ...seats.map((seat) => el("option", { value: seat }, seatName(state, seat))));
  const form = el("form", { class: "row-form" }, select,
    numberInput(`change-die-${a.id}`, t("referee.change_die_n"), 1, 1, 10),
    numberInput(`change-value-${a.id}`, t("referee.change_value"), 6, 1, 6),
    el("button", { type: "submit", class: "btn small" }, t("referee.change_die")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send("referee_change_die", { seat: Number(select.value), die: Number(form.querySelector(`#change-die-${a.id}`).value) - 1,
      value: Number(form.querySelector(`#change-value-${a.id}`).value), attempt: a.id });
  });
  return form;
}

// The status in words: a succeeded check that waits (for its target die, or for the referee) says so.
function effectText(state, a) {
  const effect = a.effect;
  if (!effect) return "";
  if (a.kind === "loaded_die") return t("cheat.effect.loaded_die");
  const kind = a.kind === "other" ? "knock" : a.kind; // a change by hand reads as any die of a seat that now shows a value
  return t(`cheat.effect.${kind}`, { name: seatName(state, effect.seat), die: effect.index + 1, value: effect.value });
}

export function renderAttempts(list, state, send) {
  const items = [...state.gm.attempts].reverse().map((a) => {
    const item = el("li", { class: `attempt ${a.status}`, "data-attempt": a.id },
      el("p", { class: "who" }, t("referee.attempt_by", { n: a.id, name: seatName(state, a.seat), round: a.round })),
      el("p", { class: "what" }, request(state, a)),
      el("blockquote", { class: "description" }, a.description),
      el("p", { class: "status" }, t(`cheat.status.${statusKey(a)}`)),
      a.check ? el("p", { class: "check" }, checkText(a.check)) : null,
      a.effect ? el("p", { class: "effect" }, effectText(state, a)) : null,
      a.consequence ? el("p", { class: "consequence" }, t(`referee.consequence.${a.consequence}`)) : null);
    if (a.status === "pending") item.append(...judgeForm(a, send));
    const need = attemptNeed(a);
    item.dataset.need = need ?? "";
    if (need === "consequence") item.append(el("p", { class: "hint" }, t("referee.choose_consequence")), consequenceButtons(a, send));
    if (need === "approve") item.append(...approvalButtons(a, send));
    if (a.status === "judged" || targeting(a)) item.append(el("p", { class: "hint" }, t("referee.rolling")), dismissButton(a, send));
    const inItsRound = a.game === state.game?.game && a.round === state.game?.round;
    if (a.status === "succeeded" && a.kind === "other" && !a.effect && inItsRound) item.append(changeDieForm(state, a, send));
    return item;
  });
  list.replaceChildren(...items);
}
