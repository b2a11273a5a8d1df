// Runs the browser's rules port (static/js/games/liars_dice/rules.js and bid_choices.js) over a job written
// by tests/rules/test_rules_js.py and prints what it makes of every step, probe, setting and view as
// JSON, in the shapes of tests/rules/js_jobs.py (state_json, error_json), for Python to compare:
// node agree.mjs JOB.json
import { readFileSync } from 'node:fs';
import { applyStep, legalActions, newGame, RulesError, settingsFrom, settingsFromPreset, toDict }
  from '../../../static/js/games/liars_dice/rules.js';
import { bidChoices, ruleKey, whyRefused } from '../../../static/js/games/liars_dice/bid_choices.js';

function stateJson(s) {
  const r = s.result;
  return {
    phase: s.phase, round: s.round, seats: s.seats, counts: s.counts, hands: s.hands, opener: s.opener, turn: s.turn,
    bids: s.bids.map((b) => [b.seat, b.quantity, b.face]), winner: s.winner, roll_off: s.rollOff, palifico: s.palifico,
    one_die_seats: s.oneDieSeats,
    result: r && { bidder: r.bidder, caller: r.caller, quantity: r.quantity, face: r.face, hands: r.hands, count: r.count,
      loser: r.loser, dice_lost: r.diceLost, call: r.call, dice_gained: r.diceGained, palifico_next: r.palificoNext },
  };
}

function errorJson(error) {
  if (!(error instanceof RulesError)) throw error;
  const out = { class: error.constructor.name, code: error.code, message: error.message };
  if (error.keys) out.keys = error.keys;
  return out;
}

function outcome(state, action) {
  try {
    const step = applyStep(state, action);
    return [{ state: stateJson(step.state), events: step.events }, step.state];
  } catch (error) {
    return [{ error: errorJson(error) }, null];
  }
}

function attempt(make) {
  try { return make(); } catch (error) { return { error: errorJson(error) }; }
}

function playGame(game) {
  let state = newGame(settingsFrom(game.rules), game.seats, game.opener);
  const steps = [];
  for (const { action, probes } of game.steps) {
    const legal = legalActions(state);
    const tried = probes.map((probe) => outcome(state, probe)[0]);
    const [result, next] = outcome(state, action);
    steps.push({ legal, probes: tried, result });
    if (next === null) return { steps, final: null };
    state = next;
  }
  return { steps, final: { legal: legalActions(state), probes: game.final_probes.map((probe) => outcome(state, probe)[0]) } };
}

function settingsCase(item) {
  return attempt(() => {
    const settings = item.preset === undefined ? settingsFrom(item.data) : settingsFromPreset(item.preset, item.overrides);
    return { dict: toDict(settings), switches: { ...settings } };
  });
}

const newGameCase = (item) => attempt(() => ({ state: stateJson(newGame(settingsFrom(item.rules), item.seats, item.opener)) }));

function viewCase({ view, ask }) {
  return { choices: bidChoices(view), rule: ruleKey(view), why: ask.map(([quantity, face]) => whyRefused(view, quantity, face)) };
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
console.log(JSON.stringify({
  games: job.games.map(playGame),
  settings: job.settings.map(settingsCase),
  new_games: job.new_games.map(newGameCase),
  views: job.views.map(viewCase),
}));
