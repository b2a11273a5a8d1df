// What goes into the dice, checked in the browser exactly as referee/fairness/verify_inputs.py
// and purposes.py do (same checks, same messages; docs/fairness.md, "What the verifier checks"):
//   * SeedLedger: a deal uses exactly the seeds the log shows contributed for that round, only
//     from the people the manifest names (seed_seats; bots never), and names every other
//     person's missing seed with its reason (a plain note);
//   * DrawLedger: a draw's purpose is {kind, ref, counter} from the enumeration, drawn once per
//     reference (a retry fails), serving an attempt logged in the game, with its kind's items;
//   * checkOwnSeed: the seed this browser sent is the one the signed commitment holds for its seat.
// Values are plain JSON (fairness.js turns its exact numbers into numbers before calling).

import { pyList, seatsOf } from './fair_crypto.js';

export const SEED_MISSING_REASONS = ['not_connected', 'late'];
const MISSING_WORDS = {
  not_connected: 'their browser was not connected when the round was dealt',
  late: 'their seed had not arrived when the wait for seeds ran out',
};
const ATTEMPT_CHECK = 'attempt_check';
const ATTEMPT_TARGET_DIE = 'attempt_target_die';
const ROLL_OFF = 'roll_off';
const POKER_ROLL = 'poker_roll';
const POKER_STARTER = 'poker_starter';
const BRACKET = 'bracket';
const DRAWS_PER_REFERENCE = { [ATTEMPT_CHECK]: 1, [ATTEMPT_TARGET_DIE]: 1, [ROLL_OFF]: null, [POKER_ROLL]: null, [POKER_STARTER]: 1, [BRACKET]: 1 };
const GAME_KINDS = [ROLL_OFF, POKER_ROLL, POKER_STARTER, BRACKET]; // the kinds whose reference is a game number
const STARTER_SIDES = 2;
const MAX_ENTRANTS = 64;
const POKER_CUP = 5;
const CHECK_DICE = [20, 100];
const MAX_DICE = 10;

const positive = (v) => Number.isInteger(v) && v >= 1;

function sortedJSON(value) {
  if (Array.isArray(value)) return `[${value.map(sortedJSON).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${sortedJSON(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function short(value) {
  const text = sortedJSON(value);
  return text.length <= 120 ? text : `${text.slice(0, 117)}...`;
}

/** A purpose in words: "attempt_check of attempt 4", "roll_off of game 1 (roll 2)". */
export function describePurpose(value) {
  if (!value || typeof value !== 'object' || !(value.kind in DRAWS_PER_REFERENCE)) return String(value?.kind ?? value);
  const of = GAME_KINDS.includes(value.kind) ? 'game' : 'attempt';
  const roll = DRAWS_PER_REFERENCE[value.kind] === null ? ` (roll ${value.counter})` : '';
  return `${value.kind} of ${of} ${value.ref}${roll}`;
}

export function purposeProblem(value) {
  const keys = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).sort() : null;
  if (!keys || keys.join(',') !== 'counter,kind,ref') return `a draw purpose is exactly {kind, ref, counter}, got ${short(value)}`;
  if (!Object.hasOwn(DRAWS_PER_REFERENCE, value.kind)) return `a draw's kind is one of ${Object.keys(DRAWS_PER_REFERENCE).join(', ')}, not ${short(value.kind)}`;
  if (!positive(value.ref) || !positive(value.counter)) return `a draw purpose needs a positive integer ref and counter, got ${short(value)}`;
  const limit = DRAWS_PER_REFERENCE[value.kind];
  if (limit !== null && value.counter > limit) return `${describePurpose(value)} is drawn ${limit} time(s) at most: counter ${value.counter} is a retry`;
  return null;
}

function seatOfLabel(label, prefix) {
  if (typeof label !== 'string' || !label.startsWith(prefix)) return null;
  const number = label.slice(prefix.length);
  return /^(0|[1-9]\d*)$/.test(number) ? Number(number) : null;
}

/** The two seats, ascending, a poker_starter item names ("seat 0 or 2" -> [0, 2]), or null. */
export function starterPair(item) {
  const label = item && typeof item === 'object' ? item.label : undefined;
  const found = typeof label === 'string' ? /^seat (0|[1-9][0-9]*) or (0|[1-9][0-9]*)$/.exec(label) : null;
  if (found === null) return null;
  const low = Number(found[1]); const high = Number(found[2]);
  return low < high ? [low, high] : null;
}

/** The items of the bracket draw of `count` entrants: [["place 1 of 3", 3], ["place 2 of 3", 2]] (purposes.bracket_items). */
export function bracketItems(count) {
  return Array.from({ length: count - 1 }, (_, k) => [`place ${k + 1} of ${count}`, count - k]);
}

/** The bracket order a bracket draw's `values` give `entrants`: each value picks, 1 for the lowest, one of the
 * seats not placed yet; the last seat left takes the last place (purposes.bracket_order). */
export function bracketOrder(entrants, values) {
  const left = [...entrants].sort((a, b) => a - b);
  const order = values.map((value) => left.splice(value - 1, 1)[0]);
  return [...order, ...left];
}

function rollOffSeats(items) {
  const seats = [];
  for (const item of items) {
    const seat = seatOfLabel(item?.label, 'seat ');
    if (seat === null) return [];
    if (!seats.includes(seat)) seats.push(seat);
  }
  return seats.every((s, i) => i === 0 || seats[i - 1] < s) ? seats : [];
}

function itemsProblem(value, items) {
  const shape = items.map((item) => (item && typeof item === 'object' ? [item.label, item.sides] : null));
  const is = (pair, label, sides) => pair !== null && pair[0] === label && pair[1] === sides;
  let fits;
  let expected;
  if (value.kind === ATTEMPT_CHECK) {
    fits = shape.length === 1 && CHECK_DICE.some((sides) => is(shape[0], `d${sides}`, sides));
    expected = 'one ("d20", 20) or ("d100", 100)';
  } else if (value.kind === ATTEMPT_TARGET_DIE) {
    fits = shape.length === 1 && seatOfLabel(items[0]?.label, 'die of seat ') !== null && positive(shape[0]?.[1]) && shape[0][1] <= MAX_DICE;
    expected = `one ("die of seat S", 1..${MAX_DICE})`;
  } else if (value.kind === POKER_ROLL) {
    fits = shape.length >= 1 && shape.length <= POKER_CUP && shape.every((pair) => is(pair, 'die', 6));
    expected = `("die", 6) 1 to ${POKER_CUP} times`;
  } else if (value.kind === POKER_STARTER) {
    fits = shape.length === 1 && starterPair(items[0]) !== null && shape[0][1] === STARTER_SIDES;
    expected = `one ("seat A or B", ${STARTER_SIDES}), seats A < B`;
  } else if (value.kind === BRACKET) {
    const count = shape.length + 1;
    fits = count >= 3 && count <= MAX_ENTRANTS && bracketItems(count).every(([l, n], i) => is(shape[i], l, n));
    expected = `("place k of N", N - k + 1) for k = 1 .. N - 1, 3 <= N <= ${MAX_ENTRANTS}`;
  } else {
    const seats = rollOffSeats(items);
    const wanted = seats.flatMap((s) => [[`seat ${s}`, 6], [`seat ${s}`, 6]]);
    fits = seats.length > 0 && shape.length === wanted.length && wanted.every(([l, n], i) => is(shape[i], l, n));
    expected = '("seat S", 6) 2 times per seat, seats ascending';
  }
  return fits ? null : `${describePurpose(value)} draws ${expected}, not ${short(items)}`;
}

/** The one check of the seeds a deal or a draw (`what`) uses against those logged for it (`pending`: seat ->
 * [seq, seed]), as verify_inputs.check_used_seeds: a person's, of a seat holding dice (`holding`, a deal),
 * logged before it, the very one logged; each logged seed used. */
export function checkUsedSeeds(step, what, seeds, pending, people, report, neverLogged, holding = null) {
  for (const seat of seatsOf(seeds)) {
    const logged = pending.get(seat);
    if (!people.includes(seat)) report.fail(step, `the ${what} uses a seed for seat ${seat}, which may give none (people: ${pyList(people)}): a seed the server chose`);
    else if (holding !== null && !holding.has(seat)) report.fail(step, `the ${what} uses a seed for seat ${seat}, which holds no dice in this round`);
    else if (logged === undefined) report.fail(step, `the ${what} uses a seed for seat ${seat} that was never logged ${neverLogged}`);
    else if (logged[1] !== seeds[String(seat)]) report.fail(step, `the ${what} uses another seed for seat ${seat} than the one it contributed at seq ${logged[0]}`);
  }
  for (const seat of [...pending.keys()].sort((a, b) => a - b)) {
    if (!(String(seat) in seeds)) report.fail(step, `the seed seat ${seat} contributed at seq ${pending.get(seat)[0]} is not in the ${what}`);
  }
}

/** One game's logged seeds, checked against each deal of the game. */
export class SeedLedger {
  constructor(manifest) { this.game = manifest.game; this.people = manifest.seed_seats ?? null; this.pending = new Map(); }

  contributed(seq, p, awaited, report) {
    const step = `game ${this.game} round ${p.round}`;
    if (awaited === null || p.round !== awaited) {
      const waiting = awaited ? `round ${awaited} is waiting for seeds` : 'no round is waiting for seeds';
      report.fail(step, `seq ${seq}: a seed of seat ${p.seat} for round ${p.round} is logged while ${waiting}`);
    } else if (this.people !== null && !this.people.includes(p.seat)) {
      report.fail(step, `seq ${seq}: a seed is logged for seat ${p.seat}, which may give none (people: ${pyList(this.people)})`);
    } else if (this.pending.has(p.seat)) {
      report.fail(step, `seq ${seq}: seat ${p.seat} contributes a second seed for round ${p.round} (first at seq ${this.pending.get(p.seat)[0]})`);
    } else this.pending.set(p.seat, [seq, p.seed]);
  }

  dealt(step, p, report) {
    const pending = this.pending; this.pending = new Map();
    if (this.people === null) { report.fail(step, 'the manifest does not name the seats that may give seeds (seed_seats)'); return; }
    const seeds = p.seeds; const missing = p.seeds_missing;
    const inRound = new Set(seatsOf(p.counts));
    checkUsedSeeds(step, 'deal', seeds, pending, this.people, report, 'as contributed for this round before the deal', inRound);
    const absent = this.people.filter((seat) => inRound.has(seat) && !(String(seat) in seeds));
    if (pyList(seatsOf(missing)) !== pyList(absent)) report.fail(step, `the deal lacks the seeds of seats ${pyList(absent)} but names ${pyList(seatsOf(missing))} as missing`);
    for (const seat of seatsOf(missing)) {
      const reason = missing[String(seat)];
      if (!SEED_MISSING_REASONS.includes(reason)) report.fail(step, `the seed of seat ${seat} is missing for an unknown reason '${reason}'`);
      else if (absent.includes(seat)) report.add(step, true, `note: no seed from seat ${seat} (${reason}): ${MISSING_WORDS[reason]}`);
    }
    if (absent.length && !Object.keys(seeds).length && pyList(seatsOf(missing)) === pyList(absent)) {
      report.add(step, true, `note: ${dealAloneWords(missing)}`);
    }
  }
}

/** The loud words for a round no person's seed went into (verify_inputs.deal_alone_words). */
export function dealAloneWords(missing) {
  const nobody = Object.values(missing).every((reason) => reason === 'not_connected');
  return `this round's dice were dealt by the server alone: ${nobody ? 'nobody was connected' : 'no seed arrived in time'}`;
}

/** One game's draw purposes and the attempts they may serve. */
export class DrawLedger {
  constructor(game) { this.game = game; this.attempts = new Set(); this.drawn = new Map(); }

  attempt(p) { this.attempts.add(p.attempt); }

  committed(step, p, dealtRounds, report) {
    const value = p.purpose;
    const problem = purposeProblem(value);
    if (problem) { report.fail(step, `the purpose is not from the enumeration: ${problem}`); return; }
    const words = describePurpose(value);
    const key = `${value.kind}/${value.ref}`;
    if (!this.drawn.has(key)) this.drawn.set(key, new Map());
    const earlier = this.drawn.get(key); // counter -> the draw number that first drew it
    const last = Math.max(0, ...earlier.keys());
    if (earlier.has(value.counter)) report.fail(step, `${words} is drawn again (first as draw ${earlier.get(value.counter)}): a retried draw`);
    else if (value.counter !== last + 1) report.fail(step, `${words} skips roll ${last + 1}`);
    if (!earlier.has(value.counter)) earlier.set(value.counter, p.draw);
    if (value.kind === ROLL_OFF && (value.ref !== this.game || dealtRounds)) report.fail(step, `${words} is not a roll-off before the first deal of game ${this.game}`);
    else if ((value.kind === POKER_ROLL || value.kind === POKER_STARTER || value.kind === BRACKET) && value.ref !== this.game) report.fail(step, `${words} is drawn in game ${this.game}`);
    else if (!GAME_KINDS.includes(value.kind) && !this.attempts.has(value.ref)) report.fail(step, `${words} serves an attempt that was never submitted in game ${this.game}`);
    else if (value.kind === ATTEMPT_TARGET_DIE && !this.drawn.get(`${ATTEMPT_CHECK}/${value.ref}`)?.size) report.fail(step, `${words} is drawn before the attempt's check`);
  }

  revealed(step, committed, request, counts, report) {
    const extra = Object.keys(request).filter((k) => k !== 'purpose' && k !== 'items').sort();
    if (extra.length) report.fail(step, `the request has inputs other than purpose and items: ${pyList(extra.map((k) => `'${k}'`))}`);
    const value = request.purpose;
    if (sortedJSON(value) !== sortedJSON(committed.purpose)) { report.fail(step, "the revealed request's purpose is not the committed purpose"); return; }
    if (purposeProblem(value) !== null) return;
    const problem = itemsProblem(value, request.items);
    if (problem) report.fail(step, problem);
    else if (value.kind === ATTEMPT_TARGET_DIE) {
      const seat = seatOfLabel(request.items[0].label, 'die of seat ');
      const held = counts[String(seat)];
      if (request.items[0].sides !== held) report.fail(step, `${describePurpose(value)} picks among ${request.items[0].sides} dice, seat ${seat} holds ${held ?? 0} this round`);
    }
  }
}

/**
 * The seed this browser sent for a round, against the signed commitment of that round:
 * {ok, code, reason}. code "used": the commitment holds it for this seat; "missing": the
 * commitment has no seed for this seat (reason: the server's, from seeds_missing);
 * "different": it holds another seed for this seat; "not_sent": this browser sent none.
 */
export function checkOwnSeed(commitment, seat, sent) {
  if (!sent) return { ok: null, code: 'not_sent', reason: null };
  const used = commitment.seeds?.[String(seat)];
  if (used === sent) return { ok: true, code: 'used', reason: null };
  if (used === undefined) return { ok: false, code: 'missing', reason: commitment.seeds_missing?.[String(seat)] ?? null };
  return { ok: false, code: 'different', reason: null };
}
