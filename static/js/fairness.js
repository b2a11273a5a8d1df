// Tavern Jack fairness checks in the browser (WebCrypto, no libraries).
//
// The same protocol as referee/fairness (docs/fairness.md), byte for byte:
//   verifyOwnDice(private, dealPublic, serverKeyHex)  a player's dice against the signed root
//   verifyExport(textOrObject)                         a whole audit export, step by step
// Both resolve to a list of {step, ok, message}; ok is true, false, or null for a check this
// browser cannot make (an Ed25519 signature where WebCrypto lacks Ed25519).
// Pass verifyExport the export's JSON *text*: numbers keep their exact spelling, so the
// log's hash chain (whose `at` times are floats) is recomputed over the very same bytes.

const EXPORT_FORMAT = 'tavern-jack-audit/1';
const GENESIS = '0'.repeat(64);
const DOMAIN = {
  manifest: 'tavern-jack/manifest/1', deal: 'tavern-jack/deal/1',
  draw: 'tavern-jack/draw/1', head: 'tavern-jack/head/1',
};
const TAG = {
  roundKey: 'tavern-jack/round-key/1', dice: 'tavern-jack/dice/1', dieSalt: 'tavern-jack/die-salt/1',
  drawKey: 'tavern-jack/draw-key/1', drawValues: 'tavern-jack/draw-values/1', drawSalt: 'tavern-jack/draw-salt/1',
};
const KIND = {
  opened: 'game_opened', dealt: 'round_dealt', changed: 'die_changed',
  revealed: 'round_revealed', drawCommitted: 'draw_committed', drawRevealed: 'draw_revealed',
};
const DIE_SIDES = 6;
const subtle = globalThis.crypto.subtle;
const utf8 = new TextEncoder();

// ---------------------------------------------------------------- bytes and canonical JSON

export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fromHex(text) {
  if (typeof text !== 'string' || text.length % 2 || /[^0-9a-f]/.test(text)) throw new Error(`not lowercase hex: ${text}`);
  return Uint8Array.from(text.match(/../g) || [], (pair) => parseInt(pair, 16));
}

function hex32(text, what) {
  if (typeof text !== 'string' || !/^[0-9a-f]{64}$/.test(text)) throw new Error(`${what} must be 64 lowercase hex digits, got ${JSON.stringify(text)}`);
  return fromHex(text);
}

function concat(...arrays) {
  const out = new Uint8Array(arrays.reduce((sum, a) => sum + a.length, 0));
  let at = 0;
  for (const a of arrays) { out.set(a, at); at += a.length; }
  return out;
}

/** A JSON number kept as its exact source spelling. */
export class RawNumber {
  constructor(text) { this.text = text; }
  valueOf() { return Number(this.text); }
  toString() { return this.text; }
}

const num = (v) => (v instanceof RawNumber ? Number(v.text) : v);

/** JSON.parse, except that every number becomes a RawNumber holding its exact text. */
export function parseExact(text) {
  const marked = text.replace(/("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g,
    (match, string, number) => (string !== undefined ? string : `{"\\u0000raw":"${number}"}`));
  return JSON.parse(marked, (key, value) => (value && typeof value === 'object' && '\u0000raw' in value ? new RawNumber(value['\u0000raw']) : value));
}

function comparePoints(a, b) {
  const x = Array.from(a, (c) => c.codePointAt(0));
  const y = Array.from(b, (c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/** Canonical JSON, as referee.store.chain.canonical: sorted keys, no spaces, raw UTF-8. */
export function canonical(value) {
  if (value === null || typeof value === 'boolean') return JSON.stringify(value);
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('non-finite number in a hashed payload');
    return String(value);
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort(comparePoints);
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
}

const canonicalBytes = (value) => utf8.encode(canonical(value));
const same = (a, b) => canonical(a) === canonical(b);
const statement = (domain, payload) => concat(utf8.encode(`${domain}\n`), canonicalBytes(payload));
const withoutSignature = (payload) => Object.fromEntries(Object.entries(payload).filter(([k]) => k !== 'signature'));
const pyList = (values) => `[${values.join(', ')}]`;

/** fields(...parts): each part 4-byte big-endian length + bytes; strings UTF-8, integers 8 bytes. */
export function fields(...parts) {
  const chunks = [];
  for (const part of parts) {
    let data;
    if (part instanceof Uint8Array) data = part;
    else if (typeof part === 'string') data = utf8.encode(part);
    else {
      data = new Uint8Array(8);
      new DataView(data.buffer).setBigUint64(0, BigInt(num(part)));
    }
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, data.length);
    chunks.push(length, data);
  }
  return concat(...chunks);
}

// ---------------------------------------------------------------- hashes, HMAC, Ed25519

export async function sha256(bytes) {
  return new Uint8Array(await subtle.digest('SHA-256', bytes));
}

async function hmacKey(key) {
  return subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

async function hmac(cryptoKey, message) {
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, message));
}

/** true / false, or null when this browser's WebCrypto has no Ed25519. */
export async function verifySignature(publicKeyHex, message, signatureHex) {
  let key;
  try {
    key = await subtle.importKey('raw', fromHex(publicKeyHex), { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    if (error && error.name === 'NotSupportedError') return null;
    return false;
  }
  try {
    return await subtle.verify({ name: 'Ed25519' }, key, fromHex(signatureHex), message);
  } catch {
    return false;
  }
}

export async function fingerprint(publicKeyHex) {
  const digest = toHex(await sha256(fromHex(publicKeyHex))).slice(0, 16);
  return digest.match(/..../g).join('-');
}

// ---------------------------------------------------------------- RFC 6962 Merkle trees

export const leafHash = (data) => sha256(concat(Uint8Array.of(0), data));
const nodeHash = (left, right) => sha256(concat(Uint8Array.of(1), left, right));
const split = (size) => 2 ** (Math.ceil(Math.log2(size)) - 1);

async function rootOfHashes(hashes) {
  if (hashes.length === 0) return sha256(new Uint8Array(0));
  if (hashes.length === 1) return hashes[0];
  const k = split(hashes.length);
  return nodeHash(await rootOfHashes(hashes.slice(0, k)), await rootOfHashes(hashes.slice(k)));
}

export async function merkleRoot(leaves) {
  return rootOfHashes(await Promise.all(leaves.map(leafHash)));
}

/** RFC 9162 2.1.3.2: is `leaf` (a leaf hash) at `index` of a tree of `size` with this root? */
export async function verifyInclusion(leaf, index, size, proof, root) {
  if (!(index >= 0 && index < size)) return false;
  let fn = BigInt(index); let sn = BigInt(size - 1); let value = leaf;
  for (const sibling of proof) {
    if (sn === 0n) return false;
    if (fn & 1n || fn === sn) {
      value = await nodeHash(sibling, value);
      while (!(fn & 1n) && fn !== 0n) { fn >>= 1n; sn >>= 1n; }
    } else {
      value = await nodeHash(value, sibling);
    }
    fn >>= 1n; sn >>= 1n;
  }
  return sn === 0n && toHex(value) === toHex(root);
}

export const dieLeaf = (seat, index, value, salt) => canonicalBytes({ seat, index, value, salt });
const drawLeaf = (r) => canonicalBytes({ index: r.index, label: r.label, sides: r.sides, value: r.value, salt: r.salt });

function handLeaves(hands, salts) {
  return seatsOf(hands).flatMap((seat) => hands[seat].map((value, j) => dieLeaf(seat, j, num(value), salts[seat][j])));
}

// ---------------------------------------------------------------- derivation (HMAC streams)

function seatsOf(mapping) {
  return Object.keys(mapping).map(Number).sort((a, b) => a - b);
}

class HmacStream {
  constructor(cryptoKey, labels) { this.key = cryptoKey; this.labels = labels; this.buffer = new Uint8Array(0); this.block = 0; }

  async take(count) {
    while (this.buffer.length < count) {
      this.buffer = concat(this.buffer, await hmac(this.key, fields(...this.labels, this.block)));
      this.block += 1;
    }
    const out = this.buffer.slice(0, count);
    this.buffer = this.buffer.slice(count);
    return out;
  }
}

async function uniformValue(stream, sides) {
  const width = Math.ceil((sides - 1).toString(2).replace(/^0$/, '').length / 8);
  const space = 256n ** BigInt(width);
  const limit = space - (space % BigInt(sides));
  for (;;) {
    const bytes = await stream.take(width);
    const value = bytes.reduce((acc, b) => acc * 256n + BigInt(b), 0n);
    if (value < limit) return 1 + Number(value % BigInt(sides));
  }
}

export async function seedsDigest(seeds) {
  const parts = seatsOf(seeds).flatMap((seat) => [seat, hex32(seeds[seat], `the seed of seat ${seat}`)]);
  return sha256(fields(...parts));
}

async function deriveHands(roundKey, counts) {
  const key = await hmacKey(roundKey);
  const hands = {}; const salts = {};
  for (const seat of seatsOf(counts)) {
    const stream = new HmacStream(key, [TAG.dice, seat]);
    hands[seat] = []; salts[seat] = [];
    for (let j = 0; j < num(counts[seat]); j++) {
      hands[seat].push(await uniformValue(stream, DIE_SIDES));
      salts[seat].push(toHex(await hmac(key, fields(TAG.dieSalt, seat, j))));
    }
  }
  return { hands, salts };
}

async function deriveDraw(drawKey, sides) {
  const key = await hmacKey(drawKey);
  const stream = new HmacStream(key, [TAG.drawValues]);
  const values = []; const salts = [];
  for (let k = 0; k < sides.length; k++) {
    values.push(await uniformValue(stream, sides[k]));
    salts.push(toHex(await hmac(key, fields(TAG.drawSalt, k))));
  }
  return { values, salts };
}

async function hashesTo(x, rounds, anchor) {
  let value = x;
  for (let i = 0; i < rounds; i++) value = await sha256(value);
  return toHex(value) === anchor;
}

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
  let previous = null;
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
    if (e.secret !== null && toHex(await sha256(canonicalBytes(e.secret))) !== e.secret_digest) {
      report.fail('log', `seq ${seq} (${e.kind}): the revealed secret does not match its secret_digest`);
    }
    previous = e;
  }
  if (report.failures === before) report.add('log', true, `${x.entries.length} entries, sequence and hash chain intact`);
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
  constructor(x, report) { this.key = x.server_key; this.table = x.table; this.report = report; this.games = new Map(); }

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
    this.games.set(num(m.game), { manifest: m, rounds: new Map(), draws: new Map() });
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
    const outsiders = [...new Set([...seatsOf(p.counts), ...seatsOf(p.seeds)])].filter((s) => !seats.has(s)).sort((a, b) => a - b);
    if (outsiders.length || p.table !== this.table) { ok = false; this.report.fail(step, `the commitment names seats ${pyList(outsiders)} or a table outside the manifest`); }
    if (ok) this.report.add(step, true, `commitment signed, root ${p.root.slice(0, 16)}…`);
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
    const key = await subtle.importKey('raw', x, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
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
    game.draws.set(number, { public: p, secret: e.secret, revealed: false });
  }

  async [KIND.drawRevealed](e) {
    const r = e.public; const number = num(r.draw); const step = `game ${num(r.game)} draw ${number}`;
    const game = this.game(e, step); if (!game) return;
    const committed = game.draws.get(number);
    if (!committed || committed.revealed) { this.report.fail(step, `seq ${num(e.seq)}: a reveal for a draw that is not committed`); return; }
    committed.revealed = true;
    const before = this.report.failures;
    await this.checkDraw(step, game.manifest, committed, r);
    if (this.report.failures === before) this.report.add(step, true, `${r.request.purpose}: ${pyList(r.results.map((x) => num(x.value)))} match the commitment`);
  }

  async checkDraw(step, manifest, committed, r) {
    const fail = (message) => this.report.fail(step, message);
    const number = num(r.draw); const { request, results } = r;
    const requestDigest = await sha256(canonicalBytes(request));
    if (toHex(requestDigest) !== committed.public.request_digest) fail('the revealed request does not match the committed request digest');
    const secret = hex32(r.secret, 'a draw secret');
    const proof = r.proof.map((h) => hex32(h, 'a proof hash'));
    if (!await verifyInclusion(await leafHash(secret), number - 1, num(manifest.draw_slots), proof, hex32(manifest.draw_root, 'the draw root'))) {
      fail(`the revealed secret s_${number} is not the one the manifest committed to`);
    }
    if (toHex(await merkleRoot(results.map(drawLeaf))) !== committed.public.root) fail('the revealed results do not match the committed root');
    const key = await subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const drawKey = await hmac(key, fields(TAG.drawKey, manifest.table, manifest.game, number, requestDigest));
    const { values, salts } = await deriveDraw(drawKey, request.items.map((item) => num(item.sides)));
    if (results.length !== values.length) fail(`${results.length} results are revealed for ${values.length} requested items`);
    for (let k = 0; k < Math.min(results.length, request.items.length); k++) {
      const result = results[k]; const item = request.items[k];
      if (num(result.index) !== k || result.label !== item.label || num(result.sides) !== num(item.sides)) fail(`result ${k} does not describe requested item ${k}`);
      if (num(result.value) !== values[k]) fail(`result ${k} (${item.label}) is revealed as ${num(result.value)} but derives as ${values[k]}`);
      if (result.salt !== salts[k]) fail(`the salt of result ${k} does not match its derivation from s_${number}`);
    }
    if (committed.secret !== null && !same(committed.secret, { game: r.game, draw: r.draw, request, results })) fail('the logged draw secret differs from the reveal');
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
  report.checks.push(...(await (await import('./audit_play.js')).verifyPlay(textOrObject)).checks); // the games, by the rules (loaded only here)
  return report.checks;
}
