// Runs pokerSoundsFor (static/js/games/poker_bluff/sounds.js) over the [before, after] state pairs of a job written by
// tests/web/test_poker_sounds_js.py and prints the sounds each pair calls for, as JSON:
// node poker_sounds_check.mjs JOB.json
import { readFileSync } from 'node:fs';
import { pokerSoundsFor } from '../../../static/js/games/poker_bluff/sounds.js';

const pairs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
process.stdout.write(JSON.stringify(pairs.map(([before, after]) => pokerSoundsFor(before, after))));
