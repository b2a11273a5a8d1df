// The Liar's Dice family of the browser's game verifier: one game re-derived with the rules
// (rules.js), check for check and message for message as
// referee/fairness/play_liars_dice.py, whatever house rules the table plays: the opener (or, under
// `first_opener = roll_off`, every roll-off throw against its revealed draw, verify_roll_off.js,
// and the seat order it decides), each deal (a palifico round noted), every bid, every call of
// Liar or spot on, in turn or out of turn (the count, the dice lost under `loss`, a die given
// back), the next rounds, penalty dice and the winner. It also keeps what the audit page shows:
// per round the bids and the call (count, loser), per game the roll-off's throws.

import { apply, countOf, firstOpener, inGame, newGame, pendingRoll, pendingRollOff, ROUND_BOUND, RulesError, sameSettings, settingsFrom, standingBid, totalDice } from "./rules.js";
import { ReplaySteps } from "../../replay_steps.js";
import { field, throwProblem, throwText } from "../../verify_roll_off.js";

export function seatCounts(counts) {
  const seats = Object.keys(counts).map(Number).sort((a, b) => a - b);
  return seats.map((seat) => `seat ${seat}: ${counts[seat]}`).join(", ") || "none";
}

const sameCounts = (a, b) => {
  const keys = (x) => Object.keys(x).map(Number).sort((p, q) => p - q);
  return JSON.stringify(keys(a)) === JSON.stringify(keys(b)) && keys(a).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
};

// Who loses (or gets back) how many dice after a call, in the verifier's words.
function costText(state) {
  const r = state.result;
  if (r.loser === null) {
    const back = r.diceGained ? `gets ${r.diceGained} die back` : "gets no die back (it holds all its dice)";
    return `nobody loses and seat ${r.caller} ${back}`;
  }
  const text = `seat ${r.loser} loses ${r.diceLost} ${r.diceLost === 1 ? "die" : "dice"}`;
  return countOf(state, r.loser) === 0 ? `${text} and is out` : text;
}

export class LiarsDiceReplay extends ReplaySteps {
  static rules = apply;

  static KINDS = new Set(["game_opened", "round_dealt", "die_changed", "bid", "liar", "spot_on", "round_revealed",
    "next_round", "penalty_applied", "game_settled", "forfeit", "draw_revealed", "roll_off"]);

  get KINDS() { return LiarsDiceReplay.KINDS; }

  // start: {game, seats, opener, seq, rules, previousOpener}; rounds: the audit page's per-round
  // record; throws: the audit page's list of roll-off throws (of every game).
  constructor(start, report, rounds, throws) {
    super();
    Object.assign(this, { report, rounds, throws, number: start.game, stopped: false, blind: false, calling: false,
      lastSeq: start.seq, state: null, draws: new Map(), thrown: 0 });
    this.start(start);
  }

  get over() { return this.stopped || (this.state !== null && this.state.phase === "over"); }

  feed(entry) {
    if (this.stopped || this.state === null) return;
    this.lastSeq = entry.seq;
    this[entry.kind](entry.seq, entry.public, entry.secret ?? null);
  }

  close(seq) {
    if (this.over) return;
    this.stopped = true;
    if (seq === null) this.report.add(this.gameStep, true, `in play: re-derived by the rules up to seq ${this.lastSeq}`);
    else this.report.fail(this.gameStep, `seq ${seq}: game ${this.number + 1} starts, but game ${this.number} is not over by the rules`);
  }

  record() {
    const key = `${this.number}/${this.state.round}`;
    if (!this.rounds.has(key)) this.rounds.set(key, { game: this.number, round: this.state.round, palifico: this.state.palifico, bids: [], call: null });
    return this.rounds.get(key);
  }

  start(start) {
    let state;
    try {
      state = newGame(settingsFrom(start.rules), start.seats, start.opener);
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      this.stop(this.gameStep, `seq ${start.seq}: the rules cannot start this game (${error.code})`);
      return;
    }
    if (state.settings.first_opener === "roll_off") {
      this.state = state;
      this.report.add(this.gameStep, true, `seq ${start.seq}: seats ${state.seats.join(", ")} start with ${state.settings.dice_per_player} dice each; the roll-off decides who opens`);
      return;
    }
    const ruleOpener = firstOpener(state.seats, start.previousOpener);
    if (start.opener !== ruleOpener) {
      this.stop(this.gameStep, `seq ${start.seq}: seat ${start.opener} opens game ${start.game}, but the opener rule (RULES.md A1.3) gives seat ${ruleOpener}`);
      return;
    }
    this.state = state;
    this.report.add(this.gameStep, true, `seq ${start.seq}: seats ${state.seats.join(", ")} start with ${state.settings.dice_per_player} dice each; seat ${start.opener} opens, as the opener rule gives`);
  }

  game_opened(seq, p) {
    let same;
    try { same = sameSettings(settingsFrom(p.rules), this.state.settings); } catch (error) { if (!(error instanceof RulesError)) throw error; same = false; }
    if (JSON.stringify(p.seats) !== JSON.stringify(this.state.seats) || !same) {
      this.stop(this.gameStep, `seq ${seq}: the manifest names other seats or rules than the game's start and the table`);
    }
  }

  situation() {
    const state = this.state;
    if (state.phase !== "bidding") return `round ${state.round} is ${state.phase}`;
    const standing = standingBid(state);
    const bid = standing ? `${standing.quantity} × ${standing.face} by seat ${standing.seat}` : "none";
    return `standing bid ${bid}, seat ${state.turn} to act, ${totalDice(state)} dice in play`;
  }

  round_dealt(seq, p, secret) {
    const state = this.state;
    if (state.phase === "over") { this.stop(this.gameStep, `seq ${seq}: round ${p.round} is dealt, but the game is over by the rules: seat ${state.winner} won`); return; }
    if (p.round !== state.round || state.phase !== "rolling") {
      this.stop(this.gameStep, `seq ${seq}: round ${p.round} is dealt while the rules are at round ${state.round} (${state.phase})`);
      return;
    }
    const held = pendingRoll(state);
    const given = Object.fromEntries(Object.entries(p.counts).map(([seat, count]) => [Number(seat), count]));
    if (!sameCounts(given, held)) {
      const out = state.seats.filter((seat) => !(seat in held));
      const detail = out.length ? ` (out: ${out.map((s) => `seat ${s}`).join(", ")})` : "";
      const last = state.result ? `; round ${state.round - 1}: ${this.resultText()}` : "";
      this.stop(this.roundStep, `seq ${seq}: the deal's dice counts (${seatCounts(given)}) differ from the dice the rules hold (${seatCounts(held)})${detail}${last}`);
      return;
    }
    this.blind = secret === null;
    const hands = secret === null ? {} : secret.hands;
    const roll = { type: "roll", hands: state.seats.map((seat) => hands[seat] ?? new Array(held[seat] ?? 0).fill(1)) };
    if (this.applied(seq, roll, "the dealt dice do not fit the dice counts")) {
      this.record();
      const palifico = this.state.palifico ? "; a palifico round: ones are not wild" : "";
      this.report.add(this.roundStep, true, `seq ${seq}: the deal matches the dice the rules hold (${seatCounts(held)})${palifico}`);
    }
  }

  // The last round's call, for a deal that does not follow from it (the Python verifier's words).
  resultText() {
    const r = this.state.result;
    const call = r.call === "spot_on" ? "spot on said" : "called";
    const lost = r.loser === null ? "nobody lost" : `seat ${r.loser} lost`;
    return `${r.quantity} × ${r.face} by seat ${r.bidder} ${call} by seat ${r.caller}, ${r.count} counted, ${lost}`;
  }

  die_changed(seq, p, secret) {
    if (secret === null) return;
    this.applied(seq, { type: "change_die", seat: secret.seat, index: secret.index, value: secret.value }, `die ${secret.index} of seat ${secret.seat} is changed to ${secret.value}`);
  }

  bid(seq, p) {
    if (this.applied(seq, { type: "bid", seat: p.seat, quantity: p.quantity, face: p.face }, `seat ${p.seat} bids ${p.quantity} × ${p.face}`)) {
      this.record().bids.push({ seat: p.seat, quantity: p.quantity, face: p.face, seq });
    }
  }

  liar(seq, p) { this.call(seq, p.seat, "liar", "calls Liar"); }

  spot_on(seq, p) { this.call(seq, p.seat, "spot_on", "says spot on"); }

  call(seq, seat, type, says) {
    if (this.blind) {
      this.stop(this.roundStep, `seq ${seq}: seat ${seat} ${says}, but the round's dice are not in the export (its reveal is missing): the count cannot be re-derived`);
      return;
    }
    const record = this.record();
    if (!this.applied(seq, { type, seat }, `seat ${seat} ${says}`)) return;
    const state = this.state; const r = state.result;
    const words = r.call === "liar" ? "calls Liar on" : "says spot on to";
    let text = `seq ${seq}: seat ${r.caller} ${words} ${r.quantity} × ${r.face} by seat ${r.bidder}: ${r.count} counted, so ${costText(state)}`;
    if (state.phase === "over" && inGame(state).length > 1) text += `; the game has reached its bound of ${ROUND_BOUND} rounds: seat ${state.winner} holds the most dice and wins`;
    else if (state.phase === "over") text += `; seat ${state.winner} wins`;
    this.calling = true;
    record.call = { ...r, seq, out: r.loser !== null && countOf(state, r.loser) === 0, winner: state.winner };
    this.report.add(this.roundStep, true, text);
  }

  draw_revealed(seq, p) { this.draws.set(p.draw, p); }

  roll_off(seq, p) {
    const state = this.state;
    const counter = this.thrown + 1; const throwing = pendingRollOff(state);
    const step = `${this.gameStep} roll-off`;
    if (!throwing.length) { this.stop(step, `seq ${seq}: a roll-off throw is logged, but the rules wait for none (the game is ${state.phase})`); return; }
    if (field(p, "counter") !== counter) { this.stop(step, `seq ${seq}: roll-off throw ${p.counter} is logged where the rules expect throw ${counter}`); return; }
    const dice = field(p, "dice");
    const problem = throwProblem(this.draws.get(field(p, "draw")), this.number, counter, throwing, dice);
    if (problem) { this.stop(step, `seq ${seq}: ${problem}`); return; }
    if (!this.applied(seq, { type: "roll_off", dice: state.seats.map((seat) => dice[String(seat)] ?? []) }, `roll-off throw ${counter}`)) return;
    this.thrown = counter;
    const after = this.state;
    const tied = after.phase === "rolling_off" ? after.rollOff.filter((group) => group.length > 1) : [];
    const outcome = tied.length ? `${tied.map((group) => `seats ${group.join(", ")}`).join(" and ")} are tied and throw again`
      : `the seat order is ${after.seats.join(", ")}: seat ${after.opener} opens`;
    this.throws.push({ game: this.number, counter, draw: p.draw, seq, dice, tied, order: tied.length ? null : [...after.seats] });
    this.report.add(step, true, `seq ${seq}: throw ${counter} (draw ${p.draw}): ${throwText(dice)}; ${outcome}`);
  }

  // A reveal ends a called round; that it shows the hands the rules counted is fairness.js's check.
  round_revealed(seq, p) {
    const state = this.state;
    if (!this.calling || state.result === null) { this.stop(this.roundStep, `seq ${seq}: round ${p.round} is revealed, but nobody called Liar`); return; }
    this.calling = false;
  }

  next_round(seq) {
    this.applied(seq, { type: "next_round" }, "the next round starts");
  }

  penalty_applied(seq, p) {
    if (this.applied(seq, { type: "lose_die", seat: p.seat }, `seat ${p.seat} loses a penalty die`) && this.state.phase === "over") {
      this.report.add(this.gameStep, true, `seq ${seq}: the penalty leaves seat ${this.state.winner} the last player holding dice: seat ${this.state.winner} wins`);
    }
  }

  forfeit(seq, p) {
    this.stopped = true;
    this.report.add(this.gameStep, true, `seq ${seq}: seat ${p.seat} forfeits the round (an arena fault, which the rules do not model): the rest of the game is not re-derived`);
  }
}
