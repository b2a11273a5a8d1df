// Runs the poker page's pure modules (static/js/games/poker_bluff/picker_rules.js, poker_page_words.js) on a
// job written by tests/browser/test_poker_page_js.py and prints what they make of it, as JSON:
// node poker_page_check.mjs JOB.json
import { readFileSync } from 'node:fs';
import { ALL, facesOffered, higherThan, keepOf, kindsOffered, mayPick, SHAPES, startingDeclaration, text } from '../../../static/js/games/poker_bluff/picker_rules.js';
import { declarationWords } from '../../../static/js/games/poker_bluff/words.js';
import { wording } from '../../../static/js/wording.js';

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../../referee/web/catalog/${lang}.json`, import.meta.url), 'utf8'));
const langs = { en: wording('en', catalog('en')), ru: wording('ru', catalog('ru')) };
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));

// Every declaration a person can reach in the picker: each kind offered, then each face offered per group.
function picked(last) {
  const found = [];
  const walk = (kind, chosen) => {
    if (chosen.length === SHAPES[kind].length) {
      found.push(text({ kind, faces: chosen }));
      return;
    }
    for (const face of facesOffered(last, kind, chosen)) walk(kind, [...chosen, face]);
  };
  for (const kind of kindsOffered(last)) walk(kind, []);
  return found;
}

// Every set of dice a person can set aside by tapping dice one by one (each tap allowed by mayPick).
function keeps(cup, keepable) {
  const seen = new Set();
  const found = new Set();
  const walk = (chosen) => {
    const key = [...chosen].sort().join();
    if (seen.has(key)) return;
    seen.add(key);
    found.add(JSON.stringify(keepOf(cup, chosen)));
    cup.forEach((_, index) => { if (mayPick(cup, chosen, index, keepable)) walk([...chosen, index]); });
  };
  walk([]);
  return [...found].map((keep) => JSON.parse(keep));
}

console.log(JSON.stringify({
  all: ALL.map(text),
  picked: job.lasts.map((last) => picked(last)),
  higher: job.lasts.map((last) => higherThan(last).map(text)),
  keeps: job.keeps.map(({ cup, keepable }) => keeps(cup, keepable)),
  starts: job.starts.map(({ last, cup }) => { const d = startingDeclaration(last, cup); return d && text(d); }),
  words: Object.fromEntries(Object.entries(langs).map(([code, lang]) => [code, ALL.map((d) => declarationWords(d, lang))])),
}));
