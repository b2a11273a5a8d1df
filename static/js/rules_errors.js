// The errors of the Liar's Dice rules, as referee/rules/errors.py: one base class with a stable
// `code` ("bid/not_higher"), a malformed input apart from a move the rules do not allow now, and
// a settings conflict that names every switch involved.
//   new IllegalAction("bid/not_higher", "3 × 4 does not raise 3 × 5").code  → "bid/not_higher"
//   new SettingsConflict(["duel_dice", "loss"], "…").keys                   → ["duel_dice", "loss"]

export class RulesError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

// The action or setting is not well formed (wrong type, unknown field).
export class MalformedAction extends RulesError {}

// The action is well formed but the rules do not allow it in this state.
export class IllegalAction extends RulesError {}

// Switches that are each valid but do not combine; `keys` names them all, sorted.
export class SettingsConflict extends MalformedAction {
  constructor(keys, message) {
    super("settings/conflict", message);
    this.keys = keys;
  }
}
