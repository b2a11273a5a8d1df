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
// table's game family (table_created's rules' `game`, Liar's Dice when none) picks the checker of
// its log (games/registry.js `verifier`: checkLog(entries, report) -> {rounds, throws}): a Liar's
// Dice table's games go to games/liars_dice/log_check.js, a poker table's evenings to
// games/poker_bluff/play.js.

import { DEFAULT_FAMILY, FAMILY_NAMES, familyNamed } from "./games/registry.js";
import { field } from "./verify_roll_off.js";

const FAMILY_KEY = "game";

class Report {
  constructor() { this.checks = []; this.summary = []; }
  add(step, ok, message) { this.checks.push({ step, ok, message }); }
  fail(step, message) { this.add(step, false, message); }
}

const familyOf = (rules) => String(rules[FAMILY_KEY] ?? DEFAULT_FAMILY);

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
  const family = familyNamed(name);
  if (family === null) {
    report.fail("table", `seq 1: the table's game family '${name}' has no verifier (known: ${[...FAMILY_NAMES].sort().join(", ")})`);
    return { checks: report.checks, rounds: [], throws: [], summary: [] };
  }
  const { checkLog } = await family.verifier();
  return { ...checkLog(entries, report), checks: report.checks, summary: report.summary };
}

