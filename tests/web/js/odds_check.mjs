// Runs static/js/games/liars_dice/odds.js over the cases of a job written by tests/web/test_odds_js.py and prints
// the chance of each case's bid (and of its standing bid) as JSON, for Python to compare:
// node odds_check.mjs JOB.json
import { readFileSync } from 'node:fs';
import { bidOdds, percent, standingOdds } from '../../../static/js/games/liars_dice/odds.js';

const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const out = cases.map(({ view, bid }) => ({
  bid: bidOdds(view, bid), standing: standingOdds(view), percent: percent(bidOdds(view, bid) ?? 0),
}));
process.stdout.write(JSON.stringify(out));
