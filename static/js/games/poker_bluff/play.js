// The poker-dice family of the browser's game verifier: a poker table's evenings re-derived with
// the rules, check for check and message for message as referee/fairness/play_poker_bluff.py:
// each evening's entrants (the seated players) and bracket (bracket.js), each game's pair and
// starter as the bracket and match give (a match's first game's starter drawn in an evening whose
// starters are drawn, and every later evening drawing too; an evening of three or more whose bracket is drawn
// no game before its bracket_drawn, the shuffle its revealed draw gives), each game (replay_game.js), the champion.
//   checkPokerBluff(entries, report) → report.summary: ["game 1: seats 0, 1 (seat 0 opens): seat 1 wins, 2 rounds checked", …]

import { champion, current, newBracket, newMatch, matchSeats, matchWinner, nextStarter, pending, record, recordGame } from "./bracket.js";
import { other, RulesError, settingsFrom } from "./rules.js";
import { pairText, PokerGameReplay } from "./replay_game.js";
import { field } from "../../verify_roll_off.js";
import { bracketOrder } from "../../fair_inputs.js";

const TABLE_KINDS = new Set(["table_created", "seat_taken", "seat_left", "rules_changed", "evening_started", "bracket_drawn", "game_started", "evening_ended"]);
const pairsText = (bracket) => current(bracket).map((q) => (q.seats.length === 1 ? `seat ${q.seats[0]} has a bye` : `seats ${q.seats[0]}–${q.seats[1]}`)).join(", ");
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const settingsOf = (rules) => settingsFrom(Object.fromEntries(Object.entries(rules).filter(([k]) => k !== "game")));
const pairKey = (seats) => [...seats].sort((a, b) => a - b).join("-");

function revealedDraws(entries) {
  const found = new Map();
  for (const e of entries) if (e.kind === "draw_revealed") found.set(`${e.public.game}/${e.public.draw}`, e.public.results.map((r) => r.value));
  return found;
}

class Walk {
  constructor(entries, report) {
    Object.assign(this, { report, draws: revealedDraws(entries), settings: null, seated: new Set(), evening: null, game: null, lastGame: 0, recorded: true, drewStarters: null, drewBracket: null });
  }

  feed(e) {
    if (TABLE_KINDS.has(e.kind)) this[e.kind](e.seq, e.public);
    else if (e.kind === "game_opened" && this.game === null && this.evening !== null && this.evening.drawingBracket) this.evening.bracketSeats = [...e.public.seats];
    else if (this.game !== null && PokerGameReplay.KINDS.has(e.kind) && this.ofThisGame(e)) {
      this.game.feed(e);
      if (e.kind === "starter_drawn") this.startedBy();
      this.recordWin();
    }
  }

  // A drawn starter holds the button of the match's games (nextStarter).
  startedBy() {
    const game = this.game; const evening = this.evening;
    if (game === null || evening === null || game.opener === null) return;
    const key = pairKey(game.seats); const match = evening.matches.get(key);
    if (match.button !== game.opener && !match.winners.length) evening.matches.set(key, newMatch(game.opener, match.button, match.twoGames));
  }

  ofThisGame(e) {
    const game = e.public.game;
    if (game === undefined || game === null || this.game === null || game === this.game.number) return true;
    this.report.fail(`game ${game}`, `seq ${e.seq}: a ${e.kind} entry for game ${game} while game ${this.game.number} is being played`);
    return false;
  }

  recordWin() {
    const game = this.game; const evening = this.evening;
    if (this.recorded || game === null || game.winner === null || evening === null || game.state === null) return;
    this.recorded = true;
    const key = pairKey(game.state.seats);
    const match = recordGame(evening.matches.get(key), game.winner);
    evening.matches.set(key, match);
    if (matchWinner(match) !== null) evening.bracket = record(evening.bracket, matchWinner(match), other(game.state, matchWinner(match)));
  }

  table_created(seq, p) {
    try { this.settings = settingsOf(field(p, "rules")); } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      this.report.fail("table", `seq ${seq}: the table's poker rules are refused (${error.code})`);
    }
  }

  seat_taken(seq, p) { this.seated.add(field(p, "seat")); }

  seat_left(seq, p) { this.seated.delete(field(p, "seat")); }

  rules_changed(seq, p) {
    if (this.game !== null && !this.game.over) {
      this.report.fail(`game ${this.game.number}`, `seq ${seq}: the rules change while game ${this.game.number} is being played`);
      return;
    }
    try { this.settings = settingsOf(field(p, "rules")); } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      this.settings = null;
      this.report.fail("table", `seq ${seq}: the changed poker rules are refused (${error.code})`);
      return;
    }
    const by = field(p, "by") === "referee" ? "the referee" : `the host (seat ${p.by})`;
    this.report.add("table", true, `seq ${seq}: ${by} changes the rules between games; the next game plays them`);
  }

  evening_started(seq, p) {
    const number = field(p, "evening"); const entrants = [...field(p, "entrants")];
    const drawn = Object.hasOwn(p, "starters");
    const previous = this.evening;
    const expected = previous ? previous.number + 1 : 1;
    this.endGame(seq);
    this.unended(seq);
    const seated = [...this.seated].sort((a, b) => a - b);
    let problem = null;
    if (previous !== null && !previous.stopped && champion(previous.bracket) === null) problem = `evening ${number} starts while evening ${previous.number} has no champion`;
    else if (number !== expected) problem = `evening ${number} starts after evening ${expected - 1}`;
    else if (JSON.stringify(entrants) !== JSON.stringify(seated)) problem = `the evening enters seats ${entrants.join(", ") || "none"}, but the seated players are ${seated.join(", ") || "none"}`;
    else if (drawn && p.starters !== "drawn") problem = `the evening's starters are something other than "drawn"`;
    else if (!drawn && this.drewStarters !== null) problem = `the evening takes its matches' starters from seat order, but evening ${this.drewStarters} drew them: a server that stops drawing chooses who starts`;
    else problem = this.bracketProblem(p, entrants);
    if (drawn && this.drewStarters === null) this.drewStarters = number;
    const shuffled = Object.hasOwn(p, "bracket");
    if (shuffled && this.drewBracket === null) this.drewBracket = number;
    let bracket;
    try { bracket = newBracket(entrants); } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      problem = problem ?? `the rules cannot draw a bracket of seats [${entrants.join(", ")}] (${error.code})`;
      bracket = newBracket([0, 1]);
    }
    this.evening = { number, bracket, matches: new Map(), stopped: problem !== null, ended: false, step: `evening ${number}`, startersDrawn: drawn, drawingBracket: shuffled, bracketSeats: null };
    if (problem !== null) { this.report.fail(`evening ${number}`, `seq ${seq}: ${problem}`); return; }
    if (shuffled) { this.report.add(`evening ${number}`, true, `seq ${seq}: seats ${entrants.join(", ")} enter the bracket; its order is drawn`); return; }
    this.report.add(`evening ${number}`, true, `seq ${seq}: seats ${entrants.join(", ")} enter the bracket; round 1: ${pairsText(bracket)}`);
    if (entrants.length >= 3) this.report.add(`evening ${number}`, true, "note: the bracket pairs the entrants in seat order (a log from before brackets were drawn): the server could choose who plays whom by the seats it gave");
  }

  // Why an evening's `bracket` marker is wrong (as _bracket_problem).
  bracketProblem(p, entrants) {
    if (Object.hasOwn(p, "bracket") && (p.bracket !== "drawn" || entrants.length < 3)) return `the evening's bracket is something other than "drawn" for three entrants or more`;
    if (!Object.hasOwn(p, "bracket") && entrants.length >= 3 && this.drewBracket !== null) return `the evening pairs its bracket in seat order, but evening ${this.drewBracket} drew it: a server that stops drawing chooses who plays whom`;
    return null;
  }

  bracket_drawn(seq, p) {
    const number = field(p, "game"); const draw = field(p, "draw"); const order = field(p, "order");
    const expected = this.lastGame + 1;
    this.lastGame = number;
    const evening = this.evening;
    if (evening === null) { this.report.fail(`evening ${p.evening}`, `seq ${seq}: a bracket is drawn, but no evening is running`); return; }
    if (evening.stopped) return;
    const entrants = [...evening.bracket.entrants]; const values = this.draws.get(`${number}/${draw}`);
    let problem = null;
    if (!evening.drawingBracket || field(p, "evening") !== evening.number) problem = `a bracket of evening ${p.evening} is drawn while evening ${evening.number} draws none`;
    else if (number !== expected) problem = `the bracket is drawn in game ${number}, after game ${expected - 1}`;
    else if (!same(evening.bracketSeats, entrants)) problem = `the bracket's game ${number} names seats ${evening.bracketSeats === null ? "None" : `[${evening.bracketSeats.join(", ")}]`}, not the entrants [${entrants.join(", ")}]`;
    else if (values === undefined || values.length !== entrants.length - 1) problem = `draw ${draw} of game ${number}, which orders the bracket, is not revealed as a bracket draw`;
    else if (!same(order, bracketOrder(entrants, values))) problem = `the bracket's order is [${order.join(", ")}], but draw ${draw} of game ${number} gives [${bracketOrder(entrants, values).join(", ")}]`;
    if (problem !== null) { evening.stopped = true; this.report.fail(evening.step, `seq ${seq}: ${problem}`); return; }
    evening.bracket = newBracket(order);
    evening.drawingBracket = false;
    this.report.add(evening.step, true, `seq ${seq}: draw ${draw} of game ${number} orders the bracket ${order.join(", ")}; round 1: ${pairsText(evening.bracket)}`);
  }

  game_started(seq, p) {
    const number = field(p, "game"); const seats = [...field(p, "seats")]; const opener = field(p, "opener");
    this.endGame(seq);
    this.unended(seq);
    const expected = this.lastGame + 1;
    this.lastGame = number;
    const evening = this.evening;
    if (evening !== null && evening.drawingBracket && !evening.stopped) {
      evening.stopped = true;
      this.report.fail(evening.step, `seq ${seq}: game ${number} starts before the evening's bracket is drawn`);
      return;
    }
    if (number !== expected) { this.report.fail(`game ${number}`, `seq ${seq}: game ${number} starts after game ${expected - 1}`); return; }
    if (evening === null || champion(evening.bracket) !== null) { this.report.fail(`game ${number}`, `seq ${seq}: game ${number} starts, but no evening is running`); return; }
    if (evening.stopped || this.settings === null) return;
    const pairing = pending(evening.bracket)[0];
    const key = pairKey(pairing.seats);
    const begun = evening.matches.get(key);
    const match = begun ?? newMatch(pairing.seats[0], pairing.seats[1], this.settings.two_games);
    const starter = evening.startersDrawn && begun === undefined ? null : nextStarter(match);
    if (JSON.stringify(seats) !== JSON.stringify(matchSeats(match)) || opener !== starter) {
      evening.stopped = true;
      this.report.fail(evening.step, `seq ${seq}: game ${number} starts with ${pairText(seats, opener)}, but the bracket and match give ${pairText(matchSeats(match), starter)}`);
      return;
    }
    evening.matches.set(key, match);
    const revealed = new Map([...this.draws].filter(([k]) => k.startsWith(`${number}/`)).map(([k, v]) => [Number(k.split("/")[1]), v]));
    this.game = new PokerGameReplay({ game: number, seats, opener, seq, settings: this.settings }, revealed, this.report);
    this.recorded = false;
    const ofMatch = match.twoGames ? `game ${match.winners.length + 1} of their match` : "their match";
    this.report.add(`game ${number}`, true, `seq ${seq}: ${pairText(seats, opener)} play ${ofMatch} in round ${pairing.round} of evening ${evening.number}'s bracket, as it gives`);
  }

  evening_ended(seq, p) {
    if (this.game !== null && this.game.over) this.endGame(seq); // the final is over (or stopped by an arena forfeit, which stops the evening)
    const evening = this.evening;
    if (evening === null || evening.stopped) return;
    const best = champion(evening.bracket); const named = field(p, "champion");
    evening.ended = true;
    if (field(p, "evening") !== evening.number) this.report.fail(evening.step, `seq ${seq}: evening ${p.evening} ends while evening ${evening.number} is running`);
    else if (best === null) this.report.fail(evening.step, `seq ${seq}: the evening ends with seat ${named} the champion, but its bracket is not decided`);
    else if (named !== best) this.report.fail(evening.step, `seq ${seq}: the evening ends with seat ${named} the champion, but the bracket's champion is seat ${best}`);
    else this.report.add(evening.step, true, `seq ${seq}: seat ${best} is the champion, as the bracket gives`);
  }

  endGame(seq) {
    if (this.game === null) return;
    this.game.close(seq);
    this.report.summary.push(this.game.summary());
    if ((!this.game.over || this.game.winner === null) && this.evening !== null) this.evening.stopped = true;
    this.game = null;
  }

  unended(seq) {
    const evening = this.evening;
    if (evening === null || evening.stopped || evening.ended || champion(evening.bracket) === null) return;
    evening.ended = true;
    const at = seq !== null ? `seq ${seq} moves on` : "the log ends";
    this.report.fail(evening.step, `the bracket's final is decided (seat ${champion(evening.bracket)} is the champion), but no evening_ended names it (${at})`);
  }

  finish() { this.endGame(null); this.unended(null); }
}

/** Re-derive every evening of a poker table's log (from `table_created`) into `report` ({checks, summary}). */
// The family's log for the audit (registry.js `verifier`, audit_play.js): the evening's checks (a
// summary line per game in `report.summary`); no Liar's Dice rounds nor roll-off throws to show.
export function checkLog(entries, report) {
  checkPokerBluff(entries, report);
  return { rounds: [], throws: [] };
}

export function checkPokerBluff(entries, report) {
  let walk;
  try { walk = new Walk(entries, report); } catch {
    report.fail("log", "malformed draw_revealed entry: the games are not re-derived");
    return;
  }
  for (const e of entries) {
    try {
      walk.feed(e);
    } catch {
      report.fail(`seq ${e.seq}`, `malformed ${e.kind} entry: the games are not re-derived further`);
      return;
    }
  }
  walk.finish();
}
