// Changing the rules between games: the table options control (table_options.js) for whoever may
// change them (the host in the lobby or after a game; the referee at the desk), sent as
// `set_rules` {preset, rules}; and the `rules_changed` event, told to everyone at the table.

import { byId, setText, show } from "./dom.js";
import { pageWording, t } from "./i18n.js";
import { seatName } from "./names.js";
import { badge } from "./rules_summary.js";
import { TableOptions } from "./table_options.js";
import { showToast } from "./toast.js";

// card: the section holding a `.options` <details>, a save button and a status line (ids `${prefix}-…`).
export class RulesChange {
  constructor({ card, prefix, send }) {
    this.card = card;
    this.options = new TableOptions(card.querySelector(".options"), { prefix });
    this.status = byId(`${prefix}-status`);
    this.shown = null;
    const save = byId(`${prefix}-save`);
    save.addEventListener("click", async () => {
      const problem = this.options.problem();
      if (problem) {
        showToast(problem);
        return;
      }
      save.disabled = true;
      setText(this.status, "");
      const ack = await send("set_rules", this.options.request());
      save.disabled = false;
      setText(this.status, ack.ok ? t("lobby.rules_saved") : "");
    });
  }

  // Shown while `open`; the controls follow the table's rules whenever those change.
  render(state, open) {
    show(this.card, open);
    const key = JSON.stringify(state.table.rules);
    if (key === this.shown) return;
    this.shown = key;
    this.options.set(state.table.rules);
  }
}

// "Anna changed the rules: 7 dice · …" for a `rules_changed` event {rules, by: seat | "referee"};
// badgeOf(rules) words the new rules (default: Liar's Dice's badge).
export function rulesChangedText(change, state, badgeOf = (rules) => badge(rules, pageWording)) {
  const rules = badgeOf(change.rules);
  if (change.by === "referee") return t("announce.rules_changed_referee", { badge: rules });
  return t("announce.rules_changed", { name: seatName(state, change.by ?? state.table.host), badge: rules });
}

// Toast and live region: everybody at the table hears of the change.
export function tellRulesChanged(change, state, announcer, badgeOf = undefined) {
  const text = rulesChangedText(change, state, badgeOf);
  showToast(text, "info");
  setText(announcer, text);
}
