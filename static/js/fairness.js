// Tavern Jack fairness checks in the browser (WebCrypto, no libraries).
//
// The same protocol as referee/fairness (docs/fairness.md), byte for byte:
//   verifyOwnDice(private, dealPublic, serverKeyHex)  a player's dice against the signed root
//   verifyExport(textOrObject)                         a whole audit export, step by step
// Both resolve to a list of {step, ok, message}; ok is true, false, or null for a check this
// browser cannot make (an Ed25519 signature where WebCrypto lacks Ed25519).
// Pass verifyExport the export's JSON *text*: numbers keep their exact spelling, so the
// log's hash chain (whose `at` times are floats) is recomputed over the very same bytes.
// The bytes, hashes and derivations are fair_crypto.js's (its former exports are re-exported
// here); what went into the dice (seeds, draw purposes) is checked by fair_inputs.js.

import {
  DOMAIN, RawNumber, TAG, canonical, canonicalBytes, concat, deriveDraw, deriveHands, dieLeaf,
  drawLeaf, fields, fingerprint, fromHex, handLeaves, hashesTo, hex32, hmac, hmacKey, leafHash,
  merkleRoot, num, parseExact, plain, pyList, same, seatsOf, seedsDigest, sha256, statement, toHex,
  utf8, verifyInclusion, verifySignature, withoutSignature
} from './fair_crypto.js';
import { isSealed, sealedSalt } from './check_seeds_check.js';
import { DrawSeedLedger } from './draw_seeds_check.js';
import { checkDrawUses } from './draw_uses.js';
import { DrawLedger, SeedLedger, describePurpose, purposeProblem } from './fair_inputs.js';
import { guessable, isSalted, saltReused, secretProblem } from './fair_sealing.js';

export {
  toHex, fromHex, RawNumber, parseExact, canonical, fields, sha256, verifySignature, fingerprint,
  leafHash, merkleRoot, verifyInclusion, dieLeaf, seedsDigest
};

const EXPORT_FORMAT = 'tavern-jack-audit/1';
const GENESIS = '0'.repeat(64);
const KIND = {
  opened: 'game_opened', dealt: 'round_dealt', changed: 'die_changed',
  revealed: 'round_revealed', drawCommitted: 'draw_committed', drawRevealed: 'draw_revealed',
  seedContributed: 'seed_contributed', attemptSubmitted: 'attempt_submitted', drawSeed: 'draw_seed',
};

// ---------------------------------------------------------------- a player's own dice

/** Check a seat's private part (dice, salts, proofs) against the signed public commitment. */
export async function verifyOwnDice(own, dealPublic, serverKeyHex) {
  const steps = [];
  const step = `round ${num(own.round)}`;
  const signature = await verifySignature(serverKeyHex, statement(DOMAIN.deal, withoutSignature(dealPublic)), dealPublic.signature);
  steps.push({ step, ok: signature, message: signature === null
    ? 'the signature was not checked: this browser has no WebCrypto Ed25519 (the Merkle proofs below still are)'
    : signature ? 'commitment signed by the server key' : 'the commitment signature is not valid' });
  const root = fromHex(dealPublic.root);
  if (own.root !== dealPublic.root) steps.push({ step, ok: false, message: 'your proofs are for another root than the published commitment' });
  for (let j = 0; j < own.dice.length; j++) {
    const leaf = await leafHash(dieLeaf(num(own.seat), j, num(own.dice[j]), own.salts[j]));
    const ok = await verifyInclusion(leaf, num(own.leaf_indices[j]), num(own.size), own.proofs[j].map(fromHex), root);
    steps.push({ step, ok, message: ok ? `die ${j} (${num(own.dice[j])}) is in the committed root` : `die ${j} does not match the commitment root` });
  }
  return steps;
}

// ---------------------------------------------------------------- a whole audit export

// The block whose draw secrets' root draw `number`'s commitment announces (docs/fairness.md section 6),
// or null: the middle draw of block b announces block b + 1.
const announcedBlock = (number, slots) => (number % slots === slots / 2 ? Math.floor(number / slots) + 2 : null);

class Report {
  constructor() { this.checks = []; }
  add(step, ok, message) { this.checks.push({ step, ok, message }); }
  fail(step, message) { this.add(step, false, message); }
  get failures() { return this.checks.filter((c) => c.ok === false).length; }
}

function shapeProblem(x) {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return 'the export is not a JSON object';
  if (x.format !== EXPORT_FORMAT) return `unknown export format '${x.format}' (expected '${EXPORT_FORMAT}')`;
  if (typeof x.server_key !== 'string' || !/^[0-9a-f]{64}$/.test(x.server_key)) return 'server_key must be 64 lowercase hex digits';
  if (!Array.isArray(x.entries) || !x.head || typeof x.head !== 'object') return 'the export needs an entries list and a head object';
  const names = ['seq', 'kind', 'at', 'public', 'secret', 'secret_digest', 'prev_hash', 'hash'];
  for (let i = 0; i < x.entries.length; i++) {
    const missing = names.filter((n) => !x.entries[i] || !(n in x.entries[i]));
    if (missing.length) return `entry ${i} lacks ${missing.join(', ')}`;
  }
  return null;
}

async function entryHash(e) {
  const body = canonicalBytes({ seq: e.seq, kind: e.kind, public: e.public, secret_digest: e.secret_digest, at: e.at });
  return toHex(await sha256(concat(utf8.encode(`${e.prev_hash}\n`), body)));
}

async function checkLog(x, report) {
  const before = report.failures;
  let previous = null; let salted = false; const salts = new Map();
  for (let i = 0; i < x.entries.length; i++) {
    const e = x.entries[i]; const seq = num(e.seq);
    if (previous === null) {
      if (seq === 1 && e.prev_hash !== GENESIS) report.fail('log', 'seq 1: prev_hash is not the genesis hash');
      else if (seq !== 1) report.add('log', true, `the export starts at seq ${seq}; earlier entries are not included`);
    } else if (seq <= num(previous.seq)) {
      report.fail('log', `entry ${i}: seq ${seq} comes after seq ${num(previous.seq)}: entries are out of order`);
    } else if (seq !== num(previous.seq) + 1) {
      report.fail('log', `entry ${i}: seq ${seq} follows seq ${num(previous.seq)}: entries ${num(previous.seq) + 1}..${seq - 1} are missing`);
    } else if (e.prev_hash !== previous.hash) {
      report.fail('log', `seq ${seq}: prev_hash does not match the hash of seq ${num(previous.seq)}`);
    }
    if (await entryHash(e) !== e.hash) report.fail('log', `seq ${seq} (${e.kind}): the hash does not match the entry's content: the entry was altered`);
    salted = salted || isSalted(e.secret_digest);
    const problem = await secretProblem(e, salted);
    if (problem !== null) report.fail('log', `seq ${seq} (${e.kind}): ${problem}`);
    const reused = saltReused(e, salts);
    if (reused !== null) report.fail('log', `seq ${seq} (${e.kind}): ${reused}`);
    previous = e;
  }
  if (report.failures === before) report.add('log', true, `${x.entries.length} entries, sequence and hash chain intact`);
  const unsalted = x.entries.filter(guessable).length;
  if (unsalted) {
    report.add('log', true, `note: ${unsalted} sealed entries have unsalted digests (a log written before digests were salted): anyone can test guesses against them`);
  }
  const head = x.head;
  const signed = await verifySignature(x.server_key, statement(DOMAIN.head, { table: head.table, seq: head.seq, hash: head.hash }), head.signature);
  if (signed === null) report.add('head', null, 'the head signature was not checked: no WebCrypto Ed25519 here');
  else if (!signed) { report.fail('head', 'the head signature is not valid for the server key'); return; }
  if (head.table !== x.table) report.fail('head', `the head is signed for table '${head.table}', the export is of table '${x.table}'`);
  const last = x.entries[x.entries.length - 1];
  const lastSeq = last ? num(last.seq) : 0; const lastHash = last ? last.hash : GENESIS;
  if (lastSeq < num(head.seq)) report.fail('head', `the log ends at seq ${lastSeq} but the signed head is at seq ${num(head.seq)}: the export is truncated`);
  else if (lastSeq > num(head.seq)) report.fail('head', `the log runs to seq ${lastSeq}, past the signed head at seq ${num(head.seq)}`);
  else if (lastHash !== head.hash) report.fail('head', `the hash of seq ${lastSeq} differs from the signed head's hash`);
  else if (signed) report.add('head', true, `signed by the server key at seq ${lastSeq}`);
}

function applyChanges(hands, changes) {
  const result = Object.fromEntries(Object.entries(hands).map(([s, d]) => [s, [...d]]));
  for (const c of changes) {
    const dice = result[String(num(c.seat))];
    if (!dice || !(num(c.index) >= 0 && num(c.index) < dice.length)) throw new Error(`die ${num(c.index)} of seat ${num(c.seat)} was not dealt`);
    dice[num(c.index)] = num(c.value);
  }
  return result;
}

class Auditor {
  constructor(x, report) { this.key = x.server_key; this.table = x.table; this.report = report; this.games = new Map(); this.current = null; }

  async signed(domain, payload) {
    return verifySignature(this.key, statement(domain, withoutSignature(payload)), payload.signature || '');
  }

  async signatureCheck(step, domain, payload, failure) {
    const ok = await this.signed(domain, payload);
    if (ok === false) this.report.fail(step, failure);
    if (ok === null) this.report.add(step, null, 'the signature was not checked: no WebCrypto Ed25519 here');
    return ok;
  }

  game(e, step) {
    const game = this.games.get(num(e.public.game));
    if (!game) this.report.fail(step, `seq ${num(e.seq)} (${e.kind}) refers to a game that was never opened`);
    return game;
  }

  async [KIND.opened](e) {
    const m = e.public; const step = `game ${num(m.game)}`;
    if (this.games.has(num(m.game))) { this.report.fail(step, `seq ${num(e.seq)}: the game is opened a second time`); return; }
    const signed = await this.signed(DOMAIN.manifest, m);
    if (m.key !== this.key) this.report.fail(step, 'the manifest names another server key than the export');
    else if (signed === false) this.report.fail(step, 'the manifest signature is not valid: the manifest was altered');
    else if (m.table !== this.table) this.report.fail(step, `the manifest is for table '${m.table}', not '${this.table}'`);
    else if (signed === null) this.report.add(step, null, 'the manifest signature was not checked: no WebCrypto Ed25519 here');
    else this.report.add(step, true, 'manifest signed by the server key');
    const game = { manifest: m, rounds: new Map(), draws: new Map(), blocks: new Map([[1, m.draw_root]]), seeds: new SeedLedger(plain(m)), purposes: new DrawLedger(num(m.game)), drawSeeds: new DrawSeedLedger(plain(m)) };
    this.games.set(num(m.game), game);
    this.current = game;
  }

  async [KIND.seedContributed](e) {
    const game = this.current;
    if (!game) { this.report.fail('log', `seq ${num(e.seq)}: a seed is logged before any game of the export was opened`); return; }
    const last = Math.max(0, ...game.rounds.keys());
    const awaited = !last || game.rounds.get(last).revealed ? last + 1 : null;
    game.seeds.contributed(num(e.seq), plain(e.public), awaited, this.report);
  }

  async [KIND.drawSeed](e) {
    const game = this.current;
    if (!game) { this.report.fail('log', `seq ${num(e.seq)}: a draw seed is logged before any game of the export was opened`); return; }
    game.drawSeeds.contributed(num(e.seq), plain(e.public), Math.max(0, ...game.draws.keys()) + 1, this.report, plain(e.secret));
  }

  async [KIND.attemptSubmitted](e) {
    const game = this.games.get(num(e.public.game));
    if (game) { game.purposes.attempt(plain(e.public)); game.drawSeeds.sealed.attempt(plain(e.public), plain(e.secret)); }
  }

  async [KIND.dealt](e) {
    const p = e.public; const number = num(p.round); const step = `game ${num(p.game)} round ${number}`;
    const game = this.game(e, step); if (!game) return;
    if (game.rounds.has(number)) { this.report.fail(step, `seq ${num(e.seq)}: the round is dealt a second time`); return; }
    const previous = Math.max(0, ...game.rounds.keys());
    if (number !== previous + 1) this.report.fail(step, `round ${number} is dealt after round ${previous}: round ${previous + 1} is missing`);
    else if (previous && !game.rounds.get(previous).revealed) this.report.fail(step, `round ${number} is dealt before round ${previous} was revealed`);
    let ok = await this.signatureCheck(step, DOMAIN.deal, p, 'the commitment signature is not valid') !== false;
    if (toHex(await seedsDigest(p.seeds)) !== p.seeds_digest) { ok = false; this.report.fail(step, 'the seeds digest does not match the seeds'); }
    const seats = new Set(game.manifest.seats.map(num));
    const outsiders = seatsOf(p.counts).filter((s) => !seats.has(s));
    if (outsiders.length || p.table !== this.table) { ok = false; this.report.fail(step, `the commitment names seats ${pyList(outsiders)} or a table outside the manifest`); }
    if (ok) this.report.add(step, true, `commitment signed, root ${p.root.slice(0, 16)}…`);
    game.seeds.dealt(step, plain(p), this.report);
    game.rounds.set(number, { public: p, secret: e.secret, seq: num(e.seq), changes: [], revealed: false });
  }

  async [KIND.changed](e) {
    const p = e.public; const step = `game ${num(p.game)} round ${num(p.round)}`;
    const game = this.game(e, step); if (!game) return;
    const round = game.rounds.get(num(p.round));
    if (!round || round.revealed) { this.report.fail(step, `seq ${num(e.seq)}: a die change for a round that is not in play`); return; }
    round.changes.push([num(e.seq), e.secret]);
  }

  async [KIND.revealed](e) {
    const r = e.public; const number = num(r.round); const step = `game ${num(r.game)} round ${number}`;
    const game = this.game(e, step); if (!game) return;
    const round = game.rounds.get(number);
    if (!round || round.revealed) { this.report.fail(step, `seq ${num(e.seq)}: a reveal for a round that is not in play`); return; }
    round.revealed = true;
    const before = this.report.failures;
    await this.checkRound(step, game.manifest, round, r);
    if (this.report.failures === before) this.report.add(step, true, 'x_r, every die and every salt match the commitment');
  }

  async checkRound(step, manifest, round, r) {
    const fail = (message) => this.report.fail(step, message);
    const p = round.public; const number = num(r.round);
    const x = hex32(r.x, `x_${number}`);
    if (!await hashesTo(x, number, manifest.round_anchor)) fail(`x_${number} does not hash back to the manifest's anchor x_0`);
    const key = await hmacKey(x);
    const roundKey = await hmac(key, fields(TAG.roundKey, manifest.table, manifest.game, number, await seedsDigest(p.seeds)));
    const { hands, salts } = await deriveHands(roundKey, p.counts);
    if (toHex(await merkleRoot(handLeaves(hands, salts))) !== p.root) fail(`the dice derived from x_${number} and the seeds do not match the committed root`);
    if (round.secret === null) fail(`the deal secret (seq ${round.seq}) is missing from the export although the round is revealed`);
    else if (!same(round.secret.hands, hands) || !same(round.secret.salts, salts)) fail(`the logged deal secret (seq ${round.seq}) differs from the dice derived from x_${number}`);
    for (const seat of seatsOf(salts)) {
      const shown = r.salts[seat] || [];
      salts[seat].forEach((salt, j) => { if (j >= shown.length || shown[j] !== salt) fail(`the salt of die ${j} of seat ${seat} does not match its derivation from x_${number}`); });
    }
    const changes = [];
    for (const [seq, change] of round.changes) {
      if (change === null) fail(`the approved die change at seq ${seq} is not revealed`);
      else changes.push(change);
    }
    let expected;
    try { expected = applyChanges(hands, changes); } catch (error) { fail(`an approved die change is impossible: ${error.message}`); return; }
    const shown = r.hands; const seats = seatsOf(expected);
    if (!same(seatsOf(shown), seats)) fail(`the reveal shows seats ${pyList(seatsOf(shown))}, the commitment seats ${pyList(seats)}`);
    for (const a of seats) {
      for (const b of seats) {
        if (a < b && same(shown[a] ?? null, expected[b]) && !same(expected[b], expected[a]) && same(shown[b] ?? null, expected[a])) {
          fail(`the revealed hands of seats ${a} and ${b} are swapped`);
        }
      }
    }
    const changed = new Set(changes.map((c) => `${num(c.seat)}/${num(c.index)}`));
    for (const seat of seats) {
      const hand = shown[seat] || [];
      if (hand.length !== expected[seat].length) { fail(`seat ${seat} reveals ${hand.length} dice, ${expected[seat].length} were dealt`); continue; }
      hand.forEach((v, j) => {
        const value = num(v);
        if (value === expected[seat][j]) return;
        if (changed.has(`${seat}/${j}`)) fail(`die ${j} of seat ${seat} is revealed as ${value} but the approved changes set it to ${expected[seat][j]}`);
        else fail(`die ${j} of seat ${seat} is revealed as ${value} but was committed as ${hands[seat][j]} and no approved change touches it`);
      });
    }
  }

  async [KIND.drawCommitted](e) {
    const p = e.public; const number = num(p.draw); const step = `game ${num(p.game)} draw ${number}`;
    const game = this.game(e, step); if (!game) return;
    const previous = Math.max(0, ...game.draws.keys());
    if (number !== previous + 1) this.report.fail(step, `draw ${number} is committed after draw ${previous}: draw ${previous + 1} is missing`);
    if (await this.signatureCheck(step, DOMAIN.draw, p, 'the draw commitment signature is not valid') === true) {
      this.report.add(step, true, `draw commitment signed, root ${p.root.slice(0, 16)}…`);
    }
    game.purposes.committed(step, plain(p), game.rounds.size, this.report);
    const seedsOf = p.seeds && typeof p.seeds === 'object' ? toHex(await seedsDigest(plain(p.seeds))) : null;
    game.drawSeeds.committed(step, plain(p), seedsOf, this.report);
    if (p.next_draw_root !== undefined) {
      const block = announcedBlock(number, num(game.manifest.draw_slots));
      if (block === null) this.report.fail(step, `draw ${number} announces a block of draw secrets, which only the middle draw of a block does`);
      else game.blocks.set(block, p.next_draw_root);
    }
    const counts = game.rounds.size ? plain(game.rounds.get(Math.max(...game.rounds.keys())).public.counts) : {};
    game.draws.set(number, { public: p, secret: e.secret, counts, revealed: false });
  }

  async [KIND.drawRevealed](e) {
    const r = e.public; const number = num(r.draw); const step = `game ${num(r.game)} draw ${number}`;
    const game = this.game(e, step); if (!game) return;
    const committed = game.draws.get(number);
    if (!committed || committed.revealed) { this.report.fail(step, `seq ${num(e.seq)}: a reveal for a draw that is not committed`); return; }
    committed.revealed = true;
    const before = this.report.failures;
    await this.checkDraw(step, game, committed, r);
    game.purposes.revealed(step, plain(committed.public), plain(r.request), committed.counts, this.report);
    await game.drawSeeds.sealed.revealed(step, plain(committed.public), plain(r), this.report);
    game.drawSeeds.revealed(step, plain(committed.public), plain(r.request), this.report);
    if (this.report.failures === before) {
      const purpose = plain(r.request.purpose);
      const label = purposeProblem(purpose) === null ? describePurpose(purpose) : 'the draw';
      this.report.add(step, true, `${label}: ${pyList(r.results.map((x) => num(x.value)))} match the commitment`);
    }
  }

  async checkDraw(step, game, committed, r) {
    const fail = (message) => this.report.fail(step, message); const { manifest } = game;
    const number = num(r.draw); const { request, results } = r;
    const requestDigest = await sha256(canonicalBytes(request));
    if (toHex(requestDigest) !== committed.public.request_digest) fail('the revealed request does not match the committed request digest');
    const secret = hex32(r.secret, 'a draw secret');
    const proof = r.proof.map((h) => hex32(h, 'a proof hash'));
    const slots = num(manifest.draw_slots); const block = Math.floor((number - 1) / slots) + 1;
    if (!game.blocks.has(block)) fail(`draw ${number} is past the game's ${slots} draws and no earlier draw announced the secrets of its block`);
    else if (!await verifyInclusion(await leafHash(secret), (number - 1) % slots, slots, proof, hex32(game.blocks.get(block), 'the draw root'))) {
      fail(block === 1 ? `the revealed secret s_${number} is not the one the manifest committed to`
        : `the revealed secret s_${number} is not the one draw ${(block - 1) * slots - slots / 2} committed to`);
    }
    if (toHex(await merkleRoot(results.map(drawLeaf))) !== committed.public.root) fail('the revealed results do not match the committed root');
    const key = await hmacKey(secret);
    const seeds = game.drawSeeds.seeded ? committed.public.seeds : undefined;
    const sealed = isSealed(plain(manifest), plain(committed.public.purpose)); // its key mixes the salted digest
    if (sealed && r.inputs && typeof r.inputs === 'object' && r.inputs.salt !== await sealedSalt(secret)) {
      fail(`the sealed seeds' salt is not the one derived from s_${number}: the server could have chosen it`);
    }
    const drawKey = seeds && typeof seeds === 'object'
      ? await hmac(key, fields(TAG.seededDrawKey, manifest.table, manifest.game, number, requestDigest,
        sealed ? hex32(committed.public.seeds_digest, 'the seeds digest') : await seedsDigest(plain(seeds))))
      : await hmac(key, fields(TAG.drawKey, manifest.table, manifest.game, number, requestDigest));
    const { values, salts } = await deriveDraw(drawKey, request.items.map((item) => num(item.sides)));
    if (results.length !== values.length) fail(`${results.length} results are revealed for ${values.length} requested items`);
    for (let k = 0; k < Math.min(results.length, request.items.length); k++) {
      const result = results[k]; const item = request.items[k];
      if (num(result.index) !== k || result.label !== item.label || num(result.sides) !== num(item.sides)) fail(`result ${k} does not describe requested item ${k}`);
      if (num(result.value) !== values[k]) fail(`result ${k} (${item.label}) is revealed as ${num(result.value)} but derives as ${values[k]}`);
      if (result.salt !== salts[k]) fail(`the salt of result ${k} does not match its derivation from s_${number}`);
    }
    const logged = { game: r.game, draw: r.draw, request, results, ...(r.inputs !== undefined ? { inputs: r.inputs } : {}) };
    if (committed.secret !== null && !same(committed.secret, logged)) fail('the logged draw secret differs from the reveal');
  }

  finish() {
    for (const number of [...this.games.keys()].sort((a, b) => a - b)) {
      const game = this.games.get(number);
      for (const r of [...game.rounds.keys()].sort((a, b) => a - b)) {
        if (!game.rounds.get(r).revealed) this.report.add(`game ${number} round ${r}`, true, 'committed, not revealed yet');
      }
      for (const n of [...game.draws.keys()].sort((a, b) => a - b)) {
        if (!game.draws.get(n).revealed) this.report.add(`game ${number} draw ${n}`, true, 'committed, not revealed yet');
      }
    }
  }
}

/** Every check of docs/fairness.md over an audit export (its JSON text, preferably). */
export async function verifyExport(textOrObject) {
  const report = new Report();
  let x = textOrObject;
  if (typeof textOrObject === 'string') {
    try { x = parseExact(textOrObject); } catch (error) { report.fail('export', `not JSON: ${error.message}`); return report.checks; }
  }
  const problem = shapeProblem(x);
  if (problem) { report.fail('export', problem); return report.checks; }
  report.add('export', true, `${EXPORT_FORMAT} for table ${x.table}, server key ${await fingerprint(x.server_key)}`);
  try { await checkLog(x, report); } catch (error) { report.fail('log', `malformed entry or head (${error.message})`); }
  const auditor = new Auditor(x, report);
  for (const e of x.entries) {
    if (!Object.values(KIND).includes(e.kind)) continue;
    try { await auditor[e.kind](e); } catch (error) { report.fail(`seq ${num(e.seq)}`, `malformed ${e.kind} entry (${error.message})`); }
  }
  auditor.finish();
  checkDrawUses(x, report); // each draw used by its entry, in order (draw_uses.js)
  report.checks.push(...(await (await import('./audit_play.js')).verifyPlay(textOrObject)).checks); // the games, by the rules (loaded only here)
  return report.checks;
}
