// Poker-dice bluff at the referee's desk (the family "poker_bluff", referee_families.js): the two
// players at the cup with their tokens, who holds it and who is to act; the cup's five dice
// (`game.referee_cup`; a blind referee sees the set-aside dice only until a doubt shows the cup);
// the declarations; the reveal; the evening's bracket with its champion and pot. Drawn with the
// poker page's modules; what happens is told to the live region in words.
//
//   const desk = createDesk({ send });   // new PokerDesk(byId("desk-poker")): the desk's family (registry.js)
//   desk.render(state)

import { diceRow } from "../../dice.js";
import { byId, el, setText, show } from "../../dom.js";
import { pageWording, t } from "../../i18n.js";
import { seatName } from "../../names.js";
import { PokerBracket } from "./page_bracket.js";
import { pokerRulesBadge, renderPokerRules, revealCupRow, tokenRow } from "./table.js";
import { declarationWords, pokerAnnouncements, revealWords, tokensLine, tokensWords, turnWords } from "./words.js";
import { CUP, namedDice } from "./picker_rules.js";

function card(id, title) {
  const heading = el("h2", { id: `${id}-title` }, t(title));
  return { section: el("section", { id, class: "card", "aria-labelledby": `${id}-title`, hidden: true }, heading), heading };
}

export function createDesk(_context) {
  return new PokerDesk(byId("desk-poker"));
}

export class PokerDesk {
  constructor(root) {
    this.cheating = false;
    this.rulesChange = null;
    this.before = null;
    this.duel = card("desk-poker-duel", "poker.duel.title");
    this.cup = card("desk-poker-cup", "poker.cup.title");
    this.declarations = card("desk-poker-declarations", "poker.declarations.title");
    this.reveal = card("desk-poker-reveal", "poker.reveal.title");
    const bracket = el("section", { id: "desk-poker-bracket", class: "card bracket-card", hidden: true });
    this.bracketCard = bracket;
    this.bracket = new PokerBracket(bracket);
    this.players = el("ul", { class: "poker-duel" });
    this.outcome = el("p", { class: "winner" });
    this.duel.section.append(this.players, this.outcome);
    this.dice = el("div", { class: "poker-dice" });
    this.aside = el("p", { class: "poker-aside" });
    this.cup.section.append(this.dice, this.aside);
    this.declared = el("ol", { class: "bids poker-declared" });
    this.noneDeclared = el("p", { class: "hint" }, t("poker.declarations.none"));
    this.declarations.section.append(this.declared, this.noneDeclared);
    this.revealCup = el("div", { class: "poker-reveal-cup" });
    this.revealLines = el("div", { class: "poker-reveal-lines" });
    this.reveal.section.append(this.revealCup, this.revealLines);
    root.replaceChildren(this.duel.section, this.cup.section, this.declarations.section, this.reveal.section, bracket);
    root.hidden = false;
  }

  // What the server would refuse now, in words (null: allowed): stakes while the evening runs, and
  // removing a seat still in its bracket (`evening/running`).
  locks(state) {
    const evening = state.evening;
    const running = Boolean(evening) && evening.champion === null;
    const out = new Set((evening?.rounds ?? []).flat().filter((pairing) => pairing.winner !== null)
      .flatMap((pairing) => pairing.seats.filter((seat) => seat !== pairing.winner)));
    return {
      stakes: running ? t("referee.locked_stakes_evening") : null,
      seat: (info) => (running && evening.entrants.includes(info.seat) && !out.has(info.seat)
        ? t("referee.locked_seat_evening", { name: info.name }) : null),
    };
  }

  render(state) {
    const game = state.game;
    setText(byId("desk-headline"), game ? t("game.title", { game: game.game, round: game.round }) : t("referee.lobby", { n: state.table.seats.length }));
    setText(byId("desk-turn"), turnWords(state, pageWording));
    const rules = game && game.phase !== "over" ? game.rules : state.table.rules;
    renderPokerRules(byId("desk-rules"), rules, pokerRulesBadge(rules));
    this.bracket.update(state);
    show(this.bracketCard, Boolean(state.evening));
    for (const part of [this.duel, this.cup, this.declarations, this.reveal]) show(part.section, Boolean(game));
    if (game) {
      this.renderDuel(state);
      this.renderCup(state);
      this.renderDeclarations(state);
      show(this.reveal.section, Boolean(game.result));
      if (game.result) this.renderReveal(state);
    }
    const news = this.before ? pokerAnnouncements(this.before, state, pageWording) : [];
    if (news.length) setText(byId("announcer"), news.join(" "));
    this.before = state;
  }

  renderDuel(state) {
    const game = state.game;
    const drawn = !state.evening?.drawing; // while the starter is drawn nobody holds the button or the cup yet
    this.players.replaceChildren(...game.seats.map((seat, index) => {
      const tokens = game.tokens[String(seat)];
      const badges = [index === 0 && drawn && t("poker.seat.button"), seat === game.holder && game.phase !== "over" && drawn && t("poker.seat.cup"),
        seat === game.turn && t("seats.turn")].filter(Boolean).map((text) => el("span", { class: "badge" }, text));
      return el("li", { class: `seat${seat === game.turn ? " turn" : ""}`, "data-seat": seat },
        el("span", { class: "seat-name" }, seatName(state, seat)), ...badges,
        tokenRow(tokens), el("span", { class: "poker-tokens" }, tokensWords(tokens, pageWording)));
    }));
    setText(this.outcome, game.winner === null ? "" : t("over.winner", { name: seatName(state, game.winner) }));
    show(this.outcome, game.winner !== null);
  }

  // The referee's own look into the cup: all five dice, or (blind) the set-aside ones and closed dice.
  renderCup(state) {
    const game = state.game;
    const live = !game.result && game.phase !== "rolling";
    show(this.cup.section, live);
    if (!live) return;
    setText(this.cup.heading, t("poker.cup.holder", { name: seatName(state, game.holder) }));
    const cup = game.referee_cup;
    const faces = cup ?? [...game.set_aside, ...Array(CUP - game.set_aside.length).fill(null)];
    const label = cup ? t("poker.cup.label", { dice: cup.join(", ") }) : t("referee.blind_dice");
    this.dice.replaceChildren(diceRow(faces, label));
    setText(this.aside, game.set_aside.length ? t("poker.cup.aside", { dice: game.set_aside.join(", ") }) : "");
    show(this.aside, game.set_aside.length > 0);
  }

  renderDeclarations(state) {
    const items = state.game.declarations.map((placed) => {
      const words = declarationWords(placed, pageWording);
      return el("li", {}, el("span", { class: "seat-name" }, seatName(state, placed.seat)), ": ",
        el("span", { class: "bid-words" }, words), diceRow(namedDice(placed), words));
    });
    this.declared.replaceChildren(...items);
    show(this.noneDeclared, items.length === 0);
  }

  renderReveal(state) {
    const game = state.game;
    this.revealCup.replaceChildren(revealCupRow(game.result));
    const lines = [...revealWords(game.result, state, pageWording), tokensLine(game, state, pageWording)];
    this.revealLines.replaceChildren(...lines.map((line) => el("p", {}, line)));
  }

  timed(state) {
    return Boolean(state.game) && state.game.turn !== null;
  }

  startLabel(state) {
    if (!state.evening) return t("referee.start");
    return t(state.evening.champion === null ? "poker.over.next_game" : "poker.over.new_evening");
  }

  // For the seat list: a player's tokens while they play the game.
  seatFacts(state, info) {
    const tokens = state.game?.tokens?.[String(info.seat)];
    return { count: tokens === undefined ? null : tokensWords(tokens, pageWording), dice: "" };
  }
}
