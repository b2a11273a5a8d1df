// The house-rule switches of RULES.md A2 as the page offers them: their values and defaults,
// the presets of A3, and which switches do not combine; the same tables as
// referee/rules/settings.py (tests/browser/test_page_js.py holds them side by side). Pure.
//
//   complete({ dice_per_player: 7 }).loss        // "one_die": a view names only the switches that are on
//   conflicts(complete({ duel_dice: true }))     // [{ id: "duel_dice_loss", keys: ["duel_dice", "loss"] }]
//   overrides(complete({ spot_on: true }), "perudo")   // { bids_on_ones: false, palifico: false }

// In the order of RULES.md A2; a choice's default is its first value.
export const SWITCHES = [
  { name: "dice_per_player", kind: "int", min: 1, max: 10, default: 5 },
  { name: "max_players", kind: "int", min: 2, max: 8, default: 6 },
  { name: "wild_ones", kind: "bool", default: true },
  { name: "bids_on_ones", kind: "bool", default: false },
  { name: "raise_rule", kind: "choice", values: ["quantity_or_face", "face_up"], default: "quantity_or_face" },
  { name: "challenge", kind: "choice", values: ["next_player", "anyone"], default: "next_player" },
  { name: "spot_on", kind: "bool", default: false },
  { name: "palifico", kind: "bool", default: false },
  { name: "loss", kind: "choice", values: ["one_die", "difference", "elimination"], default: "one_die" },
  { name: "duel_dice", kind: "bool", default: false },
  { name: "first_opener", kind: "choice", values: ["rotate", "roll_off"], default: "rotate" },
  { name: "turn_timer_s", kind: "int", min: 0, max: 3600, default: 60 },
];

// The switches every table names (Settings.TABLE_SWITCHES); the others are house rules.
export const TABLE_SWITCHES = ["dice_per_player", "max_players", "wild_ones", "turn_timer_s"];

export const DEFAULTS = Object.fromEntries(SWITCHES.map((s) => [s.name, s.default]));

// RULES.md A3, as the switches each preset changes.
export const PRESETS = {
  tavern: {},
  kul_tiras: { dice_per_player: 7, wild_ones: false, raise_rule: "face_up", challenge: "anyone", loss: "elimination", first_opener: "roll_off" },
  perudo: { bids_on_ones: true, spot_on: true, palifico: true },
};

// Every switch, from a view's `rules` (which names a house rule only when it is on).
export function complete(rules) {
  return { ...DEFAULTS, ...rules };
}

export function presetSettings(name) {
  return complete(PRESETS[name]);
}

// The switches of `settings` that differ from the preset's.
export function overrides(settings, preset) {
  const base = presetSettings(preset);
  return Object.fromEntries(SWITCHES.filter((s) => settings[s.name] !== base[s.name]).map((s) => [s.name, settings[s.name]]));
}

// The preset the settings are closest to (fewest switches changed; the first such in PRESETS).
export function nearestPreset(settings) {
  let best = null;
  for (const name of Object.keys(PRESETS)) {
    const changed = Object.keys(overrides(settings, name)).length;
    if (best === null || changed < best.changed) best = { name, changed };
  }
  return best.name;
}

// The preset the settings are, ignoring the seats and the timer; else null.
export function presetOf(settings) {
  const logistics = new Set(["max_players", "turn_timer_s"]);
  return Object.keys(PRESETS).find((name) => Object.keys(overrides(settings, name)).every((key) => logistics.has(key))) ?? null;
}

// Pairs of switches that do not combine, in the order settings.py checks them; each names its keys, sorted.
const RULES_THAT_CLASH = [
  { id: "bids_on_ones_wild_ones", keys: ["bids_on_ones", "wild_ones"], clash: (s) => s.bids_on_ones && !s.wild_ones },
  { id: "bids_on_ones_raise_rule", keys: ["bids_on_ones", "raise_rule"], clash: (s) => s.bids_on_ones && s.raise_rule === "face_up" },
  { id: "duel_dice_loss", keys: ["duel_dice", "loss"], clash: (s) => s.duel_dice && s.loss !== "elimination" },
  { id: "palifico_loss", keys: ["loss", "palifico"], clash: (s) => s.palifico && s.loss === "elimination" },
  { id: "palifico_dice_per_player", keys: ["dice_per_player", "palifico"], clash: (s) => s.palifico && s.dice_per_player === 1 },
];

export function conflicts(settings) {
  return RULES_THAT_CLASH.filter((rule) => rule.clash(settings)).map(({ id, keys }) => ({ id, keys }));
}
