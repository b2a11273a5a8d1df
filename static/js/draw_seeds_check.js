// The seeds a draw mixes (games whose manifest says "draw_key": 2), checked in the browser exactly as
// referee/fairness/verify_draw_seeds.py does (same checks, same messages; docs/fairness.md section 6):
// each draw_seed entry is for the next draw, from a person of seed_seats, once; the commitment's
// seeds are exactly the logged ones; at the reveal, seeds_missing names exactly the people the draw
// concerns who gave none (a plain note each), and a draw no person seeded says so loudly.
// Values are plain JSON (fairness.js turns its exact numbers into numbers before calling).

import { pyList, seatsOf } from './fair_crypto.js';
import { SealedSeeds } from './check_seeds_check.js';
import { checkUsedSeeds, purposeProblem } from './fair_inputs.js';

const SEEDED_DRAW_KEY = 2;
const REASONS = ['not_connected', 'late'];
const DRAW_MISSING_WORDS = {
  not_connected: 'their browser was not connected when the draw was made',
  late: 'their seed had not arrived when the wait for seeds ran out',
};
const ALONE = { poker_roll: 'this cup', roll_off: 'this roll-off throw', poker_starter: 'this starter draw', bracket: 'this bracket draw' };
const INPUTS = ['seeds', 'seeds_missing', 'seeds_digest'];

function rollOffSeats(items) {
  const seats = [];
  for (const item of items) {
    const label = item && typeof item === 'object' ? item.label : undefined;
    const number = typeof label === 'string' && label.startsWith('seat ') ? label.slice(5) : '';
    if (!/^\d+$/.test(number) || String(Number(number)) !== number) return [];
    if (!seats.includes(Number(number))) seats.push(Number(number));
  }
  return pyList(seats) === pyList([...seats].sort((a, b) => a - b)) ? seats : [];
}

/** The people whose seeds a draw of `request` takes (a poker-dice roll or a match's starter draw: every person; a roll-off throw: those throwing). */
export function concernedSeats(request, people) {
  const kind = request.purpose.kind;
  if (kind === 'poker_roll' || kind === 'poker_starter' || kind === 'bracket') return [...people];
  if (kind === 'roll_off') { const throwing = rollOffSeats(request.items); return people.filter((seat) => throwing.includes(seat)); }
  return [];
}

/** The loud words for a draw no person seeded. */
export function aloneWords(kind, missing) {
  const reasons = new Set(Object.values(missing));
  const why = reasons.size === 1 && reasons.has('not_connected') ? 'nobody was connected' : 'no seed arrived in time';
  return `${ALONE[kind] ?? 'this draw'} was rolled by the server alone: ${why}`;
}

/** One game's logged draw seeds, checked against each draw commitment and reveal of the game. */
export class DrawSeedLedger {
  constructor(manifest) {
    this.game = manifest.game; this.seeded = manifest.draw_key === SEEDED_DRAW_KEY;
    this.people = manifest.seed_seats || []; this.pending = new Map();
    this.sealed = new SealedSeeds(manifest); // the sealed seeds of the game's check rolls and target dice
  }

  contributed(seq, p, nextDraw, report, secret = null) {
    if (!('seat' in p)) { this.sealed.contributed(seq, p, secret, nextDraw, report); return; }
    const step = `game ${this.game} draw ${p.draw}`;
    if (!this.seeded) report.fail(step, `seq ${seq}: a draw seed is logged in a game whose draws take no seeds`);
    else if (p.draw !== nextDraw) report.fail(step, `seq ${seq}: a seed of seat ${p.seat} for draw ${p.draw} is logged while draw ${nextDraw} is the next to be committed`);
    else if (!this.people.includes(p.seat)) report.fail(step, `seq ${seq}: a draw seed is logged for seat ${p.seat}, which may give none (people: ${pyList(this.people)})`);
    else if (this.pending.has(p.seat)) report.fail(step, `seq ${seq}: seat ${p.seat} contributes a second seed for draw ${p.draw} (first at seq ${this.pending.get(p.seat)[0]})`);
    else this.pending.set(p.seat, [seq, p.seed]);
  }

  committed(step, p, digestOf, report) {
    const pending = this.pending; this.pending = new Map();
    if (this.sealed.committed(step, p, [...pending.keys()].sort((a, b) => a - b), report) || !this.seeded) return;
    if (INPUTS.some((name) => !(name in p))) {
      report.fail(step, `the draw commitment lacks its seeds (seeds, seeds_missing, seeds_digest), which game ${this.game}'s manifest requires`);
      return;
    }
    const seeds = p.seeds; const missing = p.seeds_missing;
    if (digestOf !== p.seeds_digest) report.fail(step, "the draw's seeds digest does not match its seeds");
    checkUsedSeeds(step, 'draw', seeds, pending, this.people, report, 'for this draw before its commitment');
    for (const seat of seatsOf(missing)) {
      if (!REASONS.includes(missing[String(seat)])) report.fail(step, `the seed of seat ${seat} is missing for an unknown reason '${missing[String(seat)]}'`);
    }
    if (seatsOf(seeds).length) report.add(step, true, `the seeds of seats ${seatsOf(seeds).join(', ')} went into the draw`);
  }

  revealed(step, committed, request, report) {
    if (!this.seeded || INPUTS.some((name) => !(name in committed)) || purposeProblem(request.purpose) !== null) return;
    const seeds = committed.seeds; const missing = committed.seeds_missing;
    const due = concernedSeats(request, this.people);
    for (const seat of seatsOf(seeds)) {
      if (this.people.includes(seat) && !due.includes(seat)) report.fail(step, `the draw uses a seed for seat ${seat}, whom it does not concern`);
    }
    const absent = due.filter((seat) => !(String(seat) in seeds));
    if (pyList(seatsOf(missing)) !== pyList(absent)) {
      report.fail(step, `the draw lacks the seeds of seats ${pyList(absent)} but names ${pyList(seatsOf(missing))} as missing`);
      return;
    }
    for (const seat of absent) {
      const reason = missing[String(seat)];
      if (reason in DRAW_MISSING_WORDS) report.add(step, true, `note: no seed from seat ${seat} (${reason}): ${DRAW_MISSING_WORDS[reason]}`);
    }
    if (due.length && !seatsOf(seeds).length) report.add(step, true, `note: ${aloneWords(request.purpose.kind, missing)}`);
  }
}
