// Runs static/js/fairness.js on a job written by tests/fairness/test_js.py and prints the
// results as JSON: node check.mjs JOB.json
import { readFileSync } from 'node:fs';
import { checkOwnSeed } from '../../../static/js/fair_inputs.js';
import { fromHex, leafHash, merkleRoot, toHex, verifyExport, verifyInclusion, verifyOwnDice } from '../../../static/js/fairness.js';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = { exports: {} };

const leaves = job.merkle.leaves.map(fromHex);
out.root = toHex(await merkleRoot(leaves));
const proof = job.merkle.proof.map(fromHex);
out.proofHolds = await verifyInclusion(await leafHash(leaves[job.merkle.index]), job.merkle.index, leaves.length, proof, fromHex(job.merkle.root));
out.wrongLeafHolds = await verifyInclusion(await leafHash(Uint8Array.of(1, 2, 3)), job.merkle.index, leaves.length, proof, fromHex(job.merkle.root));

for (const [name, text] of Object.entries(job.exports)) {
  const checks = await verifyExport(text);
  out.exports[name] = {
    ok: checks.every((c) => c.ok === true),
    failures: checks.filter((c) => c.ok === false).map((c) => `${c.step}: ${c.message}`),
    steps: checks.length,
  };
}

out.own = {};
for (const [name, own] of Object.entries(job.own)) {
  out.own[name] = await verifyOwnDice(own.private, own.public, own.key);
}
out.seeds = {};
for (const [name, seed] of Object.entries(job.seeds ?? {})) {
  out.seeds[name] = checkOwnSeed(seed.commitment, seed.seat, seed.sent);
}
console.log(JSON.stringify(out));
