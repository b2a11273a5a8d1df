// Runs the browser's verifiers (static/js/fairness.js for the dice, static/js/audit_play.js for the
// games) on the exports of a job written by tests/audit/test_play_js.py, and prints their verdicts
// as JSON: node play_check.mjs JOB.json
import { readFileSync } from 'node:fs';
import { verifyExport } from '../../../static/js/fairness.js';
import { verifyPlay } from '../../../static/js/audit_play.js';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = {};
for (const [name, text] of Object.entries(job.exports)) {
  const dice = await verifyExport(text);
  const play = await verifyPlay(text);
  out[name] = {
    ok: [...dice, ...play.checks].every((c) => c.ok === true),
    play: play.checks.map((c) => [c.step, c.ok, c.message]),
    rounds: play.rounds,
  };
}
console.log(JSON.stringify(out));
