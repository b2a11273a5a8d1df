// The seeds of the running game's draws on the table page (docs/fairness.md section 6), next to
// verified.js, which does the same for a round's deal:
//   * when the state says a draw waits for this seat's seed (`state.draws.waiting`: a poker-dice roll,
//     a roll-off throw), the browser sends a fresh 32-byte seed (crypto.getRandomValues) without a
//     click: the `draw_seed` event {draw, seed}; the seed is kept in localStorage for the game, so a
//     reloaded page sends (and checks) the same one;
//   * for every recent draw (`state.draws.recent`, as committed and signed) it shows whether the
//     draw holds that very seed for this seat ("✓ roll 3: your seed 1f2e… is in the signed draw"),
//     and raises a loud warning, never a ✓, when the draw lacks it or holds another;
//   * this seat's own check roll or target die (a cheat attempt the referee judged) waits for its seed in
//     the seat's private part only (`state.private.draw_waiting`: nobody else learns who attempted); the
//     seed is sent and kept the same way, and once the game is settled its draw is in `recent` with the
//     seeds it took, checked like any other (a loud warning when it lacks the seed this page sent);
//   * a draw no person's seed went into says so loudly, to everyone at the table ("this cup was
//     rolled by the server alone: nobody was connected"), and so does a round's deal (`state.commitment`,
//     while the round lasts: "this round's dice were dealt by the server alone"); a draw the table pauses for (the option
//     require_seeds: nobody it concerns is connected) says what it waits for;
//   * the option require_seeds itself (seeds_option.js): a switch for the host, a plain line for
//     everyone else, next to the share card (below every action on a phone).

import "./table.js";
import { byId, el, setText, show } from "./dom.js";
import { t } from "./i18n.js";
import { aloneText } from "./seed_lines.js";
import { seedsOption } from "./seeds_option.js";
import { sender } from "./send.js";

const socket = window.tavern.socket;
const tableId = byId("table").dataset.table;
const PREFIX = `tavern-draw-seed:${tableId}:`;
const sent = new Set(); // the draws this connection sent a seed for
const memory = new Map(); // the seeds sent from this page, when localStorage is not available

const box = el("section", { id: "draw-seeds", class: "draw-seeds", hidden: true });
const alarm = el("p", { id: "draw-seeds-alarm", class: "verified failed", role: "alert", hidden: true });
const list = el("ul", { id: "draw-seeds-list", class: "draw-seeds-list" });
box.append(alarm, list);
byId("main").append(box);
const option = seedsOption({ prefix: "table", send: sender(socket) });
byId("share").before(option.card);

socket.on("disconnect", () => sent.clear()); // a seed the server did not store yet is sent again

// A draw's seed in localStorage; a sealed check roll or target die (its `attempt`) has its own, so that a
// seed the server received for a check that was never rolled is never used again for another check.
function keyOf(game, draw, seat, attempt) {
  return `${PREFIX}${game}:${draw}:${seat}${attempt === undefined ? "" : `:a${attempt}`}`;
}

const attemptOf = (purpose) => (purpose.kind.startsWith("attempt_") ? purpose.ref : undefined);

// The seed this browser sent for a draw (null when it sent none).
function sentSeed(key) {
  try {
    return localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

// Remember a draw's seed (the seeds of other games of the table are dropped).
function keepSeed(game, key, seed) {
  memory.set(key, seed);
  try {
    for (const old of Object.keys(localStorage)) {
      if (old.startsWith(PREFIX) && !old.startsWith(`${PREFIX}${game}:`)) localStorage.removeItem(old);
    }
    localStorage.setItem(key, seed);
  } catch {
    // No storage (private mode, quota): the seed is remembered by this page only.
  }
}

function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function sendSeed(game, waiting, seat) {
  if (!waiting || !waiting.seats.includes(seat)) return;
  const key = keyOf(game, waiting.draw, seat, waiting.attempt);
  if (sent.has(key)) return;
  sent.add(key);
  const seed = sentSeed(key) ?? hex(crypto.getRandomValues(new Uint8Array(32)));
  keepSeed(game, key, seed);
  socket.emit("draw_seed", { draw: waiting.draw, seed });
}

const what = (draw) => t(`fair.draw_what.${draw.purpose.kind}`, { n: draw.purpose.counter });
const REASONS = { late: "fair.seed_reason.late", not_connected: "fair.seed_reason.not_connected" };

// One recent draw as this seat sees it: {text, loud}.
function verdict(game, draw, seat) {
  const alone = draw.alone
    ? t(Object.values(draw.seeds_missing).every((r) => r === "not_connected") ? `fair.draw_alone.${draw.purpose.kind}` : `fair.draw_alone_late.${draw.purpose.kind}`)
    : null;
  const mine = seat === null ? null : sentSeed(keyOf(game, draw.draw, seat, attemptOf(draw.purpose)));
  const used = seat === null ? undefined : draw.seeds[String(seat)];
  if (mine && used === undefined) {
    const reason = t(REASONS[draw.seeds_missing[String(seat)]] ?? "fair.seed_reason.none");
    // (joined, not a nested template literal: the minifier drops the space inside one)
    return { text: [`⚠ ${t("fair.draw_seed_missing", { what: what(draw), reason })}`, alone].filter(Boolean).join(" "), loud: true };
  }
  if (mine && used !== mine) return { text: `⚠ ${t("fair.draw_seed_different", { what: what(draw) })}`, loud: true };
  if (alone) return { text: `⚠ ${what(draw)}: ${alone}`, loud: true };
  const seats = Object.keys(draw.seeds).join(", ");
  if (mine) return { text: `✓ ${t("fair.draw_seed_in", { what: what(draw), seed: `${mine.slice(0, 8)}…`, seats })}`, loud: false };
  return { text: t("fair.draw_seeds_of", { what: what(draw), seats }), loud: false };
}

function onState(state) {
  option.render(state, state.you?.is_host === true);
  const draws = state.draws;
  const seat = state.you?.seat ?? null;
  const game = draws?.game ?? undefined; // the draws' own game: an evening's bracket draw has one before any match
  if (!draws || game === undefined) {
    show(box, false);
    return;
  }
  if (seat !== null) sendSeed(game, draws.waiting ?? state.private?.draw_waiting, seat);
  const verdicts = draws.recent.map((draw) => ({ draw: draw.draw, ...verdict(game, draw, seat) }));
  const deal = aloneText(state.commitment, "deal");
  if (deal) verdicts.unshift({ draw: "deal", text: deal, loud: true });
  if (draws.waiting?.paused) verdicts.push({ draw: draws.waiting.draw, text: t("fair.draw_paused"), loud: false });
  if (draws.deal_paused) verdicts.push({ draw: "deal", text: t("fair.deal_paused"), loud: false });
  const loud = verdicts.filter((v) => v.loud);
  setText(alarm, loud.map((v) => v.text).join(" "));
  show(alarm, loud.length > 0);
  list.replaceChildren(...verdicts.filter((v) => !v.loud).map((v) => el("li", { "data-draw": String(v.draw) }, v.text)));
  show(box, verdicts.length > 0);
}
window.tavern.feed.onState(onState);
