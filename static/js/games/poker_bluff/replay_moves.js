// The moves of a poker-dice game of an audit export, for the verified replay (replay_page.js): the
// game re-derived by the very replay the verifier runs (replay_game.js, PokerGameReplay), each move
// the rules accepted kept as one step with the state after it: the starter's draw, every roll (its
// committed draw, whose seeds went in), declaration (and what the cup truly held), belief, the dice
// set aside, and each doubt with the cup shown and the token it cost. Each step carries the checks
// that vouch for it (fairness.js and the play checks): its draw's, its round's (the doubt's), every
// log check naming a seq in its span, the game's and the export's; it is verified when none of them
// failed and at least one held. A check of a round or draw no step shows (a game the rules stopped)
// goes to the last step, so no failure is ever left unshown. Pure: no DOM.
//
//   replayMoves(data, checks, 1) ->
//     {game: 1, games: [1, 2], over: true, names: {0: "Anna"}, throws: [],
//      steps: [{seq, type: "roll", round: 1, seat, state, draw, commitment, checks, failed, verified}, …]}

import { PokerGameReplay } from "./replay_game.js";
import { settingsFrom } from "./rules.js";

const isInt = Number.isInteger;
const QUIET = { add() {}, fail() {} }; // the checks come from the verifier's full run, not from this walk
const FAMILY_KEY = "game";
const settingsOf = (rules) => settingsFrom(Object.fromEntries(Object.entries(rules ?? {}).filter(([k]) => k !== FAMILY_KEY)));

// The verifier's game replay, telling each move the rules accepted (and the drawn starter) to `onStep`.
class Recorder extends PokerGameReplay {
  constructor(start, revealed, onStep) {
    super(start, revealed, QUIET);
    this.onStep = onStep;
    this.entry = null;
  }

  feed(entry) {
    this.entry = entry;
    const opener = this.opener;
    super.feed(entry);
    if (entry.kind === "starter_drawn" && opener === null && this.opener !== null) {
      this.onStep(entry.seq, { type: "starter", seat: this.opener, draw: entry.public.draw }, this.state);
    }
  }

  applied(seq, action, doing) {
    const before = this.state;
    const ok = super.applied(seq, action, doing);
    if (ok && action.type !== "next_round") {
      this.onStep(seq, { ...action, draw: action.type === "roll" ? this.entry.public.draw : undefined }, this.state, before);
    }
    return ok;
  }
}

/** The replay of `game` (else of the last finished game, else the last) of a poker table's export. */
export function replayMoves(data, checks, game = null) {
  const entries = Array.isArray(data?.entries) ? data.entries.filter((e) => e && typeof e === "object" && e.public && typeof e.public === "object") : [];
  const starts = entries.filter((e) => e.kind === "game_started" && isInt(e.public.game));
  const games = starts.map((e) => e.public.game);
  const walked = new Map();
  const walk = (n) => walked.get(n) ?? walked.set(n, walkGame(entries, n)).get(n);
  const finished = games.filter((n) => walk(n).over);
  const chosen = games.includes(game) ? game : (finished.at(-1) ?? games.at(-1) ?? null);
  if (chosen === null) return { game: null, games, over: false, names: {}, throws: [], steps: [] };
  const { steps, over, winner } = walk(chosen);
  fileChecks(steps, checks, chosen);
  return { game: chosen, games, over, winner, names: namesAt(entries, chosen), throws: [], steps };
}

// Game `n` walked from its game_started to the next game or evening: its steps, whether it ended.
function walkGame(entries, n) {
  let settings = null;
  let start = null;
  const revealed = new Map();
  const commitments = new Map();
  for (const e of entries) {
    if (e.kind === "draw_revealed" && e.public.game === n && Array.isArray(e.public.results)) revealed.set(e.public.draw, e.public.results.map((r) => r.value));
    if (e.kind === "draw_committed" && e.public.game === n) commitments.set(e.public.draw, e.public);
  }
  const steps = [];
  let replay = null;
  for (const e of entries) {
    if (start === null) {
      if (e.kind === "table_created" || e.kind === "rules_changed") settings = e.public.rules ?? settings;
      if (e.kind === "game_started" && e.public.game === n) {
        start = e;
        try {
          replay = new Recorder({ game: n, seats: [...e.public.seats], opener: e.public.opener, seq: e.seq, settings: settingsOf(settings) }, revealed,
            (seq, action, state, before) => steps.push(stepOf(seq, action, state, before, commitments)));
        } catch {
          return { steps, over: false, winner: null };
        }
      }
      continue;
    }
    if (e.kind === "game_started" || e.kind === "evening_started") break;
    if (!PokerGameReplay.KINDS.has(e.kind) || (isInt(e.public.game) && e.public.game !== n)) continue;
    try { replay.feed(e); } catch { break; } // a malformed entry: the verifier says so; the replay stops here
  }
  const winner = replay?.winner ?? null;
  return { steps, over: winner !== null, winner };
}

function stepOf(seq, action, state, before, commitments) {
  return {
    seq, type: action.type, round: state.round, seat: action.seat ?? (action.type === "roll" ? state.holder : null), state,
    cup: action.type === "reroll" ? before?.cup ?? [] : action.type === "doubt" ? state.result.cup : state.cup,
    declaration: action.declaration ?? null, keep: action.keep ?? null, dice: action.dice ?? null,
    kept: action.type === "roll" ? before?.kept ?? [] : [],
    draw: action.draw ?? null, commitment: action.draw != null ? commitments.get(action.draw) ?? null : null,
    checks: [], failed: [], verified: false,
  };
}

// Each check to the step it vouches for; then each step's verdict.
function fileChecks(steps, checks, game) {
  if (!steps.length) return;
  const shared = checks.filter((c) => c.step === "head" || c.step === "export" || c.step === `game ${game}`);
  const spans = steps.map((step, i) => [step.seq, i + 1 < steps.length ? steps[i + 1].seq - 1 : Infinity]);
  const mine = steps.map(() => []);
  for (const c of checks) {
    const part = /^game (\d+) (round|draw) (\d+)$/.exec(c.step ?? "");
    if (part && Number(part[1]) === game) {
      const n = Number(part[3]);
      const at = part[2] === "draw" ? steps.findIndex((s) => s.draw === n)
        : findLastIndex(steps, (s) => s.round === n && s.type === "doubt");
      const fallback = part[2] === "round" ? findLastIndex(steps, (s) => s.round === n) : -1;
      mine[at >= 0 ? at : fallback >= 0 ? fallback : steps.length - 1].push(c);
    } else if (c.step === "log") {
      const found = /\bseq (\d+)\b/.exec(c.message ?? "");
      const at = found ? spans.findIndex(([first, last]) => Number(found[1]) >= first && Number(found[1]) <= last) : -1;
      if (at >= 0) mine[at].push(c);
    }
  }
  steps.forEach((step, i) => {
    step.checks = [...mine[i], ...shared];
    step.failed = step.checks.filter((c) => c.ok === false);
    step.verified = step.failed.length === 0 && step.checks.some((c) => c.ok === true);
  });
}

function findLastIndex(list, test) {
  for (let i = list.length - 1; i >= 0; i -= 1) if (test(list[i])) return i;
  return -1;
}

// The seats' names as they were when `game` started.
function namesAt(entries, game) {
  const names = {};
  for (const e of entries) {
    if (e.kind === "game_started" && e.public.game === game) break;
    if (e.kind === "seat_taken") names[e.public.seat] = e.public.name;
  }
  return names;
}
