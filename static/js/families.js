// The rules family of a table page: `view.table.family` ("liars_dice" when absent) picks the one
// renderer of the game's part of the page (games/registry.js, games/<family>/table.js); the rest of
// the page (seats, joining, the lobby, bots, timer, toasts, live region) is shared and asks the
// family only through this interface:
//
//   render(state)                  the status lines and the family's cards
//   announcements(before, after)   what the game did, in words, for the live region
//   seatFacts(state, seat)         {toAct, out, badges, detail} for the seat list (seats.js)
//   turnKey(state)                 a key per turn for the countdown, or null when nobody is to act
//   maxPlayers(table)              seats the table offers
//   rulesBadge(rules)              the rules in one line (a `rules_changed` told to the table)
//
//   const family = tableFamily(state, { send });   // made once, on first use
//
// A table plays one family all its life, which the server names in the page (#table's
// data-family): only that family's modules are loaded, before the page connects.

import { byId } from "./dom.js";
import { pageFamily } from "./games/registry.js";

const loaded = await pageFamily(byId("table").dataset.family).table();
let made = null;

export function tableFamily(_state, context) {
  made ??= loaded.createTable(context);
  return made;
}
