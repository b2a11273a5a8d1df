// A language's wording from its message catalogue, without the page: plural forms, {params},
// bids in words. Pure (no DOM), so node runs it as the browser does; i18n.js wraps the page's
// own catalogue in one.
//
//   const en = wording("en", { "_meta.plural": "one|other", "unit.dice": "{n} die|{n} dice" });
//   en.t("unit.dice", { n: 3 });   // "3 dice"

// Which plural form of a value fits n: the CLDR category Intl.PluralRules gives n in lang, found
// among the catalogue's `_meta.plural` (the categories of its forms, in order: "one|few|many");
// a category without a form takes the last one. The server picks the same (referee/web/i18n.py,
// with Babel's CLDR rules).
export function pluralIndex(lang, n, forms = "one|other") {
  const categories = forms.split("|");
  const at = categories.indexOf(new Intl.PluralRules(lang.replace("_", "-")).select(n));
  return at === -1 ? categories.length - 1 : at;
}

export function wording(lang, strings) {
  const forms = strings["_meta.plural"] ?? "one|other";

  // The string for key with {params} filled in; "a|b|c" holds plural forms chosen by params.n.
  function t(key, params = {}) {
    let text = strings[key] ?? key;
    if (text.includes("|")) {
      const values = text.split("|");
      text = values[Math.min(pluralIndex(lang, params.n ?? 0, forms), values.length - 1)];
    }
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }

  // "four fives" / "четыре пятёрки"; numbers above ten stay digits.
  function bidWords(quantity, face) {
    const number = strings[`number.${quantity}`] ?? String(quantity);
    return t("bid.words", { quantity: number, face: t(`face.${face}`, { n: quantity }) });
  }

  return { lang, t, bidWords };
}
