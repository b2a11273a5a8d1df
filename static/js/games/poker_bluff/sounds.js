// Poker-dice's sounds (short tones through tones.js, behind the page's mute switch #sound-toggle):
// your turn, a declaration landing (a knock on the table), the cup lifted at a doubt, a token you gave.
//   const sounds = new PokerSounds(byId("sound-toggle"));
//   sounds.play(pokerSoundsFor(before, after))      // with every state

import { Tones } from "../../tones.js";

// Each sound: its tones as [frequency Hz, start s, length s], a soft sine each.
const TONES = {
  turn: [[660, 0, 0.12], [880, 0.14, 0.16]],
  declared: [[196, 0, 0.08], [147, 0.07, 0.12]],
  lifted: [[330, 0, 0.1], [440, 0.08, 0.1], [587, 0.16, 0.22]],
  lost: [[523, 0, 0.16], [392, 0.18, 0.16], [262, 0.36, 0.3]],
};

// Which sounds a new state calls for (pure): "lifted" when a doubt just showed the cup ("lost"
// instead when it cost you a token), "declared" when a declaration just landed, "turn" when it
// just became your turn.
export function pokerSoundsFor(before, after) {
  const game = after?.game;
  const seat = after?.you?.seat ?? null;
  if (!game || seat === null) return []; // a spectator's page stays quiet, as at a Liar's Dice table
  const was = before?.game?.game === game.game && before.game.round === game.round ? before.game : null;
  if (game.result && !was?.result) return [game.result.loser === seat ? "lost" : "lifted"];
  const sounds = [];
  if (was && game.declarations.length > was.declarations.length) sounds.push("declared");
  const mine = game.turn === seat;
  const wasMine = was !== null && was.turn === seat && was.phase === game.phase && was.declarations.length === game.declarations.length;
  if (mine && !wasMine) sounds.push("turn");
  return sounds;
}

export class PokerSounds extends Tones {
  constructor(toggle) {
    super(toggle, TONES);
  }

  // One sound after another, a fifth of a second apart.
  play(names) {
    super.play(names.map((name, index) => [name, index * 0.2]));
  }
}
