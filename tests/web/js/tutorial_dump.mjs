// Prints the tutorial's script (static/js/games/liars_dice/tutorial_script.js) and the table the page folds from it
// at every step (tutorial_steps.js), with every step's text in English and Russian, as JSON for
// tests/web/test_tutorial_script.py: node tutorial_dump.mjs
import { readFileSync } from "node:fs";
import { TUTORIAL } from "../../../static/js/games/liars_dice/tutorial_script.js";
import { heldFor, stepsOf, tableAt } from "../../../static/js/games/liars_dice/tutorial_steps.js";
import { stepText } from "../../../static/js/games/liars_dice/tutorial_words.js";
import { wording } from "../../../static/js/wording.js";

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../../referee/web/catalog/${lang}.json`, import.meta.url), "utf8"));
const langs = { en: wording("en", catalog("en")), ru: wording("ru", catalog("ru")) };
const tables = stepsOf(TUTORIAL).map((_, position) => tableAt(TUTORIAL, position));
process.stdout.write(JSON.stringify({
  script: TUTORIAL,
  steps: stepsOf(TUTORIAL),
  tables: tables.map(({ round, bids, result, turn, counts, totalDice }) => ({ round, bids, result, turn, counts, totalDice })),
  held: tables.map(({ hands, step }) => (step.face ? heldFor(hands[TUTORIAL.learner], step.face) : null)),
  text: Object.fromEntries(Object.entries(langs).map(([code, words]) => [code, tables.map((table) => stepText(TUTORIAL, table, words))])),
}));
