// A language's wording from its message catalogue, without the page: plural forms, {params},
// bids in words. Pure (no DOM), so node runs it as the browser does; i18n.js wraps the page's
// own catalogue in one.
//
//   const en = wording("en", { "unit.dice": "{n} die|{n} dice" });
//   en.t("unit.dice", { n: 3 });   // "3 dice"

// Which plural form fits n: English one/other; Russian one/few/many.
export function pluralIndex(lang, n) {
  if (lang !== "ru") return n === 1 ? 0 : 1;
  if (n % 10 === 1 && n % 100 !== 11) return 0;
  if (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) return 1;
  return 2;
}

export function wording(lang, strings) {
  // The string for key with {params} filled in; "a|b|c" holds plural forms chosen by params.n.
  function t(key, params = {}) {
    let text = strings[key] ?? key;
    if (text.includes("|")) {
      const forms = text.split("|");
      text = forms[Math.min(pluralIndex(lang, params.n ?? 0), forms.length - 1)];
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
