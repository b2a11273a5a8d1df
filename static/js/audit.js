// The audit page: fetch the table's export (or read a saved file), verify it in this browser
// with fairness.js (WebCrypto), and show game by game, round by round, what was committed,
// seeded and revealed, with a ✓ or ✗ and the verifier's message for every check. At a refereed
// table each round also lists its approved die changes (`die_changed`, readable once the round is
// revealed) and its roleplay attempts (published whole by the game's `game_settled` entry).
// The game itself is re-derived with the rules too (audit_play.js, the same checks as `referee
// verify`): each round shows its bids, the call, the count and the loser as the rules compute them,
// and a game that began with a roll-off shows its throws and the seat order (audit_roll_off.js).
// Every deal and every draw says whose seeds went into it; one no person seeded says so loudly
// (seed_lines.js).

import { throwItems } from "./audit_roll_off.js";
import { playBlock } from "./audit_rounds.js";
import { verifyPlay } from "./audit_play.js";
import { checkWords, labelWords, stepWords } from "./check_wording.js";
import { byId, el, setText, show } from "./dom.js";
import { describePurpose } from "./fair_inputs.js";
import { fingerprint, verifyExport } from "./fairness.js";
import { pageWording, t } from "./i18n.js";
import { regularName } from "./names.js";
import { checkText } from "./attempt_words.js";
import { aloneText } from "./seed_lines.js";

const page = byId("audit");
const tableId = page.dataset.table;
const onlyGame = page.dataset.game ? Number(page.dataset.game) : null;
const exportUrl = `/t/${encodeURIComponent(tableId)}/audit.json`;
const GLYPH = { ok: "✓", failed: "✗", unchecked: "?" };
let runs = 0;

byId("audit-recheck").addEventListener("click", checkServer);
byId("audit-file").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (file) await check(await file.text(), t("audit.source_file", { name: file.name }));
});
checkServer();

async function checkServer() {
  const run = ++runs;
  setSummary("checking", t("audit.checking"));
  try {
    const reply = await fetch(exportUrl, { cache: "no-store" });
    if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
    const text = await reply.text();
    if (run === runs) await check(text, null);
  } catch (error) {
    if (run === runs) setSummary("failed", t("audit.unreadable", { message: error.message }));
  }
}

async function check(text, source) {
  const run = ++runs;
  setSummary("checking", t("audit.checking"));
  const checks = await verifyExport(text);
  const play = await verifyPlay(text);
  const data = parsed(text);
  const warning = await keyWarning(data);
  if (run !== runs) return;
  setText(byId("audit-source"), source ?? t("audit.source_server", { seq: data?.head?.seq ?? "?" }));
  setText(byId("audit-key-warning"), warning);
  show(byId("audit-key-warning"), warning !== "");
  render(model(data, checks, play));
  renderEvening(play.summary);
  summarize(checks);
}

// A poker-dice table's games, one line each (pair, starter, winner, rounds checked), above the games.
function renderEvening(summary) {
  if (!summary.length) return;
  const lines = el("ul", {}, ...summary.map((line) => el("li", {}, checkWords(line, pageWording))));
  byId("audit-results").prepend(el("section", { class: "card" }, el("h3", {}, t("audit.poker_games")), el("p", {}, t("audit.poker_games_lead")), lines));
}

function parsed(text) {
  try {
    const data = JSON.parse(text);
    return data && typeof data === "object" ? data : null;
  } catch {
    return null;
  }
}

async function keyWarning(data) {
  const mine = page.dataset.serverKey;
  const theirs = data?.server_key;
  if (!mine || typeof theirs !== "string" || !/^[0-9a-f]{64}$/.test(theirs) || theirs === mine) return "";
  return t("audit.key_mismatch", { export: await fingerprint(theirs), server: await fingerprint(mine) });
}

// ---------------------------------------------------------------- what to show

const isInt = Number.isInteger;

// Games with their manifest, seat names, rounds, roll-off and draws from the entries, and each
// check filed under the game, round, roll-off or draw its step names ("game 1 round 3", "game 1
// roll-off"); the rest is general. `play`: what audit_play.js re-derived (rounds, throws).
function model(data, checks, play) {
  const games = new Map();
  const general = [];
  const gameOf = (n) => {
    if (!games.has(n)) games.set(n, { number: n, manifest: null, names: {}, rounds: new Map(), draws: new Map(), checks: [], settled: null, rollOff: { throws: [], checks: [] } });
    return games.get(n);
  };
  const partOf = (map, n) => {
    if (!map.has(n)) map.set(n, { number: n, commitment: null, reveal: null, checks: [], dealt: null, changes: [], attempts: [], play: null });
    return map.get(n);
  };
  const names = {};
  for (const entry of Array.isArray(data?.entries) ? data.entries : []) {
    const p = entry?.public;
    if (!p || typeof p !== "object") continue;
    if (entry.kind === "seat_taken") names[p.seat] = p.kind === "bot" ? regularName(p.name) : p.name; // a regular in the page's language
    if (!isInt(p.game)) continue;
    if (entry.kind === "game_opened") Object.assign(gameOf(p.game), { manifest: p, names: { ...names } });
    else if (entry.kind === "round_dealt" && isInt(p.round)) Object.assign(partOf(gameOf(p.game).rounds, p.round), { commitment: p, dealt: entry.secret ?? null });
    else if (entry.kind === "die_changed" && isInt(p.round)) partOf(gameOf(p.game).rounds, p.round).changes.push(entry.secret ?? null);
    else if (entry.kind === "attempt_submitted" && isInt(p.round) && isInt(p.attempt)) partOf(gameOf(p.game).rounds, p.round).attempts.push(p.attempt);
    else if (entry.kind === "game_settled") gameOf(p.game).settled = p;
    else if (entry.kind === "round_revealed" && isInt(p.round)) partOf(gameOf(p.game).rounds, p.round).reveal = p;
    else if (entry.kind === "draw_committed" && isInt(p.draw)) partOf(gameOf(p.game).draws, p.draw).commitment = p;
    else if (entry.kind === "draw_revealed" && isInt(p.draw)) partOf(gameOf(p.game).draws, p.draw).reveal = p;
  }
  for (const round of play.rounds) partOf(gameOf(round.game).rounds, round.round).play = round;
  for (const line of play.summary ?? []) { // a family that sums each game up in a line (poker-dice) replays it move by move
    const n = Number(/^game (\d+):/.exec(line)?.[1]);
    if (games.has(n)) games.get(n).summed = true;
  }
  for (const throwing of play.throws) gameOf(throwing.game).rollOff.throws.push(throwing);
  for (const c of checks) {
    const step = /^game (\d+)(?: (round|draw) (\d+)| (roll-off))?$/.exec(c.step);
    if (!step) general.push(c);
    else if (step[4]) gameOf(Number(step[1])).rollOff.checks.push(c);
    else if (!step[2]) gameOf(Number(step[1])).checks.push(c);
    else partOf(gameOf(Number(step[1]))[step[2] === "round" ? "rounds" : "draws"], Number(step[3])).checks.push(c);
  }
  return { games, general };
}

function render({ games, general }) {
  byId("audit-general").querySelector(".checks").replaceChildren(...general.map((c) => checkItem(c, true)));
  show(byId("audit-general"), general.length > 0);
  const numbers = [...games.keys()].sort((a, b) => a - b);
  const current = games.has(onlyGame) ? onlyGame : null;
  renderNav(numbers, games, current);
  const sections = (current === null ? numbers : [current]).map((n) => gameSection(games.get(n)));
  byId("audit-results").replaceChildren(...(sections.length ? sections : [el("p", { class: "card" }, t("audit.no_games"))]));
}

function renderNav(numbers, games, current) {
  show(byId("audit-games"), numbers.length > 1 || current !== null);
  const link = (label, href, here) => el("li", {}, el("a", { href, "aria-current": here ? "page" : null }, label));
  byId("audit-games-list").replaceChildren(
    link(t("audit.all_games"), "?", current === null),
    ...numbers.map((n) => link(`${t("audit.game", { game: n })} ${badgeText(allChecks(games.get(n)))}`, `?game=${n}`, n === current)));
}

function allChecks(game) {
  return [game.checks, game.rollOff.checks, ...[...game.rounds.values(), ...game.draws.values()].map((part) => part.checks)].flat();
}

function failedCount(checks) {
  return checks.filter((c) => c.ok === false).length;
}

function badgeText(checks) {
  const failed = failedCount(checks);
  return failed ? `✗ ${t("audit.failed", { n: failed })}` : `✓ ${t("audit.game_ok")}`;
}

function badge(checks) {
  return el("span", { class: `status-badge ${failedCount(checks) ? "failed" : "ok"}` }, badgeText(checks));
}

function gameSection(game) {
  const id = `game-${game.number}`;
  const seats = (game.manifest?.seats ?? []).map((seat) => seatName(game, seat)).join(", ");
  return el("section", { class: "card", id, "aria-labelledby": `${id}-title` },
    el("h2", { id: `${id}-title` }, t("audit.game", { game: game.number }), " ", badge(allChecks(game))),
    facts([
      [t("audit.seats"), seats || "—"],
      [t("audit.anchor"), code(game.manifest?.round_anchor)],
    ]),
    replayLink(game),
    checkList(game.checks),
    rollOffBlock(game),
    ...sorted(game.rounds).map((round) => roundBlock(game, round)),
    attemptsBlock(game, [], null),
    ...sorted(game.draws).map((draw) => drawBlock(game, draw)));
}

// A link to the game's verified replay (replay.js), for a game whose rounds the rules re-derived.
function replayLink(game) {
  if (!game.summed && ![...game.rounds.values()].some((round) => round.play && round.reveal)) return null;
  return el("p", {}, el("a", { class: "replay-link", href: `/t/${encodeURIComponent(tableId)}/replay?game=${game.number}` }, t("replay.open")));
}

// The roll-off's throws and its checks, for a game that began with one.
function rollOffBlock(game) {
  const { throws, checks } = game.rollOff;
  if (!throws.length && !checks.length) return null;
  const items = throwItems(throws, (seat) => seatName(game, seat));
  throws.forEach((throwing, index) => {
    const alone = aloneLine(game.draws.get(throwing.draw)?.commitment, "roll_off");
    if (alone) items[index].append(alone);
  });
  return el("div", { class: "round roll-off-audit" },
    el("h3", {}, t("rolloff.title"), " ", badge(checks)),
    el("ol", { class: "throws" }, ...items),
    checkList(checks));
}

function roundBlock(game, round) {
  const c = round.commitment ?? {};
  const r = round.reveal;
  const seeds = Object.entries(c.seeds ?? {});
  const missing = Object.entries(c.seeds_missing ?? {});
  const reasons = { late: t("audit.seed_reason.late"), not_connected: t("audit.seed_reason.not_connected") };
  const dealt = round.commitment !== null || r !== null; // a round of a game without deals (poker-dice) has only its checks
  return el("div", { class: "round" },
    el("h3", {}, t("audit.round", { round: round.number }), " ", badge(round.checks)),
    aloneLine(c, "deal"),
    !dealt ? null : facts([
      [t("audit.root"), code(c.root)],
      [t("audit.signature"), code(c.signature, 32)],
      [t("audit.seeds"), seeds.length ? bySeat(game, seeds, (seed) => code(seed, 16)) : t("audit.no_seeds")],
      ...(missing.length ? [[t("audit.seeds_missing"), bySeat(game, missing, (reason) => reasons[reason] ?? String(reason))]] : []),
      [t("audit.round_secret"), r ? code(r.x) : t("audit.not_revealed")],
      [t("audit.dice"), r ? bySeat(game, Object.entries(r.hands ?? {}), (dice) => [dice].flat().join(" ")) : t("audit.not_revealed")],
    ]),
    playBlock(round.play, (seat) => seatName(game, seat)),
    changesBlock(game, round),
    attemptsBlock(game, round.attempts, round.number),
    checkList(round.checks));
}

// ---------------------------------------------------------------- game master: changes and attempts

// The round's approved die changes in log order, each with the value it replaced (the committed
// die, or an earlier change): readable once the round is revealed, only counted before.
function changesBlock(game, round) {
  if (!round.changes.length) return null;
  const heading = el("h4", {}, t("audit.changes"));
  if (round.changes.some((change) => !change || typeof change !== "object")) {
    return el("div", { class: "gm-audit changes" }, heading, el("p", {}, t("audit.changes_hidden", { n: round.changes.length })));
  }
  const hands = JSON.parse(JSON.stringify(round.dealt?.hands ?? {}));
  const items = round.changes.map((change) => {
    const hand = hands[change.seat] ?? (hands[change.seat] = []);
    const from = hand[change.index];
    hand[change.index] = change.value;
    return el("li", {}, t("audit.change", { name: seatName(game, change.seat), die: Number(change.index) + 1, from: from ?? "?",
      to: change.value, reason: reasonText(change.reason) }));
  });
  return el("div", { class: "gm-audit changes" }, heading, el("ul", {}, ...items));
}

function reasonText(reason) {
  const attempt = /^attempt (\d+)$/.exec(String(reason ?? ""));
  if (attempt) return t("audit.reason_attempt", { n: attempt[1] });
  return reason === "referee" ? t("audit.reason_referee") : String(reason ?? "—");
}

// The attempts made in a round (or, with round null, those no round of the export holds): in full
// once the game is settled, else only their numbers (who tried what stays private until then).
function attemptsBlock(game, ids, roundNumber) {
  const settled = game.settled && Array.isArray(game.settled.attempts) ? game.settled.attempts.filter((a) => a && typeof a === "object") : null;
  const attempts = settled ? settled.filter((a) => (roundNumber === null ? !game.rounds.has(a.round) : a.round === roundNumber)) : [];
  if (!attempts.length && !(ids.length && !settled)) return null;
  const heading = el("h4", {}, t("audit.attempts"));
  if (!settled) return el("div", { class: "gm-audit attempts" }, heading, el("p", {}, t("audit.attempts_sealed", { n: ids.length, ids: ids.map((n) => `#${n}`).join(", ") })));
  return el("div", { class: "gm-audit attempts" }, heading, el("ul", {}, ...attempts.map((a) => attemptItem(game, a))));
}

function attemptItem(game, a) {
  const check = a.check && typeof a.check === "object" ? checkText(a.check) : t("audit.no_check");
  const outcome = [t(`cheat.status.${a.status}`)];
  if (a.consequence) outcome.push(t(`audit.consequence.${a.consequence}`));
  const effect = effectText(game, a);
  return el("li", { class: `attempt ${a.status}`, "data-attempt": a.id },
    el("p", { class: "who" }, t("audit.attempt_by", { n: a.id, name: seatName(game, a.seat) }), " ", el("strong", {}, requestText(game, a))),
    typeof a.description === "string" && a.description ? el("blockquote", { class: "description" }, a.description) : null,
    facts([
      [t("audit.attempt_check"), check],
      [t("audit.attempt_outcome"), outcome.join(" · ")],
      [t("audit.attempt_effect"), effect],
    ]));
}

function requestText(game, a) {
  const parts = [t(`cheat.kind.${a.kind}`)];
  if (isInt(a.die)) parts.push(t("cheat.die_n", { n: a.die + 1 }));
  if (isInt(a.target)) parts.push(t("cheat.target_is", { name: seatName(game, a.target) }));
  if (isInt(a.value)) parts.push(t("cheat.value_is", { value: a.value }));
  return parts.join(" · ");
}

function effectText(game, a) {
  const effect = a.effect;
  if (!effect || typeof effect !== "object") return a.status === "succeeded" && a.kind === "other" ? t("audit.effect.other") : "—";
  const params = { name: seatName(game, effect.seat), by: seatName(game, a.seat), die: Number(effect.index) + 1, value: effect.value,
    from: effect.was ?? "?", round: effect.from_round ?? "?" };
  if (a.kind === "mind_reading") return t(effect.proof ? "audit.effect.mind_reading_proven" : "audit.effect.mind_reading", params);
  if (a.kind === "loaded_die") return t("audit.effect.loaded_die", params);
  if (a.kind === "telekinesis" || a.kind === "knock") return t("audit.effect.changed", params);
  return "—";
}

// The loud line of a deal or draw no person seeded (kind "deal" or the draw's kind), else null.
function aloneLine(commitment, kind) {
  const text = aloneText(commitment, kind);
  return text ? el("p", { class: "seed-alone", "data-alone": "true" }, text) : null;
}

// A draw of a game whose draws take seeds: whose went in, whose are missing and why (none for older logs).
function drawSeeds(game, c) {
  if (!c || typeof c.seeds !== "object" || c.seeds === null) return [];
  const seeds = Object.entries(c.seeds);
  const missing = Object.entries(c.seeds_missing ?? {});
  const reasons = { late: t("audit.seed_reason.late"), not_connected: t("audit.seed_reason.draw_not_connected") };
  return [
    [t("audit.seeds"), seeds.length ? bySeat(game, seeds, (seed) => code(seed, 16)) : t("audit.no_seeds")],
    ...(missing.length ? [[t("audit.seeds_missing"), bySeat(game, missing, (reason) => reasons[reason] ?? String(reason))]] : []),
  ];
}

function drawBlock(game, draw) {
  const r = draw.reveal;
  const c = draw.commitment;
  const results = (r?.results ?? []).map((x) => el("li", {}, `${labelWords(x.label, pageWording)}: ${x.value}`));
  return el("div", { class: "round draw", "data-draw": String(draw.number) },
    el("h3", {}, t("audit.draw", { draw: draw.number }), " ", badge(draw.checks)),
    aloneLine(c, c?.purpose?.kind ?? r?.request?.purpose?.kind),
    facts([
      [t("audit.root"), code(c?.root)],
      [t("audit.purpose"), checkWords(describePurpose(c?.purpose ?? r?.request?.purpose ?? "—"), pageWording)],
      ...drawSeeds(game, c),
      [t("audit.results"), r ? el("ul", {}, ...results) : t("audit.not_revealed")],
    ]),
    checkList(draw.checks));
}

function sorted(map) {
  return [...map.values()].sort((a, b) => a.number - b.number);
}

// A seat as a person reads it: counted from 1, as the table's seat chips (the log counts from 0).
function seatName(game, seat) {
  const name = game.names[seat];
  return name === undefined ? `#${Number(seat) + 1}` : t("audit.seat", { name, seat: Number(seat) + 1 });
}

function bySeat(game, pairs, format) {
  return el("ul", {}, ...pairs.map(([seat, value]) => el("li", {}, `${seatName(game, seat)}: `, format(value))));
}

function code(value, keep = 0) {
  if (typeof value !== "string") return "—";
  return el("code", {}, keep && value.length > keep ? `${value.slice(0, keep)}…` : value);
}

function facts(rows) {
  return el("dl", { class: "facts" }, ...rows.flatMap(([term, value]) => [el("dt", {}, term), el("dd", {}, value)]));
}

function checkList(checks) {
  return el("ul", { class: "checks", "aria-label": t("audit.checks") }, ...checks.map((c) => checkItem(c, false)));
}

function checkItem(c, withStep) {
  const kind = c.ok === true ? "ok" : c.ok === false ? "failed" : "unchecked";
  return el("li", { class: `check ${kind}` },
    el("span", { class: "glyph", "aria-hidden": "true" }, GLYPH[kind]),
    el("span", { class: "verdict" }, verdictText(kind)),
    el("span", { class: "message" }, (withStep ? `${stepWords(c.step, pageWording)}: ` : "") + checkWords(c.message, pageWording)));
}

function verdictText(kind) {
  if (kind === "ok") return t("audit.check_ok");
  return kind === "failed" ? t("audit.check_failed") : t("audit.check_unchecked");
}

// ---------------------------------------------------------------- the summary line

function summarize(checks) {
  const failed = failedCount(checks);
  const unchecked = checks.filter((c) => c.ok === null).length;
  const n = checks.length;
  let text = failed ? `✗ ${t("audit.failed_of", { failed, n })}` : `✓ ${t("audit.all_ok", { n: n - unchecked })}`;
  if (unchecked) text += `. ${t("audit.unchecked", { n: unchecked })}`;
  setSummary(failed ? "failed" : "ok", text);
}

function setSummary(state, text) {
  const summary = byId("audit-summary");
  summary.dataset.state = state;
  setText(summary, text);
}
