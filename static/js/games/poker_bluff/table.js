// A poker-dice bluff table on the table page (the family "poker_bluff", families.js): the two
// players of the game with their tokens, the button and the cup; the holder's dice and the keep
// toggles (cup.js); believe / don't believe; the declaration picker (picker.js); the reveal; the
// game's end; the evening's bracket (page_bracket.js). Every move names the turn this page
// showed, `against` (view.game.against, echoed verbatim: action/stale otherwise).
//
//   const poker = createTable({ send });   // in the page's #poker and #poker-side (registry.js)
//   const poker = new PokerTable({ play, side, send });   // play, side: empty containers
//   poker.render(state)

import { die, diceRow } from "../../dice.js";
import { byId, el, focusIfIdle, setText, show } from "../../dom.js";
import { pageWording, t } from "../../i18n.js";
import { seatName } from "../../names.js";
import { ROUND_BOUND } from "./bound.js";
import { PokerBracket } from "./page_bracket.js";
import { PokerCup } from "./cup.js";
import { declarationWords, pokerAnnouncements, revealWords, tokensLine, tokensWords, turnWords } from "./words.js";
import { PokerPicker } from "./picker.js";
import { namedDice } from "./picker_rules.js";
import { PokerSounds, pokerSoundsFor } from "./sounds.js";

const MAX_PLAYERS = 8;

function card(id, classes) {
  return el("section", { id, class: `card ${classes}`, hidden: true });
}

export function createTable({ send }) {
  byId("poker").hidden = false;
  byId("poker-side").hidden = false;
  // The page's mute switch serves poker's sounds too; the odds hint and the automatic next round are Liar's Dice's.
  show(byId("prefs"), true);
  show(byId("odds-toggle"), false);
  show(byId("auto-next-toggle"), false);
  const sounds = new PokerSounds(byId("sound-toggle"));
  return new PokerTable({ play: byId("poker"), side: byId("poker-side"), send, onState: (before, after) => sounds.play(pokerSoundsFor(before, after)) });
}

export class PokerTable {
  // onState(before, after): each new state once it is drawn (the sounds; none in a harness).
  constructor({ play, side, send, onState = () => {} }) {
    this.send = send;
    this.onState = onState;
    this.state = null;
    this.landed = { key: null, count: 0 }; // the declarations drawn so far this round (the newest one lands)
    this.lifted = null; // the round whose cup was lifted already
    this.cards = {
      reveal: card("poker-reveal", "reveal"), over: card("poker-over", "over"), answer: card("poker-answer", "call-out"),
      cup: card("poker-cup", "hand"), picker: card("poker-picker", "bid"), duel: card("poker-duel", "duel"),
      declarations: card("poker-declarations", "declarations"), bracket: card("poker-bracket", "bracket-card"),
    };
    const { reveal, over, answer, cup, picker, duel, declarations, bracket } = this.cards;
    play.replaceChildren(reveal, over, answer, cup, picker, duel);
    side.replaceChildren(declarations, bracket);
    const move = (event, extra = {}) => this.send(event, { ...extra, against: this.state.game.against });
    this.cup = new PokerCup(cup, { onKeep: (keep) => move("keep", { keep }) });
    this.picker = new PokerPicker(picker, { onDeclare: (declaration) => move("declare", { declaration }) });
    this.bracket = new PokerBracket(bracket);
    this.buildAnswer(answer, move);
    this.buildReveal(reveal);
    this.buildOver(over);
    this.buildDuel(duel);
    declarations.setAttribute("aria-labelledby", "poker-declarations-title");
    this.declared = el("ol", { class: "bids poker-declared" });
    this.noneDeclared = el("p", { class: "hint" }, t("poker.declarations.none"));
    declarations.append(el("h2", { id: "poker-declarations-title" }, t("poker.declarations.title")), this.declared, this.noneDeclared);
  }

  buildAnswer(section, move) {
    section.setAttribute("aria-labelledby", "poker-answer-title");
    this.answerText = el("p", { id: "poker-answer-text", class: "rule" });
    this.mustDoubt = el("p", { id: "poker-must-doubt", class: "reason", hidden: true }, t("poker.answer.must_doubt"));
    this.believe = el("button", { type: "button", id: "poker-believe", class: "btn primary big", "aria-describedby": "poker-answer-text" },
      t("poker.answer.believe"));
    this.doubt = el("button", { type: "button", id: "poker-doubt", class: "btn danger big", "aria-describedby": "poker-answer-text poker-must-doubt" },
      t("poker.answer.doubt"));
    const press = (event) => async (click) => {
      const button = click.currentTarget;
      button.disabled = true;
      try {
        await move(event);
      } finally {
        button.disabled = false;
      }
    };
    this.believe.addEventListener("click", press("believe"));
    this.doubt.addEventListener("click", press("doubt"));
    section.append(el("h2", { id: "poker-answer-title" }, t("poker.answer.title")), this.answerText, this.mustDoubt,
      el("div", { class: "actions" }, this.believe, this.doubt));
  }

  buildReveal(section) {
    section.setAttribute("aria-labelledby", "poker-reveal-title");
    this.revealCup = el("div", { class: "poker-reveal-cup" });
    this.revealLines = el("div", { class: "poker-reveal-lines" });
    this.nextRound = el("button", { type: "button", id: "poker-next-round", class: "btn primary big" }, t("reveal.next"));
    this.nextRound.addEventListener("click", () => {
      const game = this.state?.game;
      this.send("next_round", game ? { game: game.game, round: game.round } : {});
    });
    section.append(el("h2", { id: "poker-reveal-title" }, t("poker.reveal.title")), this.revealCup, this.revealLines, this.nextRound);
  }

  buildOver(section) {
    section.setAttribute("aria-labelledby", "poker-over-title");
    this.overWinner = el("p", { class: "winner" });
    this.overNote = el("p", { class: "hint" });
    this.nextGame = el("button", { type: "button", id: "poker-next-game", class: "btn primary big" });
    this.nextGame.addEventListener("click", () => this.send("start"));
    this.overReplay = el("a", { id: "poker-over-replay", class: "replay-link" }, t("poker.over.replay"));
    section.append(el("h2", { id: "poker-over-title" }, t("over.title")), this.overWinner, this.overNote, this.nextGame,
      el("p", {}, this.overReplay));
  }

  buildDuel(section) {
    section.setAttribute("aria-labelledby", "poker-duel-title");
    this.duelList = el("ul", { class: "poker-duel" });
    this.tokenValue = el("p", { class: "hint" });
    this.matchLine = el("p", { class: "hint" });
    section.append(el("h2", { id: "poker-duel-title" }, t("poker.duel.title")), this.duelList, this.tokenValue, this.matchLine);
  }

  // The family's part of the page: the status lines, then every card from the view.
  render(state) {
    const before = this.state;
    this.state = state;
    const { game, you } = state;
    const seated = you.seat !== null;
    this.renderStatus(state);
    this.bracket.update(state);
    for (const name of ["reveal", "over", "answer", "cup", "picker", "duel", "declarations"]) show(this.cards[name], false);
    if (!game) return;
    const mine = seated && game.turn === you.seat;
    show(this.cards.duel, true);
    this.renderDuel(state);
    const live = game.phase !== "over" && game.phase !== "revealed";
    show(this.cards.declarations, live || game.phase === "revealed");
    this.renderDeclarations(state);
    show(this.cards.cup, live && game.phase !== "rolling");
    if (live && game.phase !== "rolling") this.cup.update(state);
    const answering = game.phase === "responding" && mine && game.can_doubt;
    show(this.cards.answer, answering);
    if (answering) this.renderAnswer(state);
    const declaring = game.phase === "declaring" && mine;
    show(this.cards.picker, declaring);
    if (declaring) this.picker.update(game);
    show(this.cards.reveal, Boolean(game.result));
    if (game.result) this.renderReveal(state);
    show(this.cards.over, game.phase === "over");
    if (game.phase === "over") this.renderOver(state);
    this.placeFocus(state);
    this.onState(before, state);
  }

  // A turn's control takes the focus without scrolling to it: the layout (poker.css) already keeps it
  // on the first screen, and a focus landing while the picker or the cup is still settling moved the
  // page under the player's eyes. The end of a round or of a game may lie lower: those scroll.
  placeFocus({ game }) {
    const still = { preventScroll: true };
    if (game.phase === "responding") focusIfIdle(this.believe.hidden ? this.doubt : this.believe, still);
    else if (game.phase === "declaring") focusIfIdle(this.picker.submit, still);
    else if (game.phase === "keeping") focusIfIdle(this.cup.dice.querySelector("button:not([disabled])") ?? this.cup.reroll, still);
    else if (game.phase === "revealed") focusIfIdle(this.nextRound);
    else if (game.phase === "over") focusIfIdle(this.nextGame);
  }

  renderStatus(state) {
    const { game } = state;
    setText(byId("headline"), game ? t("game.title", { game: game.game, round: game.round }) : t("poker.app_game"));
    setText(byId("dice-in-play"), "");
    setText(byId("turn-line"), turnWords(state, pageWording));
    byId("turn-line").classList.toggle("mine", Boolean(game) && game.turn !== null && game.turn === state.you.seat);
    const rules = game && game.phase !== "over" ? game.rules : state.table.rules;
    renderPokerRules(byId("rules-panel"), rules, this.rulesBadge(rules));
    const role = roleLine(state);
    setText(byId("role-line"), role);
    show(byId("role-line"), role !== "");
  }

  renderDuel(state) {
    const game = state.game;
    const drawing = Boolean(state.evening?.drawing); // the button and the cup wait for the starter draw
    this.duelList.replaceChildren(...game.seats.map((seat, index) => {
      const tokens = game.tokens[String(seat)];
      const badges = [];
      if (index === 0 && !drawing) badges.push(el("span", { class: "badge" }, t("poker.seat.button")));
      if (seat === game.holder && game.phase !== "over" && !drawing) badges.push(el("span", { class: "badge" }, t("poker.seat.cup")));
      if (seat === game.turn) badges.push(el("span", { class: "badge turn" }, t("seats.turn")));
      return el("li", { class: `seat${seat === game.turn ? " turn" : ""}${seat === state.you.seat ? " you" : ""}`, "data-seat": seat },
        el("span", { class: "seat-name" }, seatName(state, seat)), ...badges,
        tokenRow(tokens), el("span", { class: "poker-tokens" }, tokensWords(tokens, pageWording)));
    }));
    const value = game.rules.token_value;
    setText(this.tokenValue, value ? t("poker.token_value", { value }) : "");
    show(this.tokenValue, Boolean(value));
    const pair = currentPairing(state);
    const games = pair?.games.length ? t("poker.bracket.games", { winners: pair.games.map((s) => seatName(state, s)).join(", ") }) : "";
    const evening = state.evening;
    const drawn = evening?.starters_drawn && !evening.drawing && pair && !pair.games.length ? t("poker.duel.drawn", { name: seatName(state, game.starter) }) : "";
    setText(this.matchLine, [drawn, game.rules.two_games ? t("poker.duel.two_games") : "", games].filter(Boolean).join(" "));
    show(this.matchLine, this.matchLine.textContent !== "");
  }

  // The round's declarations; one just made lands on the table (poker.css; still under reduced motion).
  renderDeclarations(state) {
    const key = `${state.game.game}/${state.game.round}`;
    const landing = this.landed.key === key && state.game.declarations.length > this.landed.count;
    this.landed = { key, count: state.game.declarations.length };
    const items = state.game.declarations.map((placed) => {
      const words = declarationWords(placed, pageWording);
      return el("li", {}, el("span", { class: "seat-name" }, seatName(state, placed.seat)), ": ",
        el("span", { class: "bid-words" }, words),
        diceRow(namedDice(placed), words));
    });
    if (landing) items.at(-1).classList.add("landing");
    this.declared.replaceChildren(...items);
    show(this.noneDeclared, items.length === 0);
  }

  renderAnswer(state) {
    const game = state.game;
    const last = game.declarations.at(-1);
    setText(this.answerText, t("poker.answer.text", { name: seatName(state, last.seat), declaration: declarationWords(last, pageWording) }));
    show(this.believe, Boolean(game.can_believe));
    show(this.mustDoubt, Boolean(game.must_doubt));
  }

  renderReveal(state) {
    const { game } = state;
    const result = game.result;
    // A reveal drawn for the first time lifts the cup off the dice (poker.css, none under reduced
    // motion); a later render of the same reveal leaves the open cup as it is.
    const key = `${game.game}/${game.round}`;
    if (this.lifted !== key) {
      this.lifted = key;
      const row = revealCupRow(result);
      [...row.querySelectorAll(".die")].forEach((node, index) => node.style.setProperty("--i", String(index)));
      this.revealCup.classList.remove("lifting");
      this.revealCup.replaceChildren(row, el("span", { class: "cup-shell", "aria-hidden": "true" }));
      void this.revealCup.offsetWidth; // a new reveal starts its lift afresh
      this.revealCup.classList.add("lifting");
    }
    const lines = [...revealWords(result, state, pageWording), tokensLine(game, state, pageWording)];
    this.revealLines.replaceChildren(...lines.map((line, index) => el("p", { class: index === 1 ? "verdict" : "" }, line)));
    this.revealLines.dataset.held = String(result.held);
    show(this.nextRound, state.you.seat !== null && game.seats.includes(state.you.seat) && game.phase === "revealed");
  }

  renderOver(state) {
    const { game, you, evening } = state;
    const won = game.winner === you.seat ? t("over.you_win") : t("over.winner", { name: seatName(state, game.winner) });
    // Both players still hold tokens: the game met its bound (docs/rules.md, "Bounds").
    const bound = Object.values(game.tokens).every((n) => n > 0);
    setText(this.overWinner, bound ? `${won} ${t("over.bound_tokens", { n: ROUND_BOUND })}` : won);
    const champion = evening?.champion ?? null;
    setText(this.overNote, champion === null ? t("poker.over.next") : t("poker.over.champion", { name: seatName(state, champion) }));
    setText(this.nextGame, champion === null ? t("poker.over.next_game") : t("poker.over.new_evening"));
    show(this.nextGame, you.seat !== null);
    // The game's verified replay, move by move (replay_page.js through the shared replay page).
    this.overReplay.href = `/t/${encodeURIComponent(state.table.id)}/replay?game=${game.game}`;
  }

  announcements(before, after) {
    return pokerAnnouncements(before, after, pageWording);
  }

  // For the seat list (seats.js): tokens instead of dice, the cup, eliminated or waiting players.
  seatFacts(state, seat) {
    const { game, evening } = state;
    const inGame = Boolean(game) && game.seats.includes(seat.seat);
    const entered = Boolean(evening) && evening.entrants.includes(seat.seat);
    const lost = entered && evening.rounds.flat().some((pair) => pair.winner !== null && pair.winner !== seat.seat
      && pair.seats.includes(seat.seat));
    const badges = [];
    if (evening && !entered) badges.push(t("poker.seat.next_evening"));
    if (lost) badges.push(t("seats.out"));
    if (inGame && game.phase !== "over" && game.holder === seat.seat) badges.push(t("poker.seat.cup"));
    const tokens = inGame ? game.tokens[String(seat.seat)] : null;
    return {
      toAct: Boolean(game) && game.turn === seat.seat,
      out: lost,
      playing: entered && !lost && evening.champion === null, // still in the bracket: the server keeps the seat
      badges,
      detail: tokens === null ? null : el("span", { class: "seat-dice" }, tokenRow(tokens), el("span", {}, tokensWords(tokens, pageWording))),
    };
  }

  // A key that changes with every move (countdown.js restarts the bar), or null when nobody is to act.
  turnKey(state) {
    const game = state.game;
    return game && game.turn !== null ? JSON.stringify(game.against) : null;
  }

  maxPlayers() {
    return MAX_PLAYERS;
  }

  rulesBadge(rules) {
    return pokerRulesBadge(rules);
  }
}

// The rules in one line: "3 tokens · A token is worth 1 silver · …".
export function pokerRulesBadge(rules) {
  const parts = [tokensWords(rules.tokens, pageWording)];
  if (rules.token_value) parts.push(t("poker.token_value", { value: rules.token_value }));
  if (rules.two_games) parts.push(t("poker.duel.two_games"));
  return parts.join(" · ");
}

// The cup a doubt opened, the dice of the declaration marked (the words name the dice for a screen reader).
export function revealCupRow(result) {
  const named = [...namedDice(result.declaration)];
  const row = el("div", { class: "dice", role: "img", "aria-label": t("poker.reveal.cup", { dice: result.cup.join(", ") }) });
  row.append(...result.cup.map((face) => {
    const at = named.indexOf(face);
    if (at >= 0) named.splice(at, 1);
    return die(face, { counted: at >= 0 });
  }));
  return row;
}

// A rules panel (rules_panel.js's markup: the table page's, the desk's): the poker settings in words.
export function renderPokerRules(panel, rules, badge) {
  setText(panel.querySelector(".rules-badge"), badge);
  setText(panel.querySelector(".rules-title"), t("poker.rules.title"));
  const lines = [t("poker.rules.tokens", { n: rules.tokens }), t(rules.two_games ? "poker.rules.two_games" : "poker.rules.one_game"),
    rules.turn_timer_s ? t("poker.rules.timer", { n: rules.turn_timer_s }) : t("poker.rules.no_timer")];
  if (rules.token_value) lines.splice(1, 0, t("poker.token_value", { value: rules.token_value }));
  panel.querySelector(".rules-lines").replaceChildren(...lines.map((line) => el("li", {}, line)));
}

// One coin per token: the count at a glance (the words say it to a screen reader).
export function tokenRow(n) {
  return el("span", { class: "coins", "aria-hidden": "true" }, ...Array.from({ length: n }, () => el("span", { class: "coin" })));
}

function currentPairing({ evening, game }) {
  if (!evening || !game) return null;
  return evening.rounds.flat().find((pair) => pair.seats.length === 2 && game.seats.every((seat) => pair.seats.includes(seat))) ?? null;
}

function roleLine({ game, you, evening, table }) {
  if (you.seat === null) return table.seats.length < MAX_PLAYERS ? t("game.watching") : t("join.full");
  if (!game) return "";
  if (evening && !evening.entrants.includes(you.seat)) return t("poker.role.next_evening");
  if (game.phase !== "over" && !game.seats.includes(you.seat)) {
    return t("poker.role.sitting_out", { a: seatName({ table }, game.seats[0]), b: seatName({ table }, game.seats[1]) });
  }
  return "";
}
