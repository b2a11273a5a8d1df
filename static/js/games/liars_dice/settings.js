// The rule settings of a Liar's Dice game, as referee/rules/settings.py: the `tavern` defaults,
// every house-rule switch of RULES.md A2 and the presets of A3. A settings object is frozen and
// valid by construction; a bad value or switches that do not combine throw with the engine's code.
//   settingsFrom({ dice_per_player: 7 }).dice_per_player                → 7
//   settingsFrom({ dice_per_player: 11 })                                → throws settings/out_of_range
//   settingsFrom({ bids_on_ones: true, wild_ones: false })               → throws settings/conflict
//   toDict(settingsFromPreset("perudo", { dice_per_player: 3 }))         → { dice_per_player: 3, …, palifico: true }

import { MalformedAction, SettingsConflict } from "../../rules_errors.js";

// Every switch with its `tavern` default, in the engine's order.
export const DEFAULTS = Object.freeze({
  dice_per_player: 5, max_players: 6, wild_ones: true, turn_timer_s: 60, bids_on_ones: false,
  raise_rule: "quantity_or_face", challenge: "next_player", spot_on: false, palifico: false, loss: "one_die",
  duel_dice: false, first_opener: "rotate",
});
// The ranges, true-or-false switches and choices (default first) that a settings object must keep to.
export const INT_RANGES = Object.freeze({ dice_per_player: [1, 10], max_players: [2, 8], turn_timer_s: [0, 3600] });
export const BOOLEANS = Object.freeze(["wild_ones", "bids_on_ones", "spot_on", "palifico", "duel_dice"]);
export const CHOICES = Object.freeze({
  raise_rule: ["quantity_or_face", "face_up"],
  challenge: ["next_player", "anyone"],
  loss: ["one_die", "difference", "elimination"],
  first_opener: ["rotate", "roll_off"],
});
// The switches every table names in `toDict` (the others only when they differ from `tavern`).
export const TABLE_SWITCHES = ["dice_per_player", "max_players", "wild_ones", "turn_timer_s"];

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const shown = (value) => JSON.stringify(value) ?? String(value);

// A frozen settings object from every switch; throws like Settings.__post_init__.
function checked(switches) {
  for (const [name, [low, high]] of Object.entries(INT_RANGES)) {
    const value = switches[name];
    if (!Number.isInteger(value) || value < low || value > high) {
      throw new MalformedAction("settings/out_of_range", `${name} must be an integer from ${low} to ${high}, got ${shown(value)}`);
    }
  }
  for (const name of BOOLEANS) {
    if (typeof switches[name] !== "boolean") throw new MalformedAction("settings/not_boolean", `${name} must be true or false, got ${shown(switches[name])}`);
  }
  for (const [name, choices] of Object.entries(CHOICES)) {
    if (!choices.includes(switches[name])) {
      throw new MalformedAction("settings/not_a_choice", `${name} is one of ${choices.join(", ")}, not ${shown(switches[name])}`);
    }
  }
  const found = conflicts(switches);
  if (found.length) {
    const keys = [...new Set(found.flatMap(([pair]) => pair))].sort();
    throw new SettingsConflict(keys, found.map(([, reason]) => reason).join("; "));
  }
  return Object.freeze(switches);
}

// Every pair of switches that does not combine, with the engine's reason: [[[a, b], reason], …],
// in the engine's order (any values will do: the page asks it of controls not yet checked).
export function conflicts(s) {
  const found = [];
  if (s.bids_on_ones && !s.wild_ones) {
    found.push([["bids_on_ones", "wild_ones"], "bids_on_ones needs wild_ones = true (bids on ones exist only when ones are wild)"]);
  }
  if (s.bids_on_ones && s.raise_rule === "face_up") {
    found.push([["bids_on_ones", "raise_rule"], "bids_on_ones needs raise_rule = quantity_or_face (face_up has no place for the ones' halving)"]);
  }
  if (s.duel_dice && s.loss !== "elimination") found.push([["duel_dice", "loss"], `duel_dice needs loss = elimination, not ${s.loss}`]);
  if (s.palifico && s.loss === "elimination") {
    found.push([["palifico", "loss"], "palifico needs loss = one_die or difference (under elimination nobody drops to one die)"]);
  }
  if (s.palifico && s.dice_per_player === 1) {
    found.push([["palifico", "dice_per_player"], "palifico needs dice_per_player of 2 or more (with one die nobody drops to one die)"]);
  }
  return found;
}

// Settings.from_dict: any switches of A2 (the rest keep their `tavern` default); unknown keys and bad values throw.
export function settingsFrom(data) {
  if (!isObject(data)) throw new MalformedAction("settings/malformed", `settings must be an object, got ${shown(data)}`);
  const unknown = Object.keys(data).filter((key) => !Object.hasOwn(DEFAULTS, key)).sort();
  if (unknown.length) throw new MalformedAction("settings/unknown", `unknown setting(s): ${unknown.join(", ")}`);
  return checked({ ...DEFAULTS, ...data });
}

// The three presets of RULES.md A3 (`kul_tiras` offers `duel_dice` as a switch, off here).
export const PRESETS = Object.freeze({
  tavern: checked({ ...DEFAULTS }),
  kul_tiras: checked({ ...DEFAULTS, dice_per_player: 7, wild_ones: false, raise_rule: "face_up", challenge: "anyone",
    loss: "elimination", first_opener: "roll_off" }),
  perudo: checked({ ...DEFAULTS, bids_on_ones: true, spot_on: true, palifico: true }),
});

// Settings.from_preset: a preset of A3 with `overrides` (switches, as for settingsFrom) on top.
export function settingsFromPreset(name, overrides = null) {
  if (typeof name !== "string" || !Object.hasOwn(PRESETS, name)) {
    throw new MalformedAction("settings/preset", `preset is one of ${Object.keys(PRESETS).sort().join(", ")}, not ${shown(name)}`);
  }
  if (overrides !== null && overrides !== undefined && !isObject(overrides)) {
    throw new MalformedAction("settings/malformed", `settings must be an object, got ${shown(overrides)}`);
  }
  return settingsFrom({ ...PRESETS[name], ...(overrides ?? {}) });
}

// Faces a bid may name in an ordinary round: 2–6 when ones are wild (and not bid), else 1–6.
export function faces(settings) {
  return settings.wild_ones && !settings.bids_on_ones ? [2, 3, 4, 5, 6] : [1, 2, 3, 4, 5, 6];
}

// The switches beyond TABLE_SWITCHES that differ from their `tavern` default.
export function houseRulesOn(settings) {
  return Object.keys(DEFAULTS).filter((name) => !TABLE_SWITCHES.includes(name) && settings[name] !== DEFAULTS[name]);
}

// Settings.to_dict: the TABLE_SWITCHES always, a house rule only when it is on (round-trips through settingsFrom).
export function toDict(settings) {
  const names = [...TABLE_SWITCHES, ...houseRulesOn(settings)];
  return Object.fromEntries(Object.keys(DEFAULTS).filter((name) => names.includes(name)).map((name) => [name, settings[name]]));
}

// Whether two settings objects hold the same value for every switch.
export function sameSettings(a, b) {
  return Object.keys(DEFAULTS).every((name) => a[name] === b[name]);
}
