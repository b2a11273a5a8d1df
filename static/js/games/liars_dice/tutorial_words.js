// The tutorial's sentences from its table (tutorial_steps.js) and a wording (wording.js): every
// number, bid and name in a step's text is filled in from the script and the rules' count, so the
// words cannot say another bid or count than the table shows. Pure (no DOM): node renders them too.
//   stepText(TUTORIAL, tableAt(TUTORIAL, 3), en)
//     → "Ones are wild: … your cup 1, 3, 3, 5, 6 holds three threes, two fives, two sixes, one two and one four. …"

import { countsFor, heldFor } from "./tutorial_steps.js";

const FACES = [2, 3, 4, 5, 6];

export function seatName(seat, words) {
  return words.t(`tutorial.name.${seat}`);
}

// The step's text with its parameters: {name} (who acts), {bid} (their bid), {held} (how many the
// learner holds for it), {standing} and {bidder}, {counts} (a wild step), and after a call
// {caller}, {loser}, {count}, {quantity} and {matching} (each cup's dice that count).
export function stepText(script, table, words) {
  return words.t(table.step.key, stepParams(script, table, words));
}

// Why a move other than the step's is not the one asked for, and what to do instead.
export function wrongText(script, table, move, words) {
  const params = stepParams(script, table, words);
  if (move.bid) {
    params.chosen = words.bidWords(move.bid.quantity, move.bid.face);
    params.chosen_held = heldFor(table.hands[script.learner], move.bid.face);
  }
  return words.t(table.step.wrong, params);
}

export function stepParams(script, table, words) {
  const { step, result } = table;
  const hand = table.hands[script.learner];
  const name = (seat) => seatName(seat, words);
  const params = { you: name(script.learner), n: table.totalDice, dice: hand.join(", ") };
  if (step.seat) params.name = name(step.seat);
  if (step.quantity) {
    params.bid = words.bidWords(step.quantity, step.face);
    params.held = heldFor(hand, step.face);
  }
  const { standing } = table;
  if (standing) {
    params.standing = words.bidWords(standing.quantity, standing.face);
    params.bidder = name(standing.seat);
    params.standing_held = heldFor(hand, standing.face);
  }
  if (step.kind === "wild") {
    params.bid = words.bidWords(heldFor(hand, step.face), step.face);
    params.counts = handCounts(hand, words);
  }
  if (result) {
    Object.assign(params, { caller: name(result.caller), bidder: name(result.bidder), loser: name(result.loser),
      count: result.count, quantity: result.quantity, bid: words.bidWords(result.quantity, result.face),
      matching: matchingDice(script, table.hands, result.face, words) });
  }
  return params;
}

// "Anna: 1, 4, 4; Ben: 4; Jem: 1": each cup's dice that count for `face` (ones wild).
export function matchingDice(script, hands, face, words) {
  return script.seats.map((seat) => {
    const dice = hands[seat].filter(countsFor(face));
    const name = seatName(seat, words);
    return dice.length ? words.t("tutorial.matching", { name, dice: dice.join(", ") }) : words.t("tutorial.matching_none", { name });
  }).join("; ");
}

// "three threes, two fives, two sixes, one two and one four": what a hand holds for each face, most first.
export function handCounts(hand, words) {
  const counted = FACES.map((face) => ({ face, n: heldFor(hand, face) }))
    .sort((a, b) => b.n - a.n || a.face - b.face)
    .map(({ face, n }) => words.bidWords(n, face));
  return words.t("tutorial.and", { list: counted.slice(0, -1).join(", "), last: counted.at(-1) });
}
