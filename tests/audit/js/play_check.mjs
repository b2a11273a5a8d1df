// Runs the browser's verifier (static/js/fairness.js: the dice, then the games through
// static/js/audit_play.js) on the exports of a job written by tests/audit/node_verifier.py and
// prints every check, the game checks apart and the rounds and roll-off throws the page shows, as JSON:
// node play_check.mjs JOB.json
import { readFileSync } from 'node:fs';
import { verifyExport } from '../../../static/js/fairness.js';
import { verifyPlay } from '../../../static/js/audit_play.js';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = {};
for (const [name, text] of Object.entries(job.exports)) {
  const all = await verifyExport(text);
  const play = await verifyPlay(text);
  out[name] = {
    ok: all.every((c) => c.ok === true),
    all: all.map((c) => [c.step, c.ok, c.message]),
    play: play.checks.map((c) => [c.step, c.ok, c.message]),
    rounds: play.rounds,
    throws: play.throws,
    summary: play.summary,
  };
}
console.log(JSON.stringify(out));
