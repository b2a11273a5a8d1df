// Words every check line of a job file in English and in Russian with static/js/check_wording.js and
// the catalogues, as the audit page does: node check_words.mjs job.json -> {"en": [...], "ru": [...]}.
import { readFileSync } from "node:fs";
import { checkWords } from "../../../static/js/check_wording.js";
import { wording } from "../../../static/js/wording.js";

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../../referee/web/catalog/${lang}.json`, import.meta.url)));
const messages = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const words = (lang) => messages.map((m) => checkWords(m, wording(lang, catalog(lang))));
process.stdout.write(JSON.stringify({ en: words("en"), ru: words("ru") }));
