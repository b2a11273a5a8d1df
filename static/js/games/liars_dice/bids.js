// The order of bids under a game's settings, as referee/rules/raising.py (BidOrder, bid_order)
// and the count of referee/rules/bids.py. A raise is always strictly higher in `rank`, never above N:
// - quantity_or_face: rank [quantity, face];  face_up: rank [face, quantity];
// - bids_on_ones: q ones rank as [2q, 7], between 2q and 2q + 1 of a face ("into ones q' ≥ ceil(q/2),
//   out of ones q' ≥ 2q + 1, ones to ones q' > q");
// - a palifico round: any face opens, later bids keep the face (a bidder holding one die may change it).
//   const perudo = bidOrder(settingsFrom({ bids_on_ones: true }), { palifico: false, oneDie: false });
//   perudo.isRaise({ quantity: 5, face: 4 }, { quantity: 3, face: 1 }, 20)    → true
//   perudo.raises({ quantity: 3, face: 1 }, 8).filter((b) => b.face === 2)     → 7 × 2 and 8 × 2

import { faces as settingFaces } from "./settings.js";

export const ALL_FACES = Object.freeze([1, 2, 3, 4, 5, 6]);
const NOT_ONES = Object.freeze([2, 3, 4, 5, 6]);

// Dice over all hands that count for `face`: the face itself, plus ones when wild.
//   countMatching([[1, 2, 4, 4, 6], [3, 3, 4, 5, 6], [1, 2, 2, 5, 6]], 4, true)  → 5
export function countMatching(hands, face, wildOnes) {
  return hands.flat().filter((die) => die === face || (wildOnes && die === 1)).length;
}

const higher = (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

// How bids rank for one bidder in one round.
export class BidOrder {
  constructor({ faces, openingFaces, faceUp = false, onesDouble = false, keepFace = false }) {
    Object.assign(this, { faces, openingFaces, faceUp, onesDouble, keepFace });
    Object.freeze(this);
  }

  // The key a raise must exceed: [quantity, face], [face, quantity] under face_up; q ones rank as [2q, 7].
  rank(bid) {
    if (this.faceUp) return [bid.face, bid.quantity];
    if (this.onesDouble && bid.face === 1) return [2 * bid.quantity, 7];
    return [bid.quantity, bid.face];
  }

  // True when `bid` may follow `standing` (null: `bid` opens the round), never above N dice.
  isRaise(standing, bid, totalDice) {
    if (bid.quantity < 1 || bid.quantity > totalDice) return false;
    if (standing === null) return this.openingFaces.includes(bid.face);
    if (!this.faces.includes(bid.face) || (this.keepFace && bid.face !== standing.face)) return false;
    return higher(this.rank(bid), this.rank(standing));
  }

  // Every bid that may follow `standing`, lowest rank first.
  raises(standing, totalDice) {
    const faces = standing === null ? this.openingFaces : this.faces;
    const bids = [];
    for (let quantity = 1; quantity <= totalDice; quantity += 1) {
      for (const face of faces) if (this.isRaise(standing, { quantity, face }, totalDice)) bids.push({ quantity, face });
    }
    return bids.sort((a, b) => (higher(this.rank(a), this.rank(b)) ? 1 : higher(this.rank(b), this.rank(a)) ? -1 : 0));
  }

  // What a raise must be, in words (the engine's `bid/not_higher` message).
  explain() {
    if (this.keepFace) return "in a palifico round the face stays and only the quantity rises";
    if (this.faceUp) return "the face never goes down: a higher face with any quantity, or the same face with more dice";
    if (this.onesDouble) {
      return "bid more dice, or as many dice on a higher face; into ones at least half the dice (rounded up), "
        + "out of ones at least twice the ones plus one";
    }
    return "bid more dice, or as many dice on a higher face";
  }
}

// The order for a bidder who holds one die (`oneDie`) or more, in a palifico round or not.
export function bidOrder(settings, { palifico, oneDie }) {
  const faceUp = settings.raise_rule === "face_up";
  if (palifico) return new BidOrder({ faces: ALL_FACES, openingFaces: ALL_FACES, faceUp, keepFace: !oneDie });
  const openingFaces = settings.wild_ones ? NOT_ONES : ALL_FACES;
  return new BidOrder({ faces: settingFaces(settings), openingFaces, faceUp, onesDouble: settings.bids_on_ones });
}
