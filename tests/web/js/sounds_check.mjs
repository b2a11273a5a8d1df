// Runs soundsFor (static/js/games/liars_dice/sounds.js) over the [before, after] state pairs of a job written by
// tests/web/test_sounds_js.py and prints the sounds each pair calls for, as JSON:
// node sounds_check.mjs JOB.json
import { readFileSync } from 'node:fs';
import { soundsFor } from '../../../static/js/games/liars_dice/sounds.js';

const pairs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
process.stdout.write(JSON.stringify(pairs.map(([before, after]) => soundsFor(before, after))));
