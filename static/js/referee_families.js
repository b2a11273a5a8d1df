// The rules family of the referee's desk: `state.table.family` ("liars_dice" when absent) picks
// the one renderer of the game's part of the desk; the rest (seats, stakes, chat, threads, relay,
// commitments, scoreboard) is shared and asks the family only through this interface:
//
//   render(state)            the status lines, the rules panel and the family's cards
//   timed(state)             whether the turn timer runs now
//   startLabel(state)        the start button's words ("Start a game", "Next game", "New evening")
//   seatFacts(state, seat)   {count, dice}: the seat list's words for the seat (or null, "")
//   cheating                 whether the desk offers roleplay cheat attempts (RULES.md C5)
//   rulesChange              whether the desk offers to change the rules between games
//
//   const family = deskFamily(state);   // made once, on first use
//
// A table plays one family all its life, which the server names in the page (#referee's
// data-family): only that family's desk module is loaded, before the desk connects.

import { byId } from "./dom.js";

const FAMILIES = {
  liars_dice: {
    load: () => import("./referee_liars_dice.js"),
    make: (module) => new module.LiarsDiceDesk(),
  },
  poker_bluff: {
    load: () => import("./referee_poker.js"),
    make: (module) => new module.PokerDesk(byId("desk-poker")),
  },
};
const named = byId("referee").dataset.family;
const family = FAMILIES[Object.hasOwn(FAMILIES, named ?? "") ? named : "liars_dice"];
const loaded = await family.load();
let made = null;

export function deskFamily(_state) {
  made ??= family.make(loaded);
  return made;
}
