// The table option `require_seeds` on the table page and the referee's desk (docs/fairness.md
// section 6): whoever may set it (the host at a table without a referee, the referee at the desk)
// gets a switch, "Wait for the players' randomness: never let the server roll alone", with a one-line
// hint; everyone else reads the option as a plain line, which a screen reader hears when it changes.
// The switch follows the state's `draws.require_seeds` and sends `require_seeds {on}`; a refused
// change (`host/only`, no connection) puts it back as the table has it.
//
//   const option = seedsOption({ prefix: "table", send });   // { card, render(state, canChange) }
//   byId("share").before(option.card);
//   option.render(state, state.you.is_host);

import { el, setText, show } from "./dom.js";
import { t } from "./i18n.js";

/** The option's card (hidden until a state with `draws` comes) and its `render(state, canChange)`. */
export function seedsOption({ prefix, send }) {
  const id = `${prefix}-require-seeds`;
  const box = el("input", { type: "checkbox", id, "aria-describedby": `${id}-hint ${id}-status` });
  const control = el("div", { class: "option toggle" }, box, el("label", { for: id }, t("fair.require_seeds")),
    el("p", { id: `${id}-hint`, class: "hint" }, t("fair.require_seeds_hint")));
  const line = el("p", { id: `${id}-text`, class: "seeds-option-text", "aria-live": "polite" });
  const status = el("p", { id: `${id}-status`, class: "hint", role: "status" });
  const card = el("section", { id: `${prefix}-seeds-option`, class: "card seeds-option", "aria-labelledby": `${id}-title`, hidden: true },
    el("h2", { id: `${id}-title` }, t("fair.require_seeds_title")), control, line, status);
  let shown = false; // the option as the table has it
  let sending = false;

  box.addEventListener("change", async () => {
    const wanted = box.checked;
    sending = true;
    setText(status, "");
    const ack = await send("require_seeds", { on: wanted });
    sending = false;
    if (ack.ok) setText(status, t(wanted ? "fair.require_seeds_saved_on" : "fair.require_seeds_saved_off"));
    else box.checked = shown;
  });

  function render(state, canChange) {
    const draws = state.draws;
    show(card, Boolean(draws));
    if (!draws) return;
    shown = Boolean(draws.require_seeds);
    if (!sending) box.checked = shown;
    show(control, canChange);
    show(status, canChange);
    show(line, !canChange);
    setText(line, t(shown ? "fair.require_seeds_on" : "fair.require_seeds_off"));
  }

  return { card, render };
}
