// The game half of the browser's verifier: every game of an audit export re-derived with the
// rules, check for check and message for message as referee/fairness/verify_play.py (so the
// audit page and `referee verify` agree). The table's rules are those of `table_created`, then of
// each `rules_changed` (only between games). verifyPlay(textOrObject) resolves to
//   {checks: [{step, ok, message}],
//    rounds: [{game, round, palifico, bids: [{seat, quantity, face, seq}],
//              call: {call, caller, bidder, quantity, face, count, loser, diceLost, diceGained, out,
//                     winner, seq} | null}],
//    throws: [{game, counter, draw, seq, dice: {"<seat>": [a, b]}, tied: [[seat, …], …], order: [seat, …] | null}]}
// (`call` is "liar" or "spot_on"; `loser` is null after a right spot on; `throws` are the
// roll-off throws the rules accepted), and `summary`: one line per game of a poker evening. The
// table's game family (table_created's rules' `game`, Liar's Dice when none) picks the player of
// its log (PLAYERS): a poker table's evenings go to play_poker_bluff.js.

import { Attempts } from "./audit_attempts.js";
import { LiarsDiceReplay } from "./play_liars_dice.js";
import { checkPokerBluff } from "./play_poker_bluff.js";
import { field } from "./verify_roll_off.js";

export const FAMILY_KEY = "game";
export const DEFAULT_FAMILY = "liars_dice";

const TABLE_KINDS = new Set(["table_created", "referee_named", "seat_taken", "seat_left", "game_started", "rules_changed"]);
const ATTEMPT_KINDS = new Set(["attempt_submitted", "attempt_checked", "attempt_resolved", "draw_committed", "draw_revealed"]);

class Report {
  constructor() { this.checks = []; this.summary = []; }
  add(step, ok, message) { this.checks.push({ step, ok, message }); }
  fail(step, message) { this.add(step, false, message); }
}

export const familyOf = (rules) => String(rules[FAMILY_KEY] ?? DEFAULT_FAMILY);
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

function shapeOk(x) {
  return x && typeof x === "object" && x.format === "tavern-jack-audit/1" && typeof x.server_key === "string" && /^[0-9a-f]{64}$/.test(x.server_key)
    && Array.isArray(x.entries) && x.head && typeof x.head === "object"
    && x.entries.every((e) => e && ["seq", "kind", "at", "public", "secret", "secret_digest", "prev_hash", "hash"].every((n) => n in e));
}

/** The game checks of an audit export (its JSON text or the parsed object); none for an export of another shape. */
export async function verifyPlay(textOrObject) {
  const report = new Report();
  let x = textOrObject;
  if (typeof x === "string") {
    try { x = JSON.parse(x); } catch { return { checks: [], rounds: [], throws: [], summary: [] }; }
  }
  if (!shapeOk(x)) return { checks: [], rounds: [], throws: [], summary: [] };
  const entries = x.entries;
  if (!entries.length || entries[0].kind !== "table_created") {
    if (entries.length && entries[0].seq !== 1) report.add("table", true, `the export starts at seq ${entries[0].seq}, after the table's creation: the games are not re-derived`);
    return { checks: report.checks, rounds: [], throws: [], summary: [] };
  }
  let name;
  try { name = familyOf(field(entries[0].public, "rules")); } catch {
    report.fail("seq 1", "malformed table_created entry: the games are not re-derived further");
    return { checks: report.checks, rounds: [], throws: [], summary: [] };
  }
  if (!Object.hasOwn(PLAYERS, name)) {
    report.fail("table", `seq 1: the table's game family '${name}' has no verifier (known: ${Object.keys(PLAYERS).sort().join(", ")})`);
    return { checks: report.checks, rounds: [], throws: [], summary: [] };
  }
  return { ...PLAYERS[name](entries, report), checks: report.checks, summary: report.summary };
}

// A Liar's Dice table's log: every game re-derived, and the rounds and roll-off throws the page shows.
function checkLiarsDice(entries, report) {
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

function checkPoker(entries, report) {
  checkPokerBluff(entries, report);
  return { rounds: [], throws: [] };
}

/** The player of each game family's log, by the name a table's rules give (`game`). */
export const PLAYERS = { liars_dice: checkLiarsDice, poker_bluff: checkPoker };
