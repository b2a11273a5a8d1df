// The evening of a poker-dice table drawn as a bracket (RULES.md B8): one column per round, each
// pair with its games' winners and the winner of the match, byes, the rounds still to come (the first
// one said to be drawn by lot while the evening's bracket draw waits for the players' seeds), and
// the champion who takes the evening's pot; the token's value beside it. From `view.evening`.
//
//   renderBracket(card, state)   // card: an empty <section>; hidden while no evening has begun

import { el, setText, show } from "../../dom.js";
import { t } from "../../i18n.js";
import { potText } from "../../pot.js";

// How many rounds a single-elimination bracket of n players takes (byes where n is odd).
export function roundsFor(n) {
  let rounds = 0;
  for (let left = n; left > 1; left = Math.ceil(left / 2)) rounds += 1;
  return rounds;
}

export function roundName(index, total) {
  if (index === total - 1) return t("poker.bracket.final");
  if (index === total - 2) return t("poker.bracket.semi");
  return t("poker.bracket.round", { n: index + 1 });
}

export class PokerBracket {
  constructor(card) {
    this.card = card;
    this.title = el("h2", { id: "poker-bracket-title" }, t("poker.bracket.title"));
    this.rounds = el("ol", { class: "bracket" });
    this.champion = el("p", { class: "winner poker-champion" });
    this.pot = el("p", { class: "hint poker-pot" });
    card.setAttribute("aria-labelledby", "poker-bracket-title");
    card.append(this.title, this.rounds, this.champion, this.pot);
  }

  update(state) {
    const evening = state.evening ?? null;
    show(this.card, evening !== null && evening.entrants.length > 2);
    if (!evening) return;
    const name = (seat) => state.table.seats.find((entry) => entry.seat === seat)?.name ?? `#${seat}`;
    // Only brackets are numbered: a game of two before this evening is no "Evening 1" (view.evening.bracket).
    setText(this.title, evening.bracket ? t("poker.bracket.title_n", { n: evening.bracket }) : t("poker.bracket.title"));
    const total = Math.max(roundsFor(evening.entrants.length), evening.rounds.length);
    const playing = state.game && state.game.phase !== "over" ? state.game.seats : [];
    const columns = Array.from({ length: total }, (_, index) => {
      const pairs = evening.rounds[index] ?? null;
      const waiting = index === 0 && evening.drawing_bracket ? "poker.bracket.drawing" : "poker.bracket.later";
      const body = pairs ? el("ul", {}, ...pairs.map((pair) => this.pairing(pair, name, playing)))
        : el("p", { class: "hint" }, t(waiting));
      return el("li", { class: "bracket-round" }, el("h3", {}, roundName(index, total)), body);
    });
    this.rounds.replaceChildren(...columns);
    const champion = evening.champion ?? null;
    setText(this.champion, champion === null ? "" : t("poker.bracket.champion", { name: name(champion) }));
    show(this.champion, champion !== null);
    const lines = [];
    if (evening.pot !== null && evening.pot !== undefined) {
      lines.push(t(champion === null ? "poker.bracket.pot" : "poker.bracket.pot_won", { pot: potText(evening.pot), name: name(champion) }));
    }
    if (evening.token_value) lines.push(t("poker.token_value", { value: evening.token_value }));
    setText(this.pot, lines.join(" "));
    show(this.pot, lines.length > 0);
  }

  pairing(pair, name, playing) {
    const live = pair.seats.length === 2 && pair.winner === null && pair.seats.every((seat) => playing.includes(seat));
    const classes = ["pairing", pair.seats.length === 1 && "bye", live && "live"].filter(Boolean).join(" ");
    const players = pair.seats.map((seat) => el("span", { class: `bracket-seat${seat === pair.winner ? " won" : ""}` },
      name(seat)));
    const sep = () => el("span", { class: "vs" }, t("poker.bracket.vs"));
    const names = players.length === 2 ? [players[0], " ", sep(), " ", players[1]]
      : [players[0], " ", el("span", { class: "vs" }, t("poker.bracket.bye"))];
    let note = "";
    if (pair.winner !== null && pair.seats.length === 2) note = t("poker.bracket.won", { name: name(pair.winner) });
    else if (live) note = t("poker.bracket.playing");
    const games = pair.games.length
      ? t("poker.bracket.games", { winners: pair.games.map(name).join(", ") }) : "";
    return el("li", { class: classes, "aria-current": live ? "true" : null },
      el("span", { class: "bracket-names" }, ...names),
      note ? el("span", { class: "bracket-note" }, ` ${note}`) : null,
      games ? el("span", { class: "hint bracket-games" }, ` ${games}`) : null);
  }
}
