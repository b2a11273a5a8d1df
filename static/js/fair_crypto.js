// The byte-exact building blocks of the browser's fairness checks (WebCrypto, no libraries):
// canonical JSON with exact numbers, fields(), SHA-256, HMAC, Ed25519, RFC 6962 Merkle trees,
// and the HMAC-stream derivation of dice and draws. The same bytes as referee/fairness
// (docs/fairness.md sections 1, 4, 5, 6); fairness.js builds the verifiers on them.

export const DOMAIN = {
  manifest: 'tavern-jack/manifest/1', deal: 'tavern-jack/deal/1',
  draw: 'tavern-jack/draw/1', head: 'tavern-jack/head/1',
};
export const TAG = {
  roundKey: 'tavern-jack/round-key/1', dice: 'tavern-jack/dice/1', dieSalt: 'tavern-jack/die-salt/1',
  drawKey: 'tavern-jack/draw-key/1', seededDrawKey: 'tavern-jack/draw-key/2', drawValues: 'tavern-jack/draw-values/1', drawSalt: 'tavern-jack/draw-salt/1',
};
const DIE_SIDES = 6;
const subtle = globalThis.crypto.subtle;
export const utf8 = new TextEncoder();

// ---------------------------------------------------------------- bytes and canonical JSON

export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fromHex(text) {
  if (typeof text !== 'string' || text.length % 2 || /[^0-9a-f]/.test(text)) throw new Error(`not lowercase hex: ${text}`);
  return Uint8Array.from(text.match(/../g) || [], (pair) => parseInt(pair, 16));
}

export function hex32(text, what) {
  if (typeof text !== 'string' || !/^[0-9a-f]{64}$/.test(text)) throw new Error(`${what} must be 64 lowercase hex digits, got ${JSON.stringify(text)}`);
  return fromHex(text);
}

export function concat(...arrays) {
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

export const num = (v) => (v instanceof RawNumber ? Number(v.text) : v);

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

export const canonicalBytes = (value) => utf8.encode(canonical(value));
export const same = (a, b) => canonical(a) === canonical(b);
export const statement = (domain, payload) => concat(utf8.encode(`${domain}\n`), canonicalBytes(payload));
export const withoutSignature = (payload) => Object.fromEntries(Object.entries(payload).filter(([k]) => k !== 'signature'));
export const pyList = (values) => `[${values.join(', ')}]`;
/** A parsed value with its exact numbers turned into plain numbers (key order kept). */
export const plain = (value) => {
  if (value instanceof RawNumber) return Number(value.text);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
};

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

export async function hmacKey(key) {
  return subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

export async function hmac(cryptoKey, message) {
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
export const drawLeaf = (r) => canonicalBytes({ index: r.index, label: r.label, sides: r.sides, value: r.value, salt: r.salt });

export function handLeaves(hands, salts) {
  return seatsOf(hands).flatMap((seat) => hands[seat].map((value, j) => dieLeaf(seat, j, num(value), salts[seat][j])));
}

// ---------------------------------------------------------------- derivation (HMAC streams)

export function seatsOf(mapping) {
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

export async function deriveHands(roundKey, counts) {
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

export async function deriveDraw(drawKey, sides) {
  const key = await hmacKey(drawKey);
  const stream = new HmacStream(key, [TAG.drawValues]);
  const values = []; const salts = [];
  for (let k = 0; k < sides.length; k++) {
    values.push(await uniformValue(stream, sides[k]));
    salts.push(toHex(await hmac(key, fields(TAG.drawSalt, k))));
  }
  return { values, salts };
}

export async function hashesTo(x, rounds, anchor) {
  let value = x;
  for (let i = 0; i < rounds; i++) value = await sha256(value);
  return toHex(value) === anchor;
}
