// The sealed seeds of the referee's check rolls and target dice (manifests with "check_seeds": 1),
// checked in the browser exactly as referee/fairness/verify_check_seeds.py does (same checks, same
// messages; docs/fairness.md section 6): a sealed draw_seed entry {draw, attempt} is for the next
// draw, once, and that draw is the attempt's check roll or target die; the commitment names no seat
// in public; at the reveal its inputs recompute the committed seeds_digest and hold exactly the
// attempter's logged seed, or name the attempter missing (a loud note). A game whose manifest
// predates the marker drew its checks with no seed: a note says so.

import { fields, hex32, pyList, seatsOf, seedsDigest, sha256, toHex } from './fair_crypto.js';

const CHECK_SEEDS = 1;
const SEALED_KINDS = ['attempt_check', 'attempt_target_die'];
const SEALED_SEEDS_TAG = 'tavern-jack/sealed-seeds/1';
const SEALED_SALT_TAG = 'tavern-jack/sealed-seeds-salt/1';

/** The salt of a sealed draw's inputs, derived from the draw's secret s_n (bytes): sealed_seeds.sealed_salt. */
export async function sealedSalt(drawSecret) {
  return toHex(await sha256(fields(SEALED_SALT_TAG, drawSecret)));
}
const REASONS = ['not_connected', 'late'];
const OLD_WORDS = "was rolled by the server alone (a log written before checks took the attempter's seed: "
  + 'the operator could know it before the judgement)';

const what = (kind) => (kind === 'attempt_check' ? 'this check roll' : 'this target die');

/** True when a draw of `purpose` in the game of `manifest` takes sealed seeds. */
export function isSealed(manifest, purpose) {
  return manifest.check_seeds === CHECK_SEEDS && purpose !== null && typeof purpose === 'object' && SEALED_KINDS.includes(purpose.kind);
}

/** The salted digest of a sealed draw's inputs {salt, seeds, seeds_missing} (hex). */
export async function sealedDigest(inputs) {
  const missing = inputs.seeds_missing;
  const parts = [SEALED_SEEDS_TAG, hex32(inputs.salt, "the seeds' salt"), await seedsDigest(inputs.seeds)];
  for (const seat of seatsOf(missing)) parts.push(seat, String(missing[String(seat)]));
  return toHex(await sha256(fields(...parts)));
}

function seats(mapping) {
  try {
    return mapping && typeof mapping === 'object' ? seatsOf(mapping) : [];
  } catch {
    return [];
  }
}

/** One game's sealed draw seeds and attempters, checked against each check roll and target die. */
export class SealedSeeds {
  constructor(manifest) {
    this.manifest = manifest; this.game = manifest.game; this.sealing = manifest.check_seeds === CHECK_SEEDS;
    this.people = manifest.seed_seats || []; this.attempters = new Map(); this.pending = null; this.logged = new Map();
  }

  attempt(p, secret) {
    if (secret && typeof secret === 'object' && 'seat' in secret) this.attempters.set(p.attempt, secret.seat);
  }

  contributed(seq, p, secret, nextDraw, report) {
    const step = `game ${this.game} draw ${p.draw}`;
    if (!this.sealing) report.fail(step, `seq ${seq}: a sealed draw seed is logged in a game whose checks take no seeds`);
    else if (p.draw !== nextDraw) report.fail(step, `seq ${seq}: a sealed seed for draw ${p.draw} is logged while draw ${nextDraw} is the next to be committed`);
    else if (this.pending !== null) report.fail(step, `seq ${seq}: a second sealed seed for draw ${p.draw} (first at seq ${this.pending[0]})`);
    else this.pending = [seq, p.attempt, secret];
  }

  committed(step, p, openSeats, report) {
    const pending = this.pending; this.pending = null;
    const purpose = p.purpose;
    if (!isSealed(this.manifest, purpose)) {
      if (pending !== null) report.fail(step, `the sealed seed logged at seq ${pending[0]} serves draw ${p.draw}, which is not a check roll or target die`);
      return false;
    }
    const named = [...new Set([...seats(p.seeds), ...seats(p.seeds_missing), ...openSeats])].sort((a, b) => a - b);
    if (named.length) report.fail(step, `${what(purpose.kind)} names seats ${pyList(named)} in public before the attempt is revealed: who attempted is published early`);
    if (pending !== null && pending[1] !== purpose.ref) report.fail(step, `the sealed seed logged at seq ${pending[0]} is for attempt ${pending[1]}, not attempt ${purpose.ref}`);
    else if (pending !== null) this.logged.set(p.draw, pending);
    return true;
  }

  async revealed(step, committed, r, report) {
    const purpose = r.request.purpose;
    const kind = purpose && typeof purpose === 'object' ? purpose.kind : undefined;
    if (!this.sealing) {
      if (SEALED_KINDS.includes(kind)) report.add(step, true, `note: ${what(kind)} ${OLD_WORDS}`);
      return;
    }
    if (!isSealed(this.manifest, purpose)) return;
    const inputs = r.inputs;
    let digest = null; let seeds; let missing;
    try {
      if (inputs && typeof inputs === 'object') {
        digest = await sealedDigest(inputs);
        seeds = { ...inputs.seeds }; missing = { ...inputs.seeds_missing };
      }
    } catch {
      digest = null;
    }
    if (digest === null) { report.fail(step, `the reveal of ${what(kind)} lacks its sealed seeds (inputs)`); return; }
    if (digest !== committed.seeds_digest) report.fail(step, `the sealed seeds of ${what(kind)} do not match its seeds digest`);
    if (!this.attempters.has(purpose.ref)) {
      report.add(step, true, `note: attempt ${purpose.ref} is still sealed: its seed is checked once it is revealed`);
      return;
    }
    const attempter = this.attempters.get(purpose.ref);
    this.inputs(step, kind, r.draw, this.people.includes(attempter) ? [attempter] : [], seeds, missing, report);
  }

  inputs(step, kind, draw, due, seeds, missing, report) {
    const logged = this.logged.get(draw);
    const secret = logged !== undefined && logged[2] && typeof logged[2] === 'object' ? logged[2] : {};
    for (const seat of seats(seeds)) {
      if (!due.includes(seat)) report.fail(step, `${what(kind)} uses a seed for seat ${seat}, who did not attempt it`);
      else if (logged === undefined) report.fail(step, `${what(kind)} uses a seed for seat ${seat} that was never logged for this draw before its commitment`);
      else if (secret.seat !== seat || secret.seed !== seeds[String(seat)]) report.fail(step, `${what(kind)} uses another seed for seat ${seat} than the one logged at seq ${logged[0]}`);
    }
    if (logged !== undefined && !(String(secret.seat ?? 'None') in seeds)) report.fail(step, `the sealed seed logged at seq ${logged[0]} is not in the draw`);
    const absent = due.filter((seat) => !(String(seat) in seeds));
    if (pyList(seats(missing)) !== pyList(absent)) {
      report.fail(step, `${what(kind)} lacks the seeds of seats ${pyList(absent)} but names ${pyList(seats(missing))} as missing`);
      return;
    }
    for (const seat of absent) {
      if (!REASONS.includes(missing[String(seat)])) report.fail(step, `the seed of seat ${seat} is missing for an unknown reason '${missing[String(seat)]}'`);
    }
    if (due.length && !absent.length) report.add(step, true, `the sealed seed of seat ${due[0]}, who attempted it, went into the draw`);
    else if (due.length) {
      const reasons = new Set(Object.values(missing));
      const why = reasons.size === 1 && reasons.has('not_connected') ? 'nobody was connected' : 'no seed arrived in time';
      report.add(step, true, `note: ${what(kind)} was rolled by the server alone: ${why}`);
    }
  }
}
