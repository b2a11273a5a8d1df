// The house-rule switches of RULES.md A2 as the page offers them, on top of the rules port
// (settings.js holds the defaults, ranges, choices, presets and conflicts, as
// settings.py): the switches in the order A2 lists them, each with its kind; what a table's
// settings change from a preset, the preset they are closest to, and the conflicts worded by
// the catalogue's `options.conflict.<id>`. Pure.
//
//   complete({ dice_per_player: 7 }).loss        // "one_die": a view names only the switches that are on
//   conflicts(complete({ duel_dice: true }))     // [{ id: "duel_dice_loss", keys: ["duel_dice", "loss"] }]
//   overrides(complete({ spot_on: true }), "perudo")   // { bids_on_ones: false, palifico: false }

import { BOOLEANS, CHOICES, conflicts as clashes, DEFAULTS, INT_RANGES, PRESETS } from "./settings.js";

export { DEFAULTS, TABLE_SWITCHES } from "./settings.js";

// RULES.md A2's order, in which the options control and the summary list the switches.
const A2_ORDER = ["dice_per_player", "max_players", "wild_ones", "bids_on_ones", "raise_rule", "challenge", "spot_on",
  "palifico", "loss", "duel_dice", "first_opener", "turn_timer_s"];

function described(name) {
  if (Object.hasOwn(INT_RANGES, name)) {
    const [min, max] = INT_RANGES[name];
    return { name, kind: "int", min, max, default: DEFAULTS[name] };
  }
  if (BOOLEANS.includes(name)) return { name, kind: "bool", default: DEFAULTS[name] };
  return { name, kind: "choice", values: [...CHOICES[name]], default: DEFAULTS[name] };
}

// [{ name, kind: "int" | "bool" | "choice", default, min?, max?, values? }, …]
export const SWITCHES = A2_ORDER.map(described);

export const PRESET_NAMES = Object.keys(PRESETS);

// Every switch, from a view's `rules` (which names a house rule only when it is on); not checked.
export function complete(rules) {
  return { ...DEFAULTS, ...rules };
}

export function presetSettings(name) {
  return { ...PRESETS[name] };
}

// The switches of `settings` that differ from the preset's.
export function overrides(settings, preset) {
  const base = PRESETS[preset];
  return Object.fromEntries(A2_ORDER.filter((name) => settings[name] !== base[name]).map((name) => [name, settings[name]]));
}

// The preset the settings are closest to (fewest switches changed; the first such in PRESETS).
export function nearestPreset(settings) {
  let best = null;
  for (const name of PRESET_NAMES) {
    const changed = Object.keys(overrides(settings, name)).length;
    if (best === null || changed < best.changed) best = { name, changed };
  }
  return best.name;
}

// The preset the settings are, ignoring the seats and the timer; else null.
export function presetOf(settings) {
  const logistics = new Set(["max_players", "turn_timer_s"]);
  return PRESET_NAMES.find((name) => Object.keys(overrides(settings, name)).every((key) => logistics.has(key))) ?? null;
}

// The pairs of switches that do not combine, in the engine's order: each with its catalogue id
// (the pair as the engine names it) and its keys, sorted.
export function conflicts(settings) {
  return clashes(settings).map(([pair]) => ({ id: pair.join("_"), keys: [...pair].sort() }));
}
