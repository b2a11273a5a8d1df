// What the bid control offers, from the seat view alone (no DOM, no catalogue): the legal raises
// grouped per face as the control shows them, whether Liar and Spot on are offered, which rule line
// to show, and for a bid that the rules refuse the reason as a catalogue key (`bid.why.*`) with its
// parameters and the engine's error code. The order of bids is the engine's (bids.js).
// The view keys read: rules, palifico, dice, total_dice, bids, can_call, can_spot_on.
//   bidChoices(view).groups        → [{ face: 2, lowest: 3, highest: 10 }, …] (every face that can follow)
//   whyRefused(view, 3, 1)         → { code: "bid/face", key: "bid.why.ones_wild", params: {…} } at a tavern table
//   whyRefused(view, 4, 5)         → null when 4 × 5 is a legal raise

import { bidOrder } from "./bids.js";
import { settingsFrom } from "./settings.js";

// The order of bids for the viewer (their dice count matters in a palifico round) and the standing bid.
function orderOf(view) {
  const order = bidOrder(settingsFrom(view.rules), { palifico: view.palifico === true, oneDie: view.dice.length === 1 });
  const last = view.bids.length ? view.bids[view.bids.length - 1] : null;
  return { order, standing: last && { quantity: last.quantity, face: last.face } };
}

// The raises grouped per face, ascending: on each face every quantity from `lowest` to `highest` is
// legal (a raise's rank grows with its quantity); `lowest` is the lowest raise in the rules' order.
export function bidChoices(view) {
  const { order, standing } = orderOf(view);
  const raises = order.raises(standing, view.total_dice);
  const byFace = new Map();
  for (const { quantity, face } of raises) {
    const group = byFace.get(face) ?? { face, lowest: quantity, highest: quantity };
    byFace.set(face, { face, lowest: Math.min(group.lowest, quantity), highest: Math.max(group.highest, quantity) });
  }
  return {
    groups: [...byFace.values()].sort((a, b) => a.face - b.face),
    lowest: raises.length ? raises[0] : null,
    liar: view.can_call === true,
    spotOn: view.can_spot_on === true,
  };
}

// Whether `quantity` × `face` is one of the raises `bidChoices` returned.
export function isOffered(choices, quantity, face) {
  const group = choices.groups.find((candidate) => candidate.face === face);
  return group !== undefined && quantity >= group.lowest && quantity <= group.highest;
}

// The catalogue key of the rule line above the control (its {bid} or {n} is the page's to fill).
export function ruleKey(view) {
  const { order, standing } = orderOf(view);
  if (standing === null) return view.palifico === true ? "bid.opening_palifico" : "bid.opening";
  if (!order.raises(standing, view.total_dice).length) return "bid.only_liar";
  if (order.keepFace) return "bid.must_raise_palifico";
  if (order.faceUp) return "bid.must_raise_face_up";
  return order.onesDouble ? "bid.must_raise_ones" : "bid.must_raise";
}

// Why the rules refuse `quantity` × `face` from the viewer now (null: they accept it), checked in the
// engine's order: the face, the quantity, a palifico face change, then the raise.
export function whyRefused(view, quantity, face) {
  const { order, standing } = orderOf(view);
  const total = view.total_dice;
  const faces = standing === null ? order.openingFaces : order.faces;
  const params = { quantity, face, standing_quantity: standing?.quantity, standing_face: standing?.face };
  const refusal = (code, key, extra = {}) => ({ code, key, params: { ...params, ...extra } });
  if (!faces.includes(face)) {
    if (face !== 1) return refusal("bid/face", "bid.why.face", { low: faces[0], high: faces[faces.length - 1] });
    return refusal("bid/face", order.faces.includes(1) ? "bid.why.opening_ones" : "bid.why.ones_wild");
  }
  if (quantity < 1) return refusal("bid/quantity", "bid.why.quantity_low");
  if (quantity > total) return refusal("bid/quantity", "bid.why.quantity_high", { n: total });
  if (standing === null) return null;
  if (order.keepFace && face !== standing.face) return refusal("bid/palifico_face", "bid.why.palifico_face");
  if (order.isRaise(standing, { quantity, face }, total)) return null;
  return refusal("bid/not_higher", ...notHigher(order, standing, face));
}

// The key (and bound `n`) that says what a raise over `standing` must be, for a bid on `face`.
function notHigher(order, standing, face) {
  const sq = standing.quantity;
  if (order.keepFace) return ["bid.why.palifico_more", { n: sq + 1 }];
  if (order.faceUp) return face < standing.face ? ["bid.why.face_down"] : ["bid.why.more_dice", { n: sq + 1 }];
  if (order.onesDouble && face === 1) return standing.face === 1 ? ["bid.why.more_ones", { n: sq + 1 }] : ["bid.why.into_ones", { n: Math.ceil(sq / 2) }];
  if (order.onesDouble && standing.face === 1) return ["bid.why.out_of_ones", { n: 2 * sq + 1 }];
  return ["bid.why.not_higher"];
}
