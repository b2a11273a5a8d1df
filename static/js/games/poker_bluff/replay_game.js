// One poker-dice game of a table's log re-derived with the rules (rules.js), check for check
// and message for message as referee/fairness/replay_poker_game.py: each roll against the game's
// next committed poker_roll draw (counter, dice count) and its revealed values, every move, each
// doubt's outcome and the tokens, the cup's draws revealed right after the doubt, and a round
// whose dice are not revealed at the end of the log "not yet revealed". A match's first game whose
// starter is drawn (start.opener null) first logs starter_drawn: the seat its revealed poker_starter
// draw names (1 the lower seat, 2 the higher), who then holds the button and starts.

import { describePurpose, purposeProblem } from "../../fair_inputs.js";
import { apply, fromDict, last, newGame, pendingRoll, ROUND_BOUND, RulesError, sameSettings, settingsFrom, textOf, tokensOf, turnOf } from "./rules.js";
import { ReplaySteps } from "../../replay_steps.js";
import { field } from "../../verify_roll_off.js";

const SEALED_MOVES = new Set(["cup_rolled", "declared", "believed", "kept", "next_round"]);
export const diceText = (dice) => dice.join(", ") || "none";
export const seatTokens = (s) => [...s.seats].sort((a, b) => a - b).map((seat) => `seat ${seat}: ${tokensOf(s, seat)}`).join(", ");
const samePurpose = (a, b) => a !== null && typeof a === "object" && !Array.isArray(a) && Object.keys(a).length === 3
  && a.kind === b.kind && a.ref === b.ref && a.counter === b.counter;
const withoutGame = (rules) => Object.fromEntries(Object.entries(rules).filter(([k]) => k !== "game"));
/** A game's pair and starter in words: "seats 2, 0 (seat 2 opens)", or "(the starter is drawn)". */
export const pairText = (seats, opener) => `seats ${seats.join(", ")} (${opener === null ? "the starter is drawn" : "seat " + opener + " opens"})`;

export class PokerGameReplay extends ReplaySteps {
  static rules = apply;

  static KINDS = new Set(["game_opened", "draw_committed", "draw_revealed", "starter_drawn", "cup_rolled", "declared", "believed", "kept", "doubted", "next_round", "game_settled", "forfeit"]);

  // start: {game, seats, opener, seq, settings}; revealed: Map draw number -> values.
  constructor(start, revealed, report) {
    super();
    Object.assign(this, { report, revealed, number: start.game, seats: start.seats, opener: start.opener, settings: start.settings, stopped: false, sealed: false,
      failed: false, forfeited: false, lastSeq: start.seq, committed: new Map(), shown: new Set(), used: [], due: [], doubtSeq: 0, rounds: 0, state: null });
    try {
      this.state = newGame(start.settings, start.seats, start.opener === null ? start.seats[0] : start.opener);
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      this.stop(this.gameStep, `seq ${start.seq}: the rules cannot start this game (${error.code})`);
    }
  }

  get over() { return this.stopped || this.winner !== null; }

  get winner() { return this.state !== null && !this.stopped ? this.state.winner : null; }

  stop(step, message) { super.stop(step, message); this.failed = true; }

  winnerDetail() { return ` (${seatTokens(this.state)})`; }

  feed(entry) {
    if (this.stopped || this.state === null) return;
    const { kind, seq } = entry;
    if (this.due.length && kind !== "draw_revealed") {
      this.stop(this.roundStep, `seq ${this.doubtSeq}: the doubt does not show the cup: draw ${this.due[0]} is not revealed after it (seq ${seq} moves on)`);
      return;
    }
    this.lastSeq = seq;
    if (this.sealed && SEALED_MOVES.has(kind)) return;
    this[kind](seq, entry.public);
  }

  close(seq) {
    if (this.due.length && !this.stopped) this.stop(this.roundStep, `seq ${this.doubtSeq}: the doubt does not show the cup: draw ${this.due[0]} is not revealed after it (the log ends)`);
    if (this.over) return;
    this.stopped = true;
    if (seq !== null) {
      this.failed = true;
      this.report.fail(this.gameStep, `seq ${seq}: game ${this.number + 1} starts, but game ${this.number} is not over by the rules`);
    } else if (this.sealed) this.report.add(this.roundStep, true, `in play: the round's dice are not yet revealed; re-derived by the rules up to seq ${this.lastSeq}`);
    else this.report.add(this.gameStep, true, `in play: re-derived by the rules up to seq ${this.lastSeq}`);
  }

  summary() {
    const how = this.winner !== null ? `seat ${this.winner} wins` : this.failed ? "FAILED" : this.forfeited ? "stopped by an arena forfeit" : "in play";
    return `game ${this.number}: ${pairText(this.seats, this.opener)}: ${how}, ${this.rounds} ${this.rounds === 1 ? "round" : "rounds"} checked`;
  }

  situation() {
    const s = this.state;
    if (s.phase === "over") return `the game is over: seat ${s.winner} won`;
    const placed = last(s);
    const standing = placed ? `${textOf(placed.declaration)} by seat ${placed.seat}` : "none";
    const turn = turnOf(s) !== null ? `seat ${turnOf(s)} to act` : "nobody to act";
    return `round ${s.round} is ${s.phase}, ${turn}, last declaration ${standing}`;
  }

  game_opened(seq, p) {
    let same;
    try { same = sameSettings(settingsFrom(withoutGame(field(p, "rules"))), this.state.settings); } catch (error) { if (!(error instanceof RulesError)) throw error; same = false; }
    const sorted = [...this.state.seats].sort((a, b) => a - b);
    if (JSON.stringify(field(p, "seats")) !== JSON.stringify(sorted) || !same) {
      this.stop(this.gameStep, `seq ${seq}: the manifest names other seats or rules than the game's start and the table`);
    }
  }

  // An arena's forfeit (a bot's fault, which the rules do not model): the game is not re-derived further.
  forfeit(seq, p) {
    this.stopped = true;
    this.forfeited = true;
    this.report.add(this.gameStep, true, `seq ${seq}: seat ${field(p, "seat")} forfeits the round (an arena fault, which the rules do not model): the rest of the game is not re-derived`);
  }

  draw_committed(seq, p) { this.committed.set(field(p, "draw"), { purpose: field(p, "purpose"), size: field(p, "size"), seq }); }

  draw_revealed(seq, p) {
    const number = field(p, "draw");
    this.shown.add(number);
    if (!this.due.length) return;
    if (number !== this.due[0]) {
      this.stop(this.roundStep, `seq ${seq}: draw ${number} is revealed after the doubt at seq ${this.doubtSeq} where draw ${this.due[0]} is due`);
      return;
    }
    this.due.shift();
  }

  isRoll(number) {
    const value = this.committed.get(number).purpose;
    return purposeProblem(value) === null && value.kind === "poker_roll";
  }

  starter_drawn(seq, p) {
    const number = field(p, "draw"); const seat = field(p, "seat");
    const wanted = { kind: "poker_starter", ref: this.number, counter: 1 };
    const draw = this.committed.get(number); const values = this.revealed.get(number);
    const pair = [...this.seats].sort((a, b) => a - b);
    if (this.opener !== null) this.stop(this.gameStep, `seq ${seq}: a starter is drawn, but game ${this.number}'s starter is seat ${this.opener}, as the match gives`);
    else if (draw === undefined || !samePurpose(draw.purpose, wanted)) {
      const what = draw === undefined ? "is not committed in this game" : `is ${purposeProblem(draw.purpose) === null ? describePurpose(draw.purpose) : "a draw of no known purpose"}`;
      this.stop(this.gameStep, `seq ${seq}: the starter names draw ${number}, which ${what}, not ${describePurpose(wanted)}`);
    } else if (values === undefined || values.length !== 1 || (values[0] !== 1 && values[0] !== 2)) {
      this.stop(this.gameStep, `seq ${seq}: the starter draw ${number} is not revealed with one value of 1 or 2: nobody can check who starts`);
    } else if (seat !== pair[values[0] - 1]) {
      this.stop(this.gameStep, `seq ${seq}: seat ${seat} is named to start, but draw ${number} (${describePurpose(wanted)}) gives ${values[0]}: seat ${pair[values[0] - 1]} starts`);
    } else {
      this.opener = seat; this.seats = [seat, ...this.seats.filter((other) => other !== seat)];
      this.state = newGame(this.settings, this.seats, seat);
      this.report.add(this.gameStep, true, `seq ${seq}: draw ${number} (${describePurpose(wanted)}) gives ${values[0]}: seat ${seat} starts, as the draw names`);
    }
  }

  cup_rolled(seq, p) {
    const s = this.state; const number = field(p, "draw");
    if (this.opener === null) { this.stop(this.roundStep, `seq ${seq}: a roll is logged before game ${this.number}'s starter is drawn`); return; }
    const count = pendingRoll(s);
    if (!count) { this.stop(this.roundStep, `seq ${seq}: a roll is logged, but the rules wait for none (the game is ${s.phase})`); return; }
    const fresh = [...this.committed.keys()].sort((a, b) => a - b).filter((n) => !this.used.includes(n) && this.isRoll(n));
    const roll = { kind: "poker_roll", ref: this.number, counter: this.used.length + 1 };
    const draw = this.committed.get(number);
    if (draw === undefined) this.stop(this.roundStep, `seq ${seq}: the roll names draw ${number}, which is not committed in game ${this.number}`);
    else if (this.used.includes(number)) this.stop(this.roundStep, `seq ${seq}: the roll names draw ${number}, which roll ${this.used.indexOf(number) + 1} already used`);
    else if (!samePurpose(draw.purpose, roll)) {
      const text = purposeProblem(draw.purpose) === null ? describePurpose(draw.purpose) : "a draw of no known purpose";
      this.stop(this.roundStep, `seq ${seq}: the roll names draw ${number}, ${text}, but the rules' next roll is ${describePurpose(roll)}`);
    } else if (fresh.length && number !== fresh[0]) this.stop(this.roundStep, `seq ${seq}: the roll names draw ${number}, but the game's next roll draw is draw ${fresh[0]}`);
    else if (draw.size !== count) this.stop(this.roundStep, `seq ${seq}: draw ${number} rolls ${draw.size} dice, but seat ${s.holder} rolls ${count} (the dice not kept: ${diceText(s.kept)} stay)`);
    else {
      this.used.push(number);
      const values = this.revealed.get(number);
      if (values === undefined) { this.sealed = true; return; }
      this.applied(seq, { type: "roll", dice: values }, `draw ${number} rolls ${diceText(values)}`);
    }
  }

  declared(seq, p) {
    const seat = field(p, "seat");
    let declaration;
    try { declaration = fromDict(field(p, "declaration")); } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      this.stop(this.roundStep, `seq ${seq}: seat ${seat} declares something that is not a declaration (${error.code})`);
      return;
    }
    this.applied(seq, { type: "declare", seat, declaration }, `seat ${seat} declares ${textOf(declaration)}`);
  }

  believed(seq, p) { this.applied(seq, { type: "believe", seat: field(p, "seat") }, `seat ${p.seat} believes`); }

  kept(seq, p) {
    const keep = field(p, "keep");
    if (!Array.isArray(keep)) throw new TypeError("the kept dice are not a list");
    this.applied(seq, { type: "reroll", seat: field(p, "seat"), keep: [...keep] }, `seat ${p.seat} keeps ${diceText(keep)}`);
  }

  doubted(seq, p) {
    const seat = field(p, "seat");
    if (this.sealed) {
      const missing = this.used.filter((n) => !this.revealed.has(n));
      this.stop(this.roundStep, `seq ${seq}: seat ${seat} doubts, but draw ${missing[0]} of the cup is never revealed: the cup cannot be shown`);
      return;
    }
    if (!this.applied(seq, { type: "doubt", seat }, `seat ${seat} doubts`)) return;
    const s = this.state; const r = s.result;
    this.rounds += 1;
    let text = `seq ${seq}: seat ${seat} doubts ${textOf(r.declaration)} by seat ${r.declarer}: the cup holds ${diceText(r.cup)}, ${r.held ? "it holds" : "a bluff"}, so seat ${r.loser} gives a token to seat ${r.winner} (${seatTokens(s)})`;
    if (s.phase === "over" && Math.min(...s.tokens) > 0) text += `; the game has reached its bound of ${ROUND_BOUND} rounds: seat ${s.winner} holds the most tokens and wins`;
    else if (s.phase === "over") text += `; seat ${s.winner} wins`;
    this.report.add(this.roundStep, true, text);
    this.due = [...this.committed.keys()].sort((a, b) => a - b).filter((n) => !this.shown.has(n));
    this.doubtSeq = seq;
  }

  next_round(seq) { this.applied(seq, { type: "next_round" }, "the next round starts"); }
}
