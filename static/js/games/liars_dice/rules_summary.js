// The rules a table plays, in words, from exactly its settings (a view's `rules`): a short badge
// line for the table and a plain-language summary one click away. Pure: `lang` is a wording
// (wording.js) of the catalogue's `rules.*` strings, so node checks every preset and many random
// settings in both languages (tests/browser/test_page_js.py).
//
//   badge({ dice_per_player: 7, wild_ones: false, challenge: "anyone", loss: "elimination" }, en)
//   // "7 dice · ones not wild · anyone calls · loser is out"

import { complete, presetOf, SWITCHES } from "./house_rules.js";
import { houseRulesOn } from "./settings.js";

// One part per fact of the badge: the dice, wild ones or not, then every house rule that is on.
// In a palifico round (`round.palifico`) ones are not wild whatever the table plays: the badge says so.
//   badge({ dice_per_player: 5 }, en, { palifico: true })   // "5 dice · palifico round: ones not wild"
export function badgeParts(rules, lang, round = {}) {
  const s = complete(rules);
  const wild = round.palifico ? lang.t("rules.badge.wild_ones.palifico") : lang.t(`rules.badge.wild_ones.${s.wild_ones}`);
  const parts = [
    { switch: "dice_per_player", text: lang.t("unit.dice", { n: s.dice_per_player }) },
    { switch: "wild_ones", text: wild },
  ];
  for (const name of houseRulesOn(s)) {
    const key = typeof s[name] === "boolean" ? `rules.badge.${name}` : `rules.badge.${name}.${s[name]}`;
    parts.push({ switch: name, text: lang.t(key) });
  }
  return parts;
}

export function badge(rules, lang, round = {}) {
  return badgeParts(rules, lang, round).map((part) => part.text).join(" · ");
}

// "Kul Tiras rules" when the settings are a preset (seats and timer aside), else "House rules".
export function title(rules, lang) {
  const preset = presetOf(complete(rules));
  return lang.t(preset ? `rules.title.${preset}` : "rules.title.custom");
}

// One line per switch, in the order of RULES.md A2: every table switch and every choice says its
// value; a true-or-false house rule has a line only when it is on. Each line is
// {switch, value, text}. In a palifico round the wild-ones line says that this round's ones are not wild.
export function summary(rules, lang, round = {}) {
  const s = complete(rules);
  const lines = [];
  for (const rule of SWITCHES) {
    const value = s[rule.name];
    if (rule.kind === "bool" && rule.name !== "wild_ones" && !value) continue;
    const text = rule.name === "wild_ones" && round.palifico ? lang.t("game.palifico") : line(rule.name, s, lang);
    lines.push({ switch: rule.name, value, text });
  }
  return lines;
}

function line(name, s, lang) {
  switch (name) {
    case "dice_per_player": return lang.t("rules.line.dice_per_player", { n: s.dice_per_player });
    case "max_players": return lang.t("rules.line.max_players", { n: s.max_players });
    case "wild_ones": return lang.t(s.wild_ones ? (s.bids_on_ones ? "rules.line.wild_ones.bid" : "rules.line.wild_ones.true") : "rules.line.wild_ones.false");
    case "turn_timer_s": return s.turn_timer_s ? lang.t("rules.line.turn_timer_s", { n: s.turn_timer_s }) : lang.t("rules.line.turn_timer_s.off");
    case "spot_on": return lang.t("rules.line.spot_on", { n: s.dice_per_player });
    default: return lang.t(typeof s[name] === "boolean" ? `rules.line.${name}` : `rules.line.${name}.${s[name]}`);
  }
}
