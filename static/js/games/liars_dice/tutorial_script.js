// The tutorial's scripted rounds, as data (pure: no DOM, no catalogue). Two rounds at a tavern table
// (the default rules) of Anna, Ben and the learner, Jem, seated clockwise in that order; every cup
// is fixed. Round 1 holds the rules page's hand 1,3,3,5,6 (bid, raise, wild ones, a call that
// fails); round 2 is its reveal example (Ben bids six fours, Jem calls, five match: Ben loses).
// tests/web/test_tutorial_script.py plays every step through the real engine, so the script
// cannot teach a bid the rules refuse or a count they do not give.
//
// A step is one of:
//   { kind: "look", key }                        read, then Continue
//   { kind: "wild", face, key }                  the learner's dice that count for `face`, highlighted
//   { kind: "bid", seat, quantity, face, key }   another player bids (shown, then Continue)
//   { kind: "call", seat, key }                  another player calls Liar on the standing bid
//   { kind: "your_bid", quantity, face, key, wrong }  the learner must make this bid
//   { kind: "your_call", key, wrong }            the learner must call Liar on the standing bid
//   { kind: "reveal", count, loser, key }        every cup open; the count and the loser it claims
// `key` is the step's text in the catalogue (`tutorial.*`); `wrong` explains a different move.
//   TUTORIAL.rounds[0].hands.jem          → [1, 3, 3, 5, 6]
//   TUTORIAL.rounds[1].steps.at(-1)       → { kind: "reveal", count: 5, loser: "ben", … }

export const TUTORIAL = Object.freeze({
  rules: Object.freeze({}),
  seats: Object.freeze(["anna", "ben", "jem"]),
  learner: "jem",
  rounds: Object.freeze([
    Object.freeze({
      opener: "anna",
      hands: Object.freeze({ anna: [2, 4, 4, 5, 6], ben: [2, 5, 6, 6, 6], jem: [1, 3, 3, 5, 6] }),
      steps: Object.freeze([
        { kind: "look", key: "tutorial.r1.cups" },
        { kind: "bid", seat: "anna", quantity: 2, face: 4, key: "tutorial.r1.anna_bids" },
        { kind: "bid", seat: "ben", quantity: 2, face: 6, key: "tutorial.r1.ben_raises" },
        { kind: "wild", face: 3, key: "tutorial.r1.wild" },
        { kind: "your_bid", quantity: 3, face: 3, key: "tutorial.r1.your_raise", wrong: "tutorial.r1.your_raise_wrong" },
        { kind: "call", seat: "anna", key: "tutorial.r1.anna_calls" },
        { kind: "reveal", count: 3, loser: "anna", key: "tutorial.r1.reveal" },
      ]),
    }),
    Object.freeze({
      opener: "anna",
      hands: Object.freeze({ anna: [1, 2, 4, 4, 6], ben: [3, 3, 4, 5, 6], jem: [1, 2, 2, 5, 6] }),
      steps: Object.freeze([
        { kind: "look", key: "tutorial.r2.cups" },
        { kind: "bid", seat: "anna", quantity: 3, face: 4, key: "tutorial.r2.anna_bids" },
        { kind: "bid", seat: "ben", quantity: 4, face: 4, key: "tutorial.r2.ben_raises" },
        { kind: "your_bid", quantity: 5, face: 2, key: "tutorial.r2.your_raise", wrong: "tutorial.r2.your_raise_wrong" },
        { kind: "bid", seat: "anna", quantity: 5, face: 4, key: "tutorial.r2.anna_raises" },
        { kind: "bid", seat: "ben", quantity: 6, face: 4, key: "tutorial.r2.ben_six_fours" },
        { kind: "your_call", key: "tutorial.r2.your_call", wrong: "tutorial.r2.your_call_wrong" },
        { kind: "reveal", count: 5, loser: "ben", key: "tutorial.r2.reveal" },
      ]),
    }),
  ]),
});
