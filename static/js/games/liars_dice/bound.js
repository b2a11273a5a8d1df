// The bound on a Liar's Dice game's rounds, as referee/rules/bound.py: from round ROUND_BOUND on spot on
// is not played, and a reveal after which one player holds more dice than every other ends the game.
//   spotOnPlayed(true, 399)           → true
//   leader({ 0: 3, 1: 4, 2: 0 })       → 1

export const ROUND_BOUND = 400;

export const spotOnPlayed = (spotOn, round) => spotOn && round < ROUND_BOUND;

// The seat holding more dice than every other, or null when two or more hold the most.
export function leader(counts) {
  const most = Math.max(0, ...Object.values(counts));
  const holding = Object.entries(counts).filter(([, count]) => count === most).map(([seat]) => Number(seat));
  return holding.length === 1 ? holding[0] : null;
}
