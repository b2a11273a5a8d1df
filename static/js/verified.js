// Fair dice on the table page (docs/fairness.md), next to table.js:
//   * while a round is rolling, a seated player's browser sends its 32-byte seed
//     (crypto.getRandomValues) once per round: the `seed` event {round, seed}; the seed is kept
//     in localStorage for that round, so a reloaded page sends (and checks) the same one;
//   * once the round is dealt it checks that the signed commitment holds, for the player's seat,
//     the very seed it sent (fair_inputs.js `checkOwnSeed`): a missing or different seed raises a
//     loud warning (with the server's reason) and "verified" is not shown;
//   * it checks the player's own dice (`state.private`) against the signed commitment and
//     shows "verified" next to the dice, or a loud warning when a check fails;
//   * at a refereed table a die may change after the deal by an approved change (C5): the dice the
//     player holds (`state.game.dice`) are compared with the committed ones (`state.private.dice`),
//     and every difference is either explained by a logged approved change to the player's own dice
//     (`state.private.changes`) and named ("die 3: 2 → 6"), or raises a loud warning;
//   * a footer shows the server key's fingerprint and links to the table's audit page.
// It listens on the Socket.IO connection table.js exposes as `window.tavern.socket` and to the states
// of its feed, `window.tavern.feed` (it imports table.js, which therefore runs first, so its state
// listener runs after the page is rendered; the feed hands it the newest state at once).
// The verifier (fairness.js, fair_inputs.js: a third of the page's script) is loaded once the table
// has a game, not in the lobby: a friend opening the link loads it only when there are dice to check.

import "./table.js";
import { byId, el, setText, show } from "./dom.js";
import { t } from "./i18n.js";

const socket = window.tavern.socket;
const tableId = byId("table").dataset.table;
const seeded = new Set();
const SEED_PREFIX = `tavern-seed:${tableId}:`;
const sentSeeds = new Map(); // the seeds sent from this page, when localStorage is not available
let checking = null; // the round whose dice are being checked (or were last checked)
let verdict = null; // {id, steps}: the finished check of that round
let latest = null; // the newest state: the dice held now are compared with the committed ones

const mark = el("p", { id: "dice-verified", class: "verified", role: "status", hidden: true });
byId("hand").append(mark);
const fingerprint = el("code", { class: "fingerprint" });
const auditLink = el("a", { href: `/t/${encodeURIComponent(tableId)}/audit` }, t("fair.audit_link"));
const footer = el("footer", { class: "fair-footer", hidden: true },
  el("p", {}, el("span", {}, t("fair.server_key")), " ", fingerprint), el("p", {}, auditLink));
byId("main").after(footer);

// After a lost connection (a server restart) a round may still wait for a seed this page sent
// before the server stored it: send one again (a seed the server already holds is ignored).
socket.on("disconnect", () => seeded.clear());
let verifier = null;
// The verifier's functions, loaded on first use.
function loadVerifier() {
  verifier ??= Promise.all([import("./fairness.js"), import("./fair_inputs.js")])
    .then(([fairness, inputs]) => ({ toHex: fairness.toHex, verifyOwnDice: fairness.verifyOwnDice, checkOwnSeed: inputs.checkOwnSeed }));
  return verifier;
}

function onState(state) {
  if (state.game) loadVerifier();
  sendSeed(state);
  checkOwnDice(state);
  renderFooter(state);
}
window.tavern.feed.onState(onState); // also the newest state, when it came before this module was loaded

function sendSeed({ game, you }) {
  // A round's deal (Liar's Dice); a poker-dice cup waiting for its roll has no seats_in_game (draw_seeds_page.js seeds it).
  if (game?.phase !== "rolling" || you.seat === null || !game.seats_in_game?.includes(you.seat)) return;
  const round = `${game.game}/${game.round}`;
  if (seeded.has(round)) return;
  seeded.add(round);
  loadVerifier().then(({ toHex }) => {
    const seed = sentSeed(game.game, game.round, you.seat) ?? toHex(crypto.getRandomValues(new Uint8Array(32)));
    keepSeed(game.game, game.round, you.seat, seed);
    socket.emit("seed", { round: game.round, seed });
  });
}

// The seed this browser sent for a round and seat (null when it sent none).
function sentSeed(game, round, seat) {
  const key = `${SEED_PREFIX}${game}:${round}:${seat}`;
  try {
    return localStorage.getItem(key) ?? sentSeeds.get(key) ?? null;
  } catch {
    return sentSeeds.get(key) ?? null;
  }
}

// Remember the seed of this round (only this round's: older ones of the table are dropped).
function keepSeed(game, round, seat, seed) {
  const key = `${SEED_PREFIX}${game}:${round}:${seat}`;
  sentSeeds.set(key, seed);
  try {
    for (const old of Object.keys(localStorage)) if (old.startsWith(SEED_PREFIX) && old !== key) localStorage.removeItem(old);
    localStorage.setItem(key, seed);
  } catch {
    // No storage (private mode, quota): the seed is remembered by this page only.
  }
}

async function checkOwnDice(state) {
  const { private: own, commitment, table } = state;
  latest = state;
  const key = table.server_key?.key;
  if (!own?.dice?.length || !commitment || !key) {
    checking = null;
    verdict = null;
    show(mark, false);
    return;
  }
  const id = `${own.game}/${own.round}/${own.seat}/${commitment.root}`;
  if (id === checking) {
    // Same round, maybe a die changed since: the check stands, the comparison is made again.
    if (verdict?.id === id) showVerdict(verdict.steps, state, verdict.seed);
    return;
  }
  checking = id;
  verdict = null;
  let steps;
  const { verifyOwnDice, checkOwnSeed } = await loadVerifier();
  try {
    steps = await verifyOwnDice(own, commitment, key);
  } catch (error) {
    steps = [{ ok: false, message: error.message }];
  }
  if (id !== checking) return;
  const seed = checkOwnSeed(commitment, own.seat, sentSeed(own.game, own.round, own.seat));
  verdict = { id, steps, seed };
  showVerdict(steps, latest, seed);
}

const SEED_REASON = {
  late: () => t("fair.seed_reason.late"),
  not_connected: () => t("fair.seed_reason.not_connected"),
};

// The loud words for a seed this browser sent that the commitment does not hold, or null.
function seedAlarm(seed) {
  if (seed?.code === "missing") {
    const reason = SEED_REASON[seed.reason]?.() ?? t("fair.seed_reason.none");
    return `⚠ ${t("fair.seed_missing", { reason })}`;
  }
  if (seed?.code === "different") return `⚠ ${t("fair.seed_different")}`;
  return null;
}

// Every die held now that differs from its committed value: {index, from, to, approved}.
function differences(state) {
  const committed = state.private?.dice ?? [];
  const held = state.game?.phase === "bidding" ? state.game.dice : committed;
  const changes = state.private?.changes ?? [];
  const found = [];
  for (let index = 0; index < Math.max(committed.length, held.length); index += 1) {
    const from = committed[index];
    const to = held[index];
    if (from === to) continue;
    const last = changes.filter((c) => c.index === index).at(-1);
    found.push({ index, from, to, approved: last !== undefined && last.value === to });
  }
  return found;
}

// A clause as a sentence of its own: capital first letter, full stop.
function sentence(clause) {
  return `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;
}

function changeWords(list) {
  return list.map((d) => t("fair.change", { die: d.index + 1, from: d.from ?? "—", to: d.to ?? "—" })).join("; ");
}

function showVerdict(steps, state, seed) {
  const failed = steps.filter((step) => step.ok === false);
  const unchecked = steps.some((step) => step.ok === null);
  const changed = failed.length ? [] : differences(state);
  const unknown = changed.filter((d) => !d.approved);
  const approved = changed.filter((d) => d.approved);
  const alarm = seedAlarm(seed);
  const loud = failed.length > 0 || unknown.length > 0 || alarm !== null;
  mark.classList.toggle("failed", loud);
  mark.setAttribute("role", loud ? "alert" : "status");
  mark.dataset.changed = String(changed.length);
  mark.dataset.seed = seed?.code ?? "";
  if (alarm) setText(mark, failed.length ? `${alarm} ${t("fair.failed")} ${failed.map((step) => step.message).join("; ")}` : alarm);
  else if (failed.length) setText(mark, `⚠ ${t("fair.failed")} ${failed.map((step) => step.message).join("; ")}`);
  else if (unknown.length) {
    const parts = [`⚠ ${t("fair.differs", { changes: changeWords(unknown) })}`];
    if (approved.length) parts.push(sentence(t("fair.changed", { n: approved.length, changes: changeWords(approved) })));
    setText(mark, parts.join(" "));
  } else if (approved.length) {
    const dealt = t(unchecked ? "fair.dealt_proofs" : "fair.dealt");
    setText(mark, `✓ ${dealt}; ${t("fair.changed", { n: approved.length, changes: changeWords(approved) })}`);
  } else setText(mark, `✓ ${t(unchecked ? "fair.verified_proofs" : "fair.verified")}`);
  show(mark, true);
}

function renderFooter({ table, game }) {
  show(footer, Boolean(table.server_key));
  if (!table.server_key) return;
  setText(fingerprint, table.server_key.fingerprint);
  const query = game ? `?game=${game.game}` : "";
  auditLink.setAttribute("href", `/t/${encodeURIComponent(tableId)}/audit${query}`);
}
