// Runs the page's pure modules (static/js/games/liars_dice/house_rules.js, rules_summary.js with wording.js) on the
// settings of a job written by tests/browser/test_page_js.py and prints what they make of each, as
// JSON: node page_check.mjs JOB.json
import { readFileSync } from 'node:fs';
import { conflicts, nearestPreset, overrides, presetOf, PRESET_NAMES, presetSettings, SWITCHES, TABLE_SWITCHES } from '../../../static/js/games/liars_dice/house_rules.js';
import { badge, badgeParts, summary, title } from '../../../static/js/games/liars_dice/rules_summary.js';
import { wording } from '../../../static/js/wording.js';

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../../referee/web/catalog/${lang}.json`, import.meta.url), 'utf8'));
const langs = { en: wording('en', catalog('en')), ru: wording('ru', catalog('ru')) };
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));

const words = (rules) => Object.fromEntries(Object.entries(langs).map(([code, lang]) => [code, {
  badge: badge(rules, lang), parts: badgeParts(rules, lang), summary: summary(rules, lang), title: title(rules, lang),
}]));

console.log(JSON.stringify({
  switches: SWITCHES,
  table_switches: TABLE_SWITCHES,
  presets: Object.fromEntries(PRESET_NAMES.map((name) => [name, presetSettings(name)])),
  conflicts: job.raw.map((settings) => conflicts(settings)),
  shown: job.shown.map((rules) => words(rules)),
  nearest: job.raw.map((settings) => {
    const preset = nearestPreset(settings);
    return { preset, overrides: overrides(settings, preset), exact: presetOf(settings) };
  }),
}));
