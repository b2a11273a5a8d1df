// The rules family of the referee's desk: `state.table.family` ("liars_dice" when absent) picks
// the one renderer of the game's part of the desk (games/registry.js, games/<family>/desk.js); the
// rest (seats, stakes, chat, threads, relay, commitments, scoreboard) is shared and asks the family
// only through this interface:
//
//   render(state)            the status lines, the rules panel and the family's cards
//   timed(state)             whether the turn timer runs now
//   startLabel(state)        the start button's words ("Start a game", "Next game", "New evening")
//   seatFacts(state, seat)   {count, dice}: the seat list's words for the seat (or null, "")
//   cheating                 whether the desk offers roleplay cheat attempts (RULES.md C5)
//   rulesChange              the family's control for changing the rules between games
//                            (render(state, open)), or null where the desk offers none
//   rulesBadge(rules)        the rules in one line (a `rules_changed` told at the desk)
//   locks(state)             what the server would refuse now, in words (null: allowed):
//                            {stakes, seat(info)}; the desk disables those controls and says why
//
//   const family = deskFamily(state, { send });   // made once, on first use
//
// A table plays one family all its life, which the server names in the page (#referee's
// data-family): only that family's desk module is loaded, before the desk connects.

import { byId } from "./dom.js";
import { pageFamily } from "./games/registry.js";

const loaded = await pageFamily(byId("referee").dataset.family).desk();
let made = null;

export function deskFamily(_state, context) {
  made ??= loaded.createDesk(context);
  return made;
}
