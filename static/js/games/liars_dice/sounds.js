// The table's sounds, made in the page (WebAudio: short tones, no audio files): your turn, a call,
// a die you lost, somebody else's bid landing, each roll-off throw (on the beat of moments.js, as
// table.css lands them). Never before the first press or key on the page (browsers' autoplay rule: the
// audio context is made then), never while the page is hidden, never when muted (prefs.js
// "sound", a switch remembered by the browser; on until muted).
//   const sounds = new Sounds(byId("sound-toggle"));
//   sounds.play(soundsFor(before, after))      // with every state

import { preference, setUpSwitch } from "../../prefs.js";
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

export class Sounds {
  constructor(toggle) {
    this.context = null;
    const unlock = () => {
      if (this.context === null && typeof AudioContext === "function") this.context = new AudioContext();
      this.context?.resume?.();
    };
    document.addEventListener("pointerdown", unlock, { capture: true });
    document.addEventListener("keydown", unlock, { capture: true });
    setUpSwitch(toggle, "sound");
  }

  play(names) {
    const context = this.context;
    if (!names.length || context === null || document.hidden || !preference("sound")) return;
    // The roll-off's throws sound one after another, as they land on the page.
    const gap = throwGapMs(names.filter((name) => name === "roll").length) / 1000;
    let throws = 0;
    for (const name of names) {
      const offset = name === "roll" ? gap * throws++ : 0;
      for (const [frequency, start, length] of TONES[name]) tone(context, frequency, context.currentTime + offset + start, length);
    }
  }
}

function tone(context, frequency, at, length) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = "sine";
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}
