// Changing a Liar's Dice table's rules between games: the table options control (table_options.js)
// for whoever may change them (the host in the lobby or after a game; the referee at the desk),
// sent as `set_rules` {preset, rules}. The `rules_changed` that follows is told by the shared
// lobby_rules.js.

import { byId, setText, show } from "../../dom.js";
import { t } from "../../i18n.js";
import { showToast } from "../../toast.js";
import { TableOptions } from "./table_options.js";

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
