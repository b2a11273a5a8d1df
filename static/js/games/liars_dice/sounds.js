// The table's sounds (short tones through tones.js, behind the page's sound switch): your turn, a call,
// a die you lost, somebody else's bid landing, each roll-off throw (on the beat of moments.js, as
// table.css lands them).
//   const sounds = new Sounds(byId("sound-toggle"));
//   sounds.play(soundsFor(before, after))      // with every state

import { Tones } from "../../tones.js";
import { throwGapMs } from "./moments.js";

// Each sound: its tones as [frequency Hz, start s, length s], a soft sine each.
const TONES = {
  turn: [[660, 0, 0.12], [880, 0.14, 0.16]],
  call: [[220, 0, 0.22], [165, 0.05, 0.3]],
  lost: [[523, 0, 0.16], [392, 0.18, 0.16], [262, 0.36, 0.3]],
  bid: [[392, 0, 0.07], [494, 0.07, 0.1]],
  roll: [[300, 0, 0.04], [380, 0.06, 0.04], [330, 0.12, 0.04], [420, 0.18, 0.06]],
};

// Which sounds a new state calls for (pure): "turn" when it just became your turn to bid, "call"
// when a round was just called, "lost" instead when that call cost you dice; else "bid" when
// somebody else's bid just landed, and one "roll" for each roll-off throw just thrown.
export function soundsFor(before, after) {
  const game = after?.game;
  const seat = after?.you.seat ?? null;
  if (!game || seat === null) return [];
  const was = before?.game;
  const sameGame = was && was.game === game.game;
  const keyOf = (g) => `${g.game}/${g.round}/${g.bids.length}`;
  if (game.result && !(sameGame && was.round === game.round && was.result)) {
    return [game.result.loser === seat && game.result.dice_lost > 0 ? "lost" : "call"];
  }
  const mine = game.phase === "bidding" && game.turn === seat;
  const wasMine = was && was.phase === "bidding" && was.turn === seat && keyOf(was) === keyOf(game);
  if (mine && !wasMine) return ["turn"];
  if (!was) return [];
  const sameRound = sameGame && was.round === game.round;
  const landed = sameRound && game.bids.length > was.bids.length && game.bids.at(-1).seat !== seat;
  const thrown = (game.roll_off?.throws.length ?? 0) - (sameGame ? was.roll_off?.throws.length ?? 0 : 0);
  return [...(landed ? ["bid"] : []), ...Array(Math.max(0, thrown)).fill("roll")];
}

export class Sounds extends Tones {
  constructor(toggle) {
    super(toggle, TONES);
  }

  // The roll-off's throws sound one after another, as they land on the page.
  play(names) {
    const gap = throwGapMs(names.filter((name) => name === "roll").length) / 1000;
    let throws = 0;
    super.play(names.map((name) => [name, name === "roll" ? gap * throws++ : 0]));
  }
}
