// The tutorial's table at any step of its script (tutorial_script.js), folded from the steps
// before it (and from the step itself when another player moves in it): the round, each seat's dice,
// this round's bids, whose move it is, the call's result once a call is made. Pure (no DOM),
// so node runs it for tests/web/test_tutorial_script.py exactly as the page does. The count and
// the loser come from the rules' own count (bids.js), never from the script's claims.
//   const table = tableAt(TUTORIAL, 5);   // round 1, Anna calls the learner's three threes
//   table.standing                        → { seat: "jem", quantity: 3, face: 3 }
//   table.result                          → { caller: "anna", bidder: "jem", count: 3, loser: "anna", … }
//   isExpected({ kind: "your_bid", quantity: 3, face: 3 }, { bid: { quantity: 3, face: 4 } })  → false

import { countMatching } from "./bids.js";
import { settingsFrom } from "./settings.js";

const MOVES = new Set(["your_bid", "your_call"]);

// Every step of every round in order, then the last one ({ kind: "end" }), each with its round.
export function stepsOf(script) {
  const steps = script.rounds.flatMap((round, index) => round.steps.map((step) => ({ round: index, step })));
  return [...steps, { round: script.rounds.length - 1, step: { kind: "end", key: "tutorial.end" } }];
}

// Whether the step waits for the learner's move (a bid or a call) rather than a Continue.
export function isMove(step) {
  return MOVES.has(step.kind);
}

// The table as the learner sees it at step `position` (0-based, into stepsOf): each seat's dice
// (every round starts with the rules' dice per player: each is the first round of a game), this round's bids, the standing
// bid the step's move answers, whose move the step is (`turn`), the call's result. It holds every
// move of the steps before, and the step's own move when another player makes it (the step shows it
// happening; the learner's move is the learner's to make). A call opens every cup at once; the
// loser's die goes at the reveal step, which shows it.
export function tableAt(script, position) {
  const steps = stepsOf(script);
  const at = Math.max(0, Math.min(position, steps.length - 1));
  const { round, step } = steps[at];
  const { hands, opener } = script.rounds[round];
  const dice = settingsFrom(script.rules).dice_per_player;
  const counts = Object.fromEntries(script.seats.map((seat) => [seat, dice]));
  const table = { round, step, position: at, hands, counts, bids: [], standing: null, result: null, turn: opener,
    totalDice: script.seats.length * dice };
  const played = steps.slice(0, at).filter((done) => done.round === round).map((done) => done.step);
  for (const done of played) apply(script, table, done);
  table.standing = table.bids.at(-1) ?? null;
  if (isMove(step)) table.turn = script.learner;
  else if (step.seat) {
    apply(script, table, step);
    table.turn = step.seat;
  } else if (step.kind === "reveal" || step.kind === "end") {
    if (step.kind === "reveal") apply(script, table, step);
    table.turn = null;
  }
  return table;
}

// One step's move on the table: a bid passes the turn clockwise, a call opens every cup, the reveal
// takes the loser's die.
function apply(script, table, step) {
  const seat = step.kind.startsWith("your_") ? script.learner : step.seat;
  if (step.kind === "bid" || step.kind === "your_bid") {
    table.bids.push({ seat, quantity: step.quantity, face: step.face });
    table.turn = nextSeat(script.seats, seat);
  } else if (step.kind === "call" || step.kind === "your_call") {
    table.result = resultOf(script.seats, table.hands, table.bids.at(-1), seat);
    table.turn = null;
  } else if (step.kind === "reveal") {
    table.counts[table.result.loser] -= 1;
    table.totalDice -= 1;
  }
}

function nextSeat(seats, seat) {
  return seats[(seats.indexOf(seat) + 1) % seats.length];
}

// What a Liar call on `bid` reveals: every cup, the count (ones wild), and who loses one die.
export function resultOf(seats, hands, bid, caller) {
  const count = countMatching(seats.map((seat) => hands[seat]), bid.face, true);
  return { caller, bidder: bid.seat, quantity: bid.quantity, face: bid.face, count,
    loser: count >= bid.quantity ? caller : bid.seat };
}

// Whether the learner's move ({ bid: { quantity, face } } or { liar: true }) is the one the step asks for.
export function isExpected(step, move) {
  if (step.kind === "your_call") return move.liar === true;
  if (step.kind !== "your_bid" || !move.bid) return false;
  return move.bid.quantity === step.quantity && move.bid.face === step.face;
}

// How many of `hand` count for `face` (ones wild): what the learner holds towards a bid.
export function heldFor(hand, face) {
  return countMatching([hand], face, true);
}

// Whether one die counts for a bid on `face` (ones wild), as a predicate for dice rows.
export function countsFor(face) {
  return (die) => countMatching([[die]], face, true) === 1;
}
