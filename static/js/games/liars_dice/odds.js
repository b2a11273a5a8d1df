// The odds hint's figures, from the seat view alone (pure: no DOM, no catalogue): the chance that
// a bid is true seen from your own cup. The dice under the other cups are independent: each one
// counts for a face with probability 1/3 when ones are wild this round (the face or a one), else
// 1/6; ones are wild when the table plays wild ones and the round is not palifico, and a bid on
// ones (bids on ones) counts only ones. So the count of the unseen dice is binomial, exactly.
// The view keys read: rules, palifico, dice, total_dice, bids.
//   bidOdds(view, { quantity: 2, face: 4 })   → 1 with a 4 and a 1 in your cup, wild ones
//   standingOdds(view)                         → the chance for the standing bid, or null before the first bid

import { settingsFrom } from "./settings.js";

// Whether ones count for every other face in the round the view shows.
export function onesWild(view) {
  return settingsFrom(view.rules).wild_ones && view.palifico !== true;
}

// The chance that one unseen die counts for `face`.
export function faceChance(face, wild) {
  return wild && face !== 1 ? 1 / 3 : 1 / 6;
}

// P(X ≥ k) for X ~ Binomial(n, p), summed from the top term by term (exact up to rounding).
export function atLeast(k, n, p) {
  if (k <= 0) return 1;
  if (k > n) return 0;
  let total = 0;
  let term = p ** n; // P(X = n)
  for (let i = n; i >= k; i -= 1) {
    total += term;
    term = (term * i * (1 - p)) / ((n - i + 1) * p); // P(X = i - 1) from P(X = i)
  }
  return Math.min(1, total);
}

// Your dice that count for `face`.
export function ownCount(dice, face, wild) {
  return dice.filter((die) => die === face || (wild && die === 1)).length;
}

// The chance that `bid` is true, seen from the viewer's own dice (null for a viewer without dice).
export function bidOdds(view, bid) {
  if (!view.dice.length) return null;
  const wild = onesWild(view);
  const unseen = view.total_dice - view.dice.length;
  return atLeast(bid.quantity - ownCount(view.dice, bid.face, wild), unseen, faceChance(bid.face, wild));
}

// The chance that the standing bid is true, or null when none stands (or the viewer holds no dice).
export function standingOdds(view) {
  const standing = view.bids.at(-1);
  return standing ? bidOdds(view, standing) : null;
}

// A chance as a whole percentage for people: "< 1 %" and "> 99 %" stay apart from a sure 0 and 100.
export function percent(chance) {
  if (chance <= 0) return "0";
  if (chance >= 1) return "100";
  if (chance < 0.01) return "<1";
  if (chance > 0.99) return ">99";
  return String(Math.round(chance * 100));
}
