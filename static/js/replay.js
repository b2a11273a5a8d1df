// The verified replay page (templates/replay.html): a finished game of the table's audit export,
// round by round, every cup open, with the bids, the call, the count and who lost (audit_rounds.js,
// as the rules re-derived them: audit_play.js). The export is checked in this browser by the audit
// page's own verifier (fairness.js, verifyExport) before the first step shows; each step then says
// "verified" or names every check of its round that failed (replay_checks.js picks them), and whose
// seeds went into its deal; a round dealt, or a roll-off throw rolled, with no person's seed says so
// loudly at that very round or throw ("…dealt by the server alone: nobody was connected"; seed_lines.js).
// Keys: ← and → (or the Previous / Next buttons) step; the round list jumps to a round; every step
// is announced through the live region (#announcer).
// A family with a replay of its own (games/registry.js `replay`: a poker-dice game steps move by
// move) gives its steps, their bodies and its words; every other family's game steps round by round
// as below (`round_dealt` / `round_revealed`: every cup open, the play as audit_rounds.js words it).
// This module never names a game.

import { playBlock } from "./audit_rounds.js";
import { verifyPlay } from "./audit_play.js";
import { throwItems } from "./audit_roll_off.js";
import { checkWords } from "./check_wording.js";
import { diceRow } from "./dice.js";
import { byId, el, setText, show } from "./dom.js";
import { verifyExport } from "./fairness.js";
import { DEFAULT_FAMILY, familyNamed } from "./games/registry.js";
import { pageWording, t } from "./i18n.js";
import { regularName } from "./names.js";
import { replaySteps } from "./replay_checks.js";
import { aloneText, seedsText } from "./seed_lines.js";

// The round-by-round replay of a family without a replay of its own.
const ROUNDS = {
  words: { lead: "replay.lead", allVerified: "replay.all_verified", someFailed: "replay.some_failed", position: "replay.position",
    controls: "replay.controls", keys: "replay.keys", list: "replay.rounds", verified: "replay.verified" },
  replayOf: replaySteps,
  stepLabel: (step) => t("audit.round", { round: step.round }),
  stepBlocks: (step, _replay, name) => [cupsBlock(step), playBlock(step.play, name) ?? el("p", {}, t("replay.no_play"))],
};

const page = byId("replay");
const tableId = page.dataset.table;
const wanted = page.dataset.game ? Number(page.dataset.game) : null;
let replay = null;
let regulars = new Set(); // "seat name" of every seat a regular took: named in the page's language
let family = ROUNDS;
let current = 0;

byId("replay-prev").addEventListener("click", () => go(current - 1));
byId("replay-next").addEventListener("click", () => go(current + 1));
document.addEventListener("keydown", (event) => {
  if (!replay?.steps.length || event.altKey || event.ctrlKey || event.metaKey || event.target.closest?.("input, select, textarea")) return;
  if (event.key === "ArrowLeft") go(current - 1, true);
  else if (event.key === "ArrowRight") go(current + 1, true);
  else return;
  event.preventDefault();
});
load();

async function load() {
  setStatus("checking", t("replay.checking"));
  let text;
  try {
    const reply = await fetch(`/t/${encodeURIComponent(tableId)}/audit.json`, { cache: "no-store" });
    if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
    text = await reply.text();
  } catch (error) {
    setStatus("failed", t("replay.unreadable", { message: error.message }));
    return;
  }
  const checks = await verifyExport(text);
  const play = await verifyPlay(text);
  const data = JSON.parse(text);
  family = await familyReplay(data);
  wordPage();
  replay = family.replayOf(data, checks, play, wanted);
  regulars = new Set(data.entries.filter((e) => e?.kind === "seat_taken" && e.public?.kind === "bot")
    .map((e) => `${e.public.seat} ${e.public.name}`));
  if (!replay.steps.length) {
    setStatus("failed", t("replay.no_rounds"));
    return;
  }
  const failed = replay.steps.filter((step) => !step.verified).length;
  const words = family.words;
  setStatus(failed ? "failed" : "ok", failed ? t(words.someFailed, { n: failed }) : t(words.allVerified, { n: replay.steps.length }));
  setText(byId("replay-title"), t(replay.over ? "replay.title_game" : "replay.title_unfinished", { game: replay.game }));
  renderGames();
  renderRollOff();
  renderList();
  show(byId("replay-player"), true);
  go(0, false);
}

// The replay of the export's family: its own (registry.js `replay`), else round by round.
async function familyReplay(data) {
  const first = Array.isArray(data?.entries) ? data.entries[0] : null;
  const name = first?.kind === "table_created" ? first.public?.rules?.game ?? DEFAULT_FAMILY : DEFAULT_FAMILY;
  const loader = familyNamed(name)?.replay;
  return loader ? { ...ROUNDS, ...(await loader()) } : ROUNDS;
}

// The lead, the controls' name, the keys and the list's title in the family's words.
function wordPage() {
  const words = family.words;
  setText(byId("replay-lead"), t(words.lead));
  byId("replay-controls").setAttribute("aria-label", t(words.controls));
  setText(byId("replay-keys"), t(words.keys));
  setText(byId("replay-rounds-title"), t(words.list));
}

function renderGames() {
  const others = replay.games.filter((n) => n !== replay.game);
  show(byId("replay-games"), others.length > 0);
  byId("replay-games-list").replaceChildren(...replay.games.map((n) =>
    el("li", {}, el("a", { href: `?game=${n}`, "aria-current": n === replay.game ? "page" : null }, t("audit.game", { game: n })))));
}

// The game's roll-off, each throw with whose seeds went into its draw (loudly: none).
function renderRollOff() {
  const items = throwItems(replay.throws, seatName);
  replay.throws.forEach((throwing, index) => items[index].append(...seedLines(throwing.commitment, throwing.commitment?.purpose?.kind ?? "roll_off")));
  byId("replay-roll-off-throws").replaceChildren(...items);
  show(byId("replay-roll-off"), items.length > 0);
}

// Whose seeds went into a value, and the loud line when nobody's did (none for a log without seeds).
function seedLines(commitment, kind) {
  const alone = aloneText(commitment, kind);
  const seeds = seedsText(commitment, seatName);
  return [
    alone ? el("p", { class: "seed-alone", "data-alone": "true" }, alone) : null,
    seeds && !alone ? el("p", { class: "seed-line hint" }, seeds) : null,
  ].filter(Boolean);
}

function renderList() {
  byId("replay-rounds").replaceChildren(...replay.steps.map((step, index) => el("li", {},
    el("button", { type: "button", class: `btn small round-pick ${step.verified ? "ok" : "failed"}`, "data-step": index },
      `${family.stepLabel(step, seatName)} ${step.verified ? "✓" : "✗"}`))));
  for (const button of byId("replay-rounds").querySelectorAll("button")) {
    button.addEventListener("click", () => go(Number(button.dataset.step), false));
  }
}

// Show step `index` (kept within the rounds); `announce` says it in the live region too.
function go(index, announce = true) {
  if (!replay?.steps.length) return;
  current = Math.max(0, Math.min(index, replay.steps.length - 1));
  const step = replay.steps[current];
  const position = t(family.words.position, { round: step.round, i: current + 1, n: replay.steps.length });
  setText(byId("replay-position"), position);
  byId("replay-prev").disabled = current === 0;
  byId("replay-next").disabled = current === replay.steps.length - 1;
  for (const button of byId("replay-rounds").querySelectorAll("button")) {
    button.setAttribute("aria-current", Number(button.dataset.step) === current ? "step" : "false");
  }
  const [commitment, kind] = seeded(step);
  byId("replay-step").replaceChildren(verdictBlock(step), ...seedLines(commitment, kind), ...family.stepBlocks(step, replay, seatName));
  const said = [`${position}.`, step.verified ? t(family.words.verified) : t("replay.failed", { n: step.failed.length }), aloneText(commitment, kind)];
  if (announce) setText(byId("announcer"), said.filter(Boolean).join(" "));
}

// The value a step's dice came from: a round's deal, or the draw of a roll (a family's step's `commitment`).
function seeded(step) {
  if (step.deal !== undefined) return [step.deal, "deal"];
  return step.commitment ? [step.commitment, step.commitment.purpose?.kind ?? "draw"] : [null, "draw"];
}

function verdictBlock(step) {
  if (step.verified) return el("p", { class: "replay-verdict ok", "data-state": "ok" }, `✓ ${t(family.words.verified)}`);
  return el("div", { class: "replay-verdict failed", "data-state": "failed" },
    el("p", {}, `✗ ${t("replay.failed", { n: step.failed.length })}`),
    el("ul", {}, ...step.failed.map((c) => el("li", { class: "replay-failure" }, checkWords(c.message, pageWording)))));
}

function cupsBlock(step) {
  const call = step.play?.call;
  return el("ul", { class: "replay-cups", "aria-label": t("replay.cups") }, ...step.seats.map((seat) => {
    const faces = step.hands[seat];
    const loser = call && call.loser === seat;
    return el("li", { class: `replay-cup${loser ? " loser" : ""}` },
      el("p", { class: "who" }, seatName(seat), loser ? ` · ${t("replay.lost")}` : ""),
      diceRow(faces, t("replay.cup", { name: seatName(seat), dice: faces.join(", ") })));
  }));
}

function seatName(seat) {
  const name = replay.names[seat];
  if (name === undefined) return `#${Number(seat) + 1}`; // counted from 1, as the seat chips
  return regulars.has(`${seat} ${name}`) ? regularName(name) : name;
}

function setStatus(state, text) {
  const status = byId("replay-status");
  status.dataset.state = state;
  setText(status, text);
}
