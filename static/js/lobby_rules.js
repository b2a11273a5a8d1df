// The `rules_changed` event, told to everyone at the table (the player's page and the referee's
// desk), with the new rules worded by the table's family (`rulesBadge`). Changing them is the
// family's own control (Liar's Dice: games/liars_dice/rules_change.js).

import { setText } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";
import { showToast } from "./toast.js";

// "Anna changed the rules: 7 dice · …" for a `rules_changed` event {rules, by: seat | "referee"};
// badgeOf(rules) words the new rules (the family's `rulesBadge`).
export function rulesChangedText(change, state, badgeOf) {
  const rules = badgeOf(change.rules);
  if (change.by === "referee") return t("announce.rules_changed_referee", { badge: rules });
  return t("announce.rules_changed", { name: seatName(state, change.by ?? state.table.host), badge: rules });
}

// Toast and live region: everybody at the table hears of the change.
export function tellRulesChanged(change, state, announcer, badgeOf) {
  const text = rulesChangedText(change, state, badgeOf);
  showToast(text, "info");
  setText(announcer, text);
}
