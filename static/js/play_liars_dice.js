// The Liar's Dice family of the browser's game verifier: one game re-derived with the rules
// (liars_dice_rules.js), check for check and message for message as
// referee/fairness/play_liars_dice.py. It also keeps what the audit page shows per round:
// the bids and the call (count, loser).

import { apply, countOf, firstOpener, newGame, pendingRoll, RulesError, sameSettings, settingsFrom, standingBid, totalDice } from "./liars_dice_rules.js";

export function seatCounts(counts) {
  const seats = Object.keys(counts).map(Number).sort((a, b) => a - b);
  return seats.map((seat) => `seat ${seat}: ${counts[seat]}`).join(", ") || "none";
}

const sameCounts = (a, b) => {
  const keys = (x) => Object.keys(x).map(Number).sort((p, q) => p - q);
  return JSON.stringify(keys(a)) === JSON.stringify(keys(b)) && keys(a).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
};

export class LiarsDiceReplay {
  static KINDS = new Set(["game_opened", "round_dealt", "die_changed", "bid", "liar", "round_revealed", "next_round",
    "penalty_applied", "game_settled", "forfeit"]);

  get KINDS() { return LiarsDiceReplay.KINDS; }

  // start: {game, seats, opener, seq, rules, previousOpener}; rounds: the audit page's per-round record.
  constructor(start, report, rounds) {
    Object.assign(this, { report, rounds, number: start.game, stopped: false, blind: false, calling: false, lastSeq: start.seq, state: null });
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

  get gameStep() { return `game ${this.number}`; }

  get roundStep() { return `game ${this.number} round ${this.state ? this.state.round : 0}`; }

  stop(step, message) { this.report.fail(step, message); this.stopped = true; }

  record() {
    const key = `${this.number}/${this.state.round}`;
    if (!this.rounds.has(key)) this.rounds.set(key, { game: this.number, round: this.state.round, bids: [], call: null });
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

  applied(seq, action, doing) {
    try {
      this.state = apply(this.state, action);
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      this.stop(this.roundStep, `seq ${seq}: ${doing}, which the rules refuse (${error.code}; ${this.situation()})`);
      return false;
    }
    return true;
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
      this.report.add(this.roundStep, true, `seq ${seq}: the deal matches the dice the rules hold (${seatCounts(held)})`);
    }
  }

  resultText() {
    const r = this.state.result;
    return `${r.quantity} × ${r.face} by seat ${r.bidder} called by seat ${r.caller}, ${r.count} counted, seat ${r.loser} lost`;
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

  liar(seq, p) {
    if (this.blind) {
      this.stop(this.roundStep, `seq ${seq}: seat ${p.seat} calls Liar, but the round's dice are not in the export (its reveal is missing): the count cannot be re-derived`);
      return;
    }
    const record = this.record();
    if (!this.applied(seq, { type: "liar", seat: p.seat }, `seat ${p.seat} calls Liar`)) return;
    const state = this.state; const r = state.result;
    let text = `seq ${seq}: seat ${r.caller} calls Liar on ${r.quantity} × ${r.face} by seat ${r.bidder}: ${r.count} counted, so seat ${r.loser} loses ${r.diceLost} ${r.diceLost === 1 ? "die" : "dice"}`;
    const out = countOf(state, r.loser) === 0;
    if (out) text += " and is out";
    if (state.phase === "over") text += `; seat ${state.winner} wins`;
    this.calling = true;
    record.call = { ...r, seq, out, winner: state.winner };
    this.report.add(this.roundStep, true, text);
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

  game_settled(seq, p) {
    const state = this.state;
    if (state.phase !== "over") this.stop(this.gameStep, `seq ${seq}: game_settled names seat ${p.winner} the winner, but the game is not over by the rules`);
    else if (p.winner !== state.winner) this.stop(this.gameStep, `seq ${seq}: game_settled names seat ${p.winner} the winner, but by the rules seat ${state.winner} won`);
    else this.report.add(this.gameStep, true, `seq ${seq}: game_settled names seat ${state.winner} the winner, as the rules do`);
  }

  forfeit(seq, p) {
    this.stopped = true;
    this.report.add(this.gameStep, true, `seq ${seq}: seat ${p.seat} forfeits the round (an arena fault, which the rules do not model): the rest of the game is not re-derived`);
  }
}
