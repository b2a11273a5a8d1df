// The steps of a verified replay (replay.js): one per revealed round of a game of an audit export,
// with every cup open, the play as the rules re-derived it (audit_play.js) and the verifier's checks
// (fairness.js) that vouch for that round. Pure: no DOM, no fetch.
//
//   replaySteps(data, checks, play, game) ->
//     {game, games: [numbers of the export's games], over, names: {seat: name},
//      throws: [the game's roll-off throws (audit_play.js) with the `commitment` of each one's draw],
//      steps: [{round, seats, hands: {seat: [faces]}, deal, play, checks, failed: [check], verified}]}
// (`deal`: the round's `round_dealt` commitment, whose `seeds` and `seeds_missing` say whose seeds went in).
//
// A round's checks are its own ("game G round R": its dice against the committed root, the round
// secret against the chain's anchor), the game's (its signed manifest), every log check naming a
// seq that falls in the round (an altered or missing entry) and the signed head's (which covers the
// whole log): a step is verified when none of them failed and at least one held.
// `game` null picks the last game whose play ended with a winner, else the last game.
//
// >>> replaySteps(export, checks, play, 1).steps[0].verified   // true for an honest log

const isInt = Number.isInteger;

/** The replay of `game` (or of the last finished game) from an export, its checks and its play. */
export function replaySteps(data, checks, play, game = null) {
  const entries = Array.isArray(data?.entries) ? data.entries : [];
  const games = gameNumbers(entries);
  const finished = games.filter((n) => winnerOf(play, n) !== null);
  const chosen = games.includes(game) ? game : (finished.at(-1) ?? games.at(-1) ?? null);
  if (chosen === null) return { game: null, games, over: false, names: {}, throws: [], steps: [] };
  const spans = roundSpans(entries, chosen);
  const names = namesAt(entries, chosen);
  const shared = checks.filter((c) => c.step === "head" || c.step === "export" || c.step === `game ${chosen}`);
  const steps = spans.map((span) => {
    const mine = checks.filter((c) => c.step === `game ${chosen} round ${span.round}` || (c.step === "log" && inSpan(c, span)));
    const all = [...mine, ...shared];
    const failed = all.filter((c) => c.ok === false);
    return {
      round: span.round,
      seats: Object.keys(span.hands).map(Number).sort((a, b) => a - b),
      hands: span.hands,
      deal: span.deal,
      play: (play.rounds ?? []).find((r) => r.game === chosen && r.round === span.round) ?? null,
      checks: all,
      failed,
      verified: failed.length === 0 && all.some((c) => c.ok === true),
    };
  });
  const draws = drawCommitments(entries, chosen);
  const throws = (play.throws ?? []).filter((x) => x.game === chosen).map((x) => ({ ...x, commitment: draws.get(x.draw) ?? null }));
  return { game: chosen, games, over: winnerOf(play, chosen) !== null, names, throws, steps };
}

// The public part of each `draw_committed` entry of `game`, by draw number.
function drawCommitments(entries, game) {
  const draws = new Map();
  for (const e of entries) {
    if (e?.kind === "draw_committed" && e.public?.game === game && isInt(e.public.draw)) draws.set(e.public.draw, e.public);
  }
  return draws;
}

function gameNumbers(entries) {
  const numbers = new Set(entries.filter((e) => e?.kind === "game_opened" && isInt(e.public?.game)).map((e) => e.public.game));
  return [...numbers].sort((a, b) => a - b);
}

function winnerOf(play, game) {
  const ended = (play.rounds ?? []).find((r) => r.game === game && r.call && r.call.winner !== null && r.call.winner !== undefined);
  return ended ? ended.call.winner : null;
}

// Each revealed round of `game`: the seqs from its deal up to (not including) the next deal or game
// start, and the dice its reveal opened.
function roundSpans(entries, game) {
  const spans = [];
  let open = null;
  for (const e of entries) {
    const p = e?.public;
    if (!p || typeof p !== "object") continue;
    if (e.kind === "round_dealt" || e.kind === "game_started" || e.kind === "game_opened") {
      if (open) open.last = e.seq - 1;
      open = e.kind === "round_dealt" && p.game === game && isInt(p.round) ? { round: p.round, first: e.seq, last: Infinity, hands: null, deal: p } : null;
      if (open) spans.push(open);
    } else if (e.kind === "round_revealed" && open && p.game === game && p.round === open.round) {
      open.hands = handsOf(p.hands);
    }
  }
  return spans.filter((span) => span.hands !== null);
}

function handsOf(hands) {
  if (!hands || typeof hands !== "object") return {};
  return Object.fromEntries(Object.entries(hands).map(([seat, dice]) => [seat, [dice].flat().filter(isInt)]));
}

function inSpan(check, span) {
  const found = /\bseq (\d+)\b/.exec(check.message ?? "");
  return found !== null && Number(found[1]) >= span.first && Number(found[1]) <= span.last;
}

// The seats' names as they were when `game` opened (a later newcomer may take a freed seat).
function namesAt(entries, game) {
  const names = {};
  for (const e of entries) {
    if (e?.kind === "game_opened" && e.public?.game === game) break;
    if (e?.kind === "seat_taken" && e.public) names[e.public.seat] = e.public.name;
  }
  return names;
}
