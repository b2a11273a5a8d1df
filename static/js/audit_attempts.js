// The browser's checks of roleplay cheating, check for check and message for message as
// referee/fairness/verify_attempts.py: every die change and every penalty die must come from an
// attempt that allows it (its check re-read from the revealed draw, its kind, its round).

const isInt = Number.isInteger;

export class Attempts {
  constructor() {
    Object.assign(this, { cheating: false, checkDie: 20, attempts: new Map(), draws: new Map(), changes: [], penalties: [] });
  }

  referee_named(p) {
    const settings = p.settings || {};
    this.cheating = settings.cheating === true;
    this.checkDie = settings.check_die ?? 20;
  }

  attempt_submitted(e) {
    const p = e.public;
    this.attempts.set(p.attempt, { number: p.attempt, game: p.game, round: p.round, request: e.secret ?? null, checkDraw: null, checkSeq: 0, check: null, resolution: null });
  }

  attempt_checked(e) {
    const a = this.attempts.get(e.public.attempt);
    if (a) Object.assign(a, { checkDraw: e.public.draw, checkSeq: e.seq, check: e.secret ?? null });
  }

  attempt_resolved(e) {
    const a = this.attempts.get(e.public.attempt);
    if (a) a.resolution = e.secret ?? null;
  }

  draw_committed(e) { this.draws.set(`${e.public.game}/${e.public.draw}`, { number: e.public.draw, game: e.public.game, seq: e.seq, revealed: null }); }

  draw_revealed(e) {
    const draw = this.draws.get(`${e.public.game}/${e.public.draw}`);
    if (draw) draw.revealed = e.public;
  }

  die_changed(e, counts) { if (e.secret !== null && e.secret !== undefined) this.changes.push([e, counts]); }

  penalty_applied(e, game) { this.penalties.push([e, game]); }

  check(report) {
    const uses = new Map();
    for (const [e, counts] of this.changes) {
      const c = e.secret;
      const where = `seq ${e.seq}: the die change (die ${c.index} of seat ${c.seat} to ${c.value})`;
      const [ok, message] = this.change(e, counts, uses, where);
      report.add(`game ${e.public.game} round ${e.public.round}`, ok, message);
    }
    for (const [e, game] of this.penalties) {
      const [ok, message] = this.penalty(e, game, uses, `seq ${e.seq}: the penalty die of seat ${e.public.seat}`);
      report.add(`game ${game}`, ok, message);
    }
  }

  change(e, counts, uses, where) {
    const p = e.public; const c = e.secret;
    if (!this.cheating) return [false, `${where} is at a table without roleplay cheating: no die may change`];
    const number = c.attempt;
    if (!isInt(number)) return [false, `${where} names no attempt`];
    const a = this.attempts.get(number);
    if (!a || a.game !== p.game) return [false, `${where} names attempt ${number}, which was not made in game ${p.game}`];
    if (a.request === null) return [true, `${where} names attempt ${number}, whose details are published when the game ends: not checked yet`];
    let problem = this.checkProblem(a, true);
    if (problem === null && (a.resolution || {}).outcome !== "success") problem = `attempt ${number} did not succeed`;
    if (problem === null) problem = this.kindProblem(a, e, counts, uses);
    if (problem !== null) return [false, `${where}: ${problem}`];
    const k = a.check;
    return [true, `${where} follows attempt ${number} (${a.request.kind} by seat ${a.request.seat}), whose check succeeded: ${k.roll} + ${k.modifier} = ${k.total} ≥ ${k.difficulty}`];
  }

  penalty(e, game, uses, where) {
    const p = e.public; const number = p.attempt;
    const a = this.attempts.get(number);
    if (!a || a.game !== game) return [false, `${where} names attempt ${number}, which was not made in game ${game}`];
    if (a.request === null) return [true, `${where} names attempt ${number}, whose details are published when the game ends: not checked yet`];
    let problem = this.checkProblem(a, false);
    const resolution = a.resolution || {};
    if (problem === null && a.request.seat !== p.seat) problem = `attempt ${number} was made by seat ${a.request.seat}`;
    if (problem === null && (resolution.outcome !== "failure" || resolution.consequence !== "penalty")) problem = `attempt ${number} did not end in a penalty`;
    if (problem === null && used(uses, number, 0) > 1) problem = `attempt ${number} costs one die only`;
    if (problem !== null) return [false, `${where}: ${problem}`];
    const k = a.check;
    return [true, `${where} follows attempt ${number}, whose check failed (${k.roll} + ${k.modifier} = ${k.total} < ${k.difficulty}) and whose consequence is a penalty`];
  }

  checkProblem(a, success) {
    const number = a.number; const k = a.check;
    if (k === null || a.checkDraw === null) return `attempt ${number} was never checked`;
    if (k.total !== k.roll + k.modifier || k.success !== (k.total >= k.difficulty)) {
      return `the check of attempt ${number} does not add up: ${k.roll} + ${k.modifier} = ${k.total} against ${k.difficulty} is marked ${k.success ? "a success" : "a failure"}`;
    }
    if (k.sides !== this.checkDie) return `the check of attempt ${number} rolls a d${k.sides}, but the table's check die is a d${this.checkDie}`;
    const draw = this.draws.get(`${a.game}/${a.checkDraw}`);
    if (k.draw !== a.checkDraw || !draw || draw.revealed === null) return `the check draw ${a.checkDraw} of attempt ${number} is not revealed`;
    const result = draw.revealed.results[0];
    if (result.value !== k.roll || result.sides !== k.sides) {
      return `the check of attempt ${number} says it rolled ${k.roll} on a d${k.sides}, but draw ${a.checkDraw} revealed ${result.value} on a d${result.sides}`;
    }
    if (k.success !== success) {
      const verdict = success ? `failed: ${k.roll} + ${k.modifier} = ${k.total} < ${k.difficulty}` : `succeeded: ${k.roll} + ${k.modifier} = ${k.total} ≥ ${k.difficulty}`;
      return `the check of attempt ${number} ${verdict}`;
    }
    return null;
  }

  kindProblem(a, e, counts, uses) {
    const r = a.request; const c = e.secret; const round = e.public.round; const number = a.number;
    const asked = (seat, index, value) => c.seat === seat && c.index === index && c.value === value;
    if (r.kind === "telekinesis") {
      if (!asked(r.seat, r.die, r.value)) return `attempt ${number} is telekinesis on die ${r.die} of seat ${r.seat} to ${r.value}`;
      return sameRound(a, round) ?? once(uses, number, 0, "changes one die once");
    }
    if (r.kind === "knock") {
      if (c.seat !== r.target || c.value !== r.value) return `attempt ${number} is a knock on seat ${r.target} to ${r.value}`;
      return sameRound(a, round) ?? this.knockedDie(a, e, counts) ?? once(uses, number, 0, "changes one die once");
    }
    if (r.kind === "loaded_die") {
      if (!asked(r.seat, 0, 6)) return `attempt ${number} loads die 0 of seat ${r.seat} to six`;
      if (round <= a.round) return `a die loaded by attempt ${number} shows six from round ${a.round + 1} on`;
      return once(uses, number, round, "loads one die a round");
    }
    if (r.kind === "other") return sameRound(a, round) ?? once(uses, number, 0, "changes one die once");
    return `an attempt of kind ${r.kind} changes no die`;
  }

  knockedDie(a, e, counts) {
    const number = a.number; const target = a.request.target;
    const picks = [...this.draws.values()].filter((d) => d.game === a.game && a.checkSeq < d.seq && d.seq < e.seq);
    if (!picks.length) return `no draw picks the die of seat ${target} for attempt ${number}`;
    const draw = picks.reduce((best, d) => (d.seq > best.seq ? d : best));
    if (draw.revealed === null) return `draw ${draw.number}, which picks the die for attempt ${number}, is not revealed`;
    const result = draw.revealed.results[0];
    if (result.sides !== counts[target]) return `draw ${draw.number} picks among ${result.sides} dice, but seat ${target} holds ${counts[target] ?? 0}`;
    if (result.value - 1 !== e.secret.index) return `draw ${draw.number} picked die ${result.value - 1} of seat ${target}, not die ${e.secret.index}`;
    return null;
  }
}

function sameRound(a, round) {
  return round === a.round ? null : `attempt ${a.number} was made in round ${a.round}`;
}

function used(uses, number, round) {
  const key = `${number}/${round}`;
  uses.set(key, (uses.get(key) ?? 0) + 1);
  return uses.get(key);
}

function once(uses, number, round, what) {
  return used(uses, number, round) === 1 ? null : `attempt ${number} ${what}`;
}
