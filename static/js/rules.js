// The protocol's bid rule: which raises are legal over a standing bid.

export function biddableFaces(rules) {
  return rules.wild_ones ? [2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6];
}

// (q', f') raises (q, f) when q' > q, or q' = q and f' > f; always 1 <= q' <= N.
export function isRaise(standing, quantity, face, totalDice) {
  if (quantity < 1 || quantity > totalDice) return false;
  if (!standing) return true;
  return quantity > standing.quantity || (quantity === standing.quantity && face > standing.face);
}

// The lowest legal bid, or null when only Liar is left.
export function lowestRaise(standing, faces, totalDice) {
  for (let quantity = 1; quantity <= totalDice; quantity += 1) {
    const face = faces.find((candidate) => isRaise(standing, quantity, candidate, totalDice));
    if (face !== undefined) return { quantity, face };
  }
  return null;
}

// Whether a die shows the bid face for the count: the face itself, or a one when ones are wild.
export function counts(die, face, rules) {
  return die === face || (rules.wild_ones && die === 1);
}
