// The page's message catalogue (embedded by the server as JSON) and the wording of bids.

const strings = JSON.parse(document.getElementById("strings").textContent);
const lang = document.documentElement.lang;

// Which plural form fits n: English one/other; Russian one/few/many.
export function pluralIndex(n) {
  if (lang !== "ru") return n === 1 ? 0 : 1;
  if (n % 10 === 1 && n % 100 !== 11) return 0;
  if (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) return 1;
  return 2;
}

// The string for key with {params} filled in; "a|b|c" holds plural forms chosen by params.n.
export function t(key, params = {}) {
  let text = strings[key] ?? key;
  if (text.includes("|")) {
    const forms = text.split("|");
    text = forms[Math.min(pluralIndex(params.n ?? 0), forms.length - 1)];
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// "four fives" / "четыре пятёрки"; numbers above ten stay digits.
export function bidWords(quantity, face) {
  const number = strings[`number.${quantity}`] ?? String(quantity);
  return t("bid.words", { quantity: number, face: t(`face.${face}`, { n: quantity }) });
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
