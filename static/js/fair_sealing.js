// Sealed secrets in an audit export (docs/fairness.md sections 7 and 9, check 2), message for
// message as referee/fairness/verify_log.py: a salted digest is `salted:` + SHA-256(salt ‖
// canonical(secret)), the salt published with the secret at its reveal and never before; once a
// log has a salted digest no later one may be unsalted, no salt serves two entries; a private
// message has neither text nor digest in the export. A log written before salting verifies as
// before, with a note.
//
//   await secretProblem({seq: 9, kind: 'die_changed', secret: null, secret_salt: null,
//                        secret_digest: 'salted:…'}, true)   // null: sealed, nothing to check

import { canonicalBytes, concat, fromHex, num, sha256, toHex } from './fair_crypto.js';

const SALTED = 'salted:';
const PRIVATE_KINDS = new Set(['message_sent']);
const hex = (text, length) => typeof text === 'string' && text.length === length && /^[0-9a-f]*$/.test(text);

/** True for a salted digest (`salted:` and 64 hex digits). */
export const isSalted = (digest) => typeof digest === 'string' && digest.startsWith(SALTED) && hex(digest.slice(SALTED.length), 64);

/** A sealed entry whose digest is unsalted: its secret can be guessed and tested. */
export const guessable = (e) => e.secret === null && e.secret_digest !== null && !isSalted(e.secret_digest);

async function digestHolds(secret, salt, digest) {
  if (isSalted(digest)) return hex(salt, 64) && SALTED + toHex(await sha256(concat(fromHex(salt), canonicalBytes(secret)))) === digest;
  return toHex(await sha256(canonicalBytes(secret))) === digest;
}

/** What is wrong with entry `e`'s secret, digest and salt (`salted` once the log has a salted digest), or null. */
export async function secretProblem(e, salted) {
  const digest = e.secret_digest; const secret = e.secret; const salt = e.secret_salt ?? null;
  if (PRIVATE_KINDS.has(e.kind) && secret !== null) return "a private message's text is in the export";
  if (PRIVATE_KINDS.has(e.kind) && salted && digest !== null) return 'a private message is published as a digest: it must leave the server in no form';
  if (salted && digest !== null && !isSalted(digest)) return 'an unsalted secret digest after salted ones: anyone can test guesses against it';
  if (secret === null && salt !== null) return 'the salt is published before the secret: anyone can test guesses against its digest';
  if (secret !== null && isSalted(digest) && salt === null) return 'the revealed secret comes without its salt';
  if (secret !== null && !(await digestHolds(secret, salt, digest))) return 'the revealed secret does not match its secret_digest';
  return null;
}

/** A salt revealed twice (`salts`: salt → seq of its first entry, filled in): the first reveal let
 *  anyone test guesses against the other digest. */
export function saltReused(e, salts) {
  const salt = e.secret_salt ?? null;
  if (salt === null) return null;
  if (salts.has(salt)) return `its salt is the salt of seq ${salts.get(salt)}: a salt used again lets anyone test guesses once the first is revealed`;
  salts.set(salt, num(e.seq));
  return null;
}
