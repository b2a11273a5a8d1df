// The page's message catalogue (a hashed JSON asset the page preloads: <link id="strings">) and the wording of bids.

import { wording } from "./wording.js";

const strings = await (await fetch(document.getElementById("strings").href)).json();
const lang = document.documentElement.lang;

// The page's language as a wording (wording.js), for the pure modules that take one.
export const pageWording = wording(lang, strings);

// The string for key with {params} filled in; "a|b|c" holds plural forms chosen by params.n.
export function t(key, params = {}) {
  return pageWording.t(key, params);
}

// "four fives" / "четыре пятёрки"; numbers above ten stay digits.
export function bidWords(quantity, face) {
  return pageWording.bidWords(quantity, face);
}

// "4 × 5"
export function bidShort(quantity, face) {
  return t("bid.short", { quantity, face });
}

export function diceCount(n) {
  return t("unit.dice", { n });
}

// A readable text for a server error: the catalogue's wording for its code, else its message.
export function errorText(code, message) {
  return strings[`error.${code}`] ?? (message || t("error.unknown"));
}
