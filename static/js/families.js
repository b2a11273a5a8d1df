// The rules family of a table page: `view.table.family` ("liars_dice" when absent) picks the one
// renderer of the game's part of the page; the rest of the page (seats, joining, the lobby, bots,
// timer, toasts, live region) is shared and asks the family only through this interface:
//
//   render(state)                  the status lines and the family's cards
//   announcements(before, after)   what the game did, in words, for the live region
//   seatFacts(state, seat)         {toAct, out, badges, detail} for the seat list (seats.js)
//   turnKey(state)                 a key per turn for the countdown, or null when nobody is to act
//   maxPlayers(table)              seats the table offers
//   rulesBadge(rules)              the rules in one line (a `rules_changed` told to the table)
//
//   const family = tableFamily(state, { send });   // made once per family, on first use

import { byId } from "./dom.js";
import { LiarsDiceTable } from "./liars_dice_table.js";
import { PokerTable } from "./poker_page_table.js";

const MAKERS = {
  liars_dice: ({ send }) => new LiarsDiceTable({ send }),
  poker_bluff: ({ send }) => {
    byId("poker").hidden = false;
    byId("poker-side").hidden = false;
    return new PokerTable({ play: byId("poker"), side: byId("poker-side"), send });
  },
};
const made = new Map();

export function tableFamily(state, context) {
  const name = Object.hasOwn(MAKERS, state.table.family ?? "") ? state.table.family : "liars_dice";
  if (!made.has(name)) made.set(name, MAKERS[name](context));
  return made.get(name);
}
