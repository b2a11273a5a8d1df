// The plural form static/js/wording.js picks (Intl.PluralRules) for n = 0..200 in each language
// given, as the catalogue's `_meta.plural` orders the forms: node plural_check.mjs en ru es
// -> {"en": [1, 0, 1, …], …}.
import { readFileSync } from "node:fs";
import { pluralIndex } from "../../../static/js/wording.js";

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../../referee/web/catalog/${lang}.json`, import.meta.url)));
const picked = {};
for (const lang of process.argv.slice(2)) {
  const forms = catalog(lang)["_meta.plural"];
  picked[lang] = Array.from({ length: 201 }, (_, n) => pluralIndex(lang, n, forms));
}
process.stdout.write(JSON.stringify(picked));
