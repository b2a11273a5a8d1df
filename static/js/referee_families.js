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
//   const family = deskFamily(state);   // made once per family, on first use

import { byId } from "./dom.js";
import { LiarsDiceDesk } from "./referee_liars_dice.js";
import { PokerDesk } from "./referee_poker.js";

const MAKERS = {
  liars_dice: () => new LiarsDiceDesk(),
  poker_bluff: () => new PokerDesk(byId("desk-poker")),
};
const made = new Map();

export function deskFamily(state) {
  const name = Object.hasOwn(MAKERS, state.table.family ?? "") ? state.table.family : "liars_dice";
  if (!made.has(name)) made.set(name, MAKERS[name]());
  return made.get(name);
}
