// The Liar's Dice family's log for the audit (registry.js `verifier`, audit_play.js): the table's
// entries walked in order, each game re-derived with the rules (play.js), the table's rules as
// `table_created` gives them, then each `rules_changed` (only between games); the seats seated; the
// referee's roleplay cheat attempts checked (audit_attempts.js). What the audit page shows comes
// back: the rounds (bids, call) and the roll-off throws the rules accepted.
//
//   checkLog(entries, report)   // -> { rounds, throws }; every check added to `report` (add, fail)

import { Attempts } from "../../audit_attempts.js";
import { field } from "../../verify_roll_off.js";
import { LiarsDiceReplay } from "./play.js";

const FAMILY_KEY = "game"; // where a table's rules name their family (audit_play.js)
const TABLE_KINDS = new Set(["table_created", "referee_named", "seat_taken", "seat_left", "game_started", "rules_changed"]);
const ATTEMPT_KINDS = new Set(["attempt_submitted", "attempt_checked", "attempt_resolved", "draw_committed", "draw_revealed"]);

const familyRules = (rules) => Object.fromEntries(Object.entries(rules).filter(([key]) => key !== FAMILY_KEY));

class Walk {
  constructor(report) {
    Object.assign(this, { report, rules: {}, seated: new Set(), attempts: new Attempts(), game: null, start: null, counts: new Map(), rounds: new Map(), throws: [], lastGame: 0, lastOpener: null });
  }

  feed(e) {
    const kind = e.kind;
    if (TABLE_KINDS.has(kind)) this[kind](e);
    else if (ATTEMPT_KINDS.has(kind)) this.attempts[kind](e);
    if (kind === "round_dealt") {
      this.counts.set(`${e.public.game}/${e.public.round}`, Object.fromEntries(Object.entries(e.public.counts).map(([s, c]) => [Number(s), c])));
    }
    if (kind === "die_changed") this.attempts.die_changed(e, this.counts.get(`${e.public.game}/${e.public.round}`) ?? {});
    if (kind === "penalty_applied" && this.start !== null) this.attempts.penalty_applied(e, this.start.game);
    if (this.game !== null && this.game.KINDS.has(kind) && this.ofThisGame(e)) this.game.feed(e);
  }

  ofThisGame(e) {
    const game = e.public.game;
    if (game === undefined || game === null || this.start === null || game === this.start.game) return true;
    this.report.fail(`game ${game}`, `seq ${e.seq}: a ${e.kind} entry for game ${game} while game ${this.start.game} is being played`);
    return false;
  }

  table_created(e) { this.rules = e.public.rules; }

  referee_named(e) { this.attempts.referee_named(e.public); }

  seat_taken(e) { this.seated.add(e.public.seat); }

  seat_left(e) { this.seated.delete(e.public.seat); }

  game_started(e) {
    const p = e.public; const seq = e.seq;
    if (this.game !== null) this.game.close(seq);
    this.game = null; this.start = null;
    const step = `game ${p.game}`;
    const expected = this.lastGame + 1; const previousOpener = this.lastOpener;
    this.lastGame = p.game;
    if (field(p, "opener") !== null) this.lastOpener = p.opener; // a roll-off game leaves the rotation where it was
    const seats = [...this.seated].sort((a, b) => a - b);
    if (p.game !== expected) this.report.fail(step, `seq ${seq}: game ${p.game} starts after game ${expected - 1}`);
    else if (JSON.stringify(p.seats) !== JSON.stringify(seats)) {
      this.report.fail(step, `seq ${seq}: the game starts with seats ${p.seats.join(", ")}, but the seated players are ${seats.join(", ") || "none"}`);
    }
    this.start = { game: p.game, seats: [...p.seats], opener: p.opener, seq, rules: familyRules(this.rules), previousOpener };
    this.game = new LiarsDiceReplay(this.start, this.report, this.rounds, this.throws);
  }

  rules_changed(e) {
    const p = e.public; const seq = e.seq;
    if (this.game !== null && !this.game.over && this.start !== null) {
      this.report.fail(`game ${this.start.game}`, `seq ${seq}: the rules change while game ${this.start.game} is being played`);
      return;
    }
    const rules = field(p, "rules");
    if (rules === null || typeof rules !== "object" || Array.isArray(rules)) throw new TypeError("the rules are not a mapping");
    this.rules = { ...(Object.hasOwn(this.rules, FAMILY_KEY) ? { [FAMILY_KEY]: this.rules[FAMILY_KEY] } : {}), ...rules };
    const by = field(p, "by") === "referee" ? "the referee" : `the host (seat ${p.by})`;
    this.report.add("table", true, `seq ${seq}: ${by} changes the rules between games; the next game plays them`);
  }

  finish() {
    if (this.game !== null) this.game.close(null);
    this.attempts.check(this.report);
  }
}

// A Liar's Dice table's log: every game re-derived, and the rounds and roll-off throws the page shows.
export function checkLog(entries, report) {
  const walk = new Walk(report);
  for (const e of entries) {
    try {
      walk.feed(e);
    } catch {
      report.fail(`seq ${e.seq}`, `malformed ${e.kind} entry: the games are not re-derived further`);
      return { rounds: [...walk.rounds.values()], throws: walk.throws };
    }
  }
  walk.finish();
  return { rounds: [...walk.rounds.values()], throws: walk.throws };
}
