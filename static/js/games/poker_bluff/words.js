// Poker-dice bluff in words, for the page and its live region: declarations ("a pair of fours and
// a six" / "две четвёрки и шестёрка"), tokens, a doubt's outcome, and what changed between two
// views. Pure: it takes a wording (wording.js), so node checks it as the browser runs it.
//
//   declarationWords({ kind: "full_house", faces: [4, 2] }, en)   // "a full house, fours over twos"
//   pokerAnnouncements(before, after, en)   // ["Ben declares a pair of fours and a six.", "Your turn: believe or not?"]

import { SHAPES } from "./picker_rules.js";

// Each face is worded as its group's size asks: face.N holds the plural forms.
export function declarationWords({ kind, faces }, w) {
  const [a, b, c] = SHAPES[kind].map((size, i) => w.t(`face.${faces[i]}`, { n: size }));
  return w.t(`poker.kind.${kind}`, { a, b, c });
}

export function tokensWords(n, w) {
  return w.t("poker.tokens", { n });
}

function seatName(state, seat) {
  return state.table.seats.find((entry) => entry.seat === seat)?.name ?? `#${seat}`;
}

// Whose move it is, in words ("" when the dice or the table move next).
export function turnWords(state, w) {
  const game = state.game;
  if (state.evening?.drawing_bracket) return w.t("poker.turn.drawing_bracket"); // no match before the pairs are drawn
  if (!game || game.turn === null) {
    if (game?.phase !== "rolling") return "";
    return w.t(state.evening?.drawing ? "poker.turn.drawing" : "poker.turn.rolling");
  }
  const mine = game.turn === state.you.seat && state.you.seat !== null;
  const name = seatName(state, game.turn);
  return w.t(`poker.turn.${game.phase}${mine ? "_you" : ""}`, { name });
}

// "Anna doubted Ben's two fives and a six: the cup held it. Anna gives Ben a token."
export function revealWords(result, state, w) {
  const name = (seat) => seatName(state, seat);
  const what = declarationWords(result.declaration, w);
  return [
    w.t("poker.reveal.doubt", { doubter: name(result.doubter), declarer: name(result.declarer), declaration: what }),
    w.t(result.held ? "poker.reveal.held" : "poker.reveal.not_held", { dice: result.cup.join(", ") }),
    w.t("poker.reveal.token", { loser: name(result.loser), winner: name(result.winner) }),
  ];
}

// "Anna: 3 tokens, Ben: 2 tokens."
export function tokensLine(game, state, w) {
  return w.t("poker.tokens_line", {
    tokens: game.seats.map((seat) => `${seatName(state, seat)}: ${tokensWords(game.tokens[String(seat)], w)}`).join(", "),
  });
}

// What changed from `before` to `after` (two views of a poker table), in order, for the live region.
export function pokerAnnouncements(before, after, w) {
  const game = after.game;
  const lines = [];
  const name = (seat) => seatName(after, seat);
  const evening = after.evening;
  if (evening && before && before.evening?.evening !== evening.evening && evening.entrants.length > 2) { // a game of two is no evening
    lines.push(w.t("poker.announce.evening", { n: evening.entrants.length }));
  }
  if (!game) return lines;
  const old = before?.game?.game === game.game ? before.game : null;
  if (before && !old) {
    lines.push(w.t("poker.announce.game", { game: game.game, a: name(game.seats[0]), b: name(game.seats[1]) }));
  }
  if (before?.evening?.drawing && evening && !evening.drawing && before.evening.evening === evening.evening) {
    lines.push(w.t("poker.duel.drawn", { name: name(game.starter) }));
  }
  const sameRound = old && old.round === game.round;
  const seen = sameRound ? old.declarations.length : 0;
  if (before) {
    const fresh = game.declarations.slice(seen);
    for (const placed of fresh) {
      lines.push(w.t("poker.announce.declared", { name: name(placed.seat), declaration: declarationWords(placed, w) }));
    }
    if (sameRound && old.holder !== game.holder && old.phase === "responding") {
      lines.push(w.t("poker.announce.believed", { name: name(game.holder) }));
    }
    if (sameRound && old.set_aside.join() !== game.set_aside.join() && game.set_aside.length) {
      lines.push(w.t("poker.announce.kept", { name: name(game.holder), dice: game.set_aside.join(", ") }));
    }
  }
  if (game.result && !old?.result) {
    lines.push(...revealWords(game.result, after, w), tokensLine(game, after, w));
  }
  if (game.winner !== null && old?.winner !== game.winner) lines.push(w.t("over.winner", { name: name(game.winner) }));
  if (evening?.champion != null && before?.evening?.champion == null) {
    lines.push(w.t("poker.announce.champion", { name: name(evening.champion) }));
  }
  const turnChanged = !old || old.turn !== game.turn || old.phase !== game.phase || !sameRound;
  if (game.turn !== null && turnChanged) lines.push(turnWords(after, w));
  return lines;
}
