// Each committed draw serves exactly one entry of its own game, in order: the same rule, in the
// same words, as referee/fairness/draw_uses.py (docs/fairness.md section 9, "Draws are used").
//   * a draw of a kind another rules family draws fails (a poker_roll in a Liar's Dice game);
//   * a draw committed while another waits, or still waiting when its game or the log ends, serves nothing;
//   * an entry that names another draw than the one waiting, or one of another kind or reference,
//     uses a draw out of order.
// checkDrawUses(export, report) adds the failures to the verifier's report (fairness.js).

import { plain } from './fair_crypto.js';
import { describePurpose, purposeProblem } from './fair_inputs.js';

const LIARS_DICE = 'liars_dice';
// draw kind -> the family that draws it, the entry kind that uses it, the entry's field holding the
// draw's ref, and whether the entry names its draw (else it uses the waiting draw when that is its own)
const USES = {
  roll_off: { family: LIARS_DICE, entry: 'roll_off', ref: 'game', named: true },
  poker_roll: { family: 'poker_bluff', entry: 'cup_rolled', ref: 'game', named: true },
  poker_starter: { family: 'poker_bluff', entry: 'starter_drawn', ref: 'game', named: true },
  bracket: { family: 'poker_bluff', entry: 'bracket_drawn', ref: 'game', named: true },
  attempt_check: { family: LIARS_DICE, entry: 'attempt_checked', ref: 'attempt', named: true },
  attempt_target_die: { family: LIARS_DICE, entry: 'attempt_resolved', ref: 'attempt', named: false },
};
const KIND_OF_ENTRY = Object.fromEntries(Object.entries(USES).map(([kind, use]) => [use.entry, kind]));

const label = (value) => (purposeProblem(value) === null ? describePurpose(value) : 'a purpose outside the enumeration');

function familyOf(rules) {
  const name = rules && typeof rules === 'object' && 'game' in rules ? rules.game : LIARS_DICE;
  return typeof name === 'string' ? name : String(name);
}

function serves(drawKind, use, p, waiting) {
  const value = waiting.purpose;
  return !!value && typeof value === 'object' && value.kind === drawKind && value.ref === p[use.ref];
}

function useProblem(kind, p, waiting) {
  const drawKind = KIND_OF_ENTRY[kind]; const use = USES[drawKind];
  if (!use.named) return null;
  if (waiting === null) return `${kind} uses draw ${p.draw}, but no draw is waiting to be used`;
  if (p.draw !== waiting.draw) {
    return `${kind} uses draw ${p.draw}, but the draw to use is draw ${waiting.draw} (${label(waiting.purpose)}): draws are used in the order they are committed`;
  }
  if (!serves(drawKind, use, p, waiting)) {
    return `${kind} of ${use.ref} ${p[use.ref]} uses draw ${waiting.draw} (${label(waiting.purpose)}), which is not its ${drawKind} draw`;
  }
  return null;
}

/** The rule over a whole export (x.entries, exact numbers allowed), in log order, into `report`. */
export function checkDrawUses(x, report) {
  const families = new Map(); const waiting = new Map(); let current = null;
  const unused = (game, why, seq = null) => {
    const left = waiting.get(game);
    if (!left) return;
    const at = seq !== null ? `seq ${seq}: ` : '';
    report.fail(`game ${game} draw ${left.draw}`, `${at}draw ${left.draw} (${label(left.purpose)}) serves nothing: ${why}`);
    waiting.set(game, null);
  };
  for (const e of x.entries) {
    const kind = e.kind; const seq = plain(e.seq); const p = plain(e.public);
    if (!p || typeof p !== 'object') continue;
    if (kind === 'game_opened') {
      if (current !== null) unused(current, `game ${p.game} opens before any entry used it`, seq);
      current = p.game; families.set(current, familyOf(p.rules)); waiting.set(current, null);
    } else if (kind === 'draw_committed' && families.has(p.game)) {
      const game = p.game;
      unused(game, `draw ${p.draw} is committed before any entry used it`, seq);
      const value = p.purpose;
      const use = purposeProblem(value) === null ? USES[value.kind] : undefined;
      if (use !== undefined && use.family !== families.get(game)) {
        report.fail(`game ${game} draw ${p.draw}`, `seq ${seq}: draw ${p.draw} (${label(value)}) is not a draw of a ${families.get(game)} game`);
      }
      waiting.set(game, { draw: p.draw, purpose: value });
    } else if (Object.hasOwn(KIND_OF_ENTRY, kind) && families.has('game' in p ? p.game : current)) {
      const game = 'game' in p ? p.game : current;
      const left = waiting.get(game);
      const problem = useProblem(kind, p, left);
      if (problem !== null) report.fail(`game ${game} draw ${left ? left.draw : p.draw}`, `seq ${seq}: ${problem}`);
      const use = USES[KIND_OF_ENTRY[kind]];
      if (problem !== null || (left && (use.named || serves(KIND_OF_ENTRY[kind], use, p, left)))) waiting.set(game, null);
    }
  }
  for (const game of [...waiting.keys()].sort((a, b) => a - b)) unused(game, 'no entry uses it (the log ends)');
}
