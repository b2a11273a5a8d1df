// The verified replay page (templates/replay.html): a finished game of the table's audit export,
// round by round, every cup open, with the bids, the call, the count and who lost (audit_rounds.js,
// as the rules re-derived them: audit_play.js). The export is checked in this browser by the audit
// page's own verifier (fairness.js, verifyExport) before the first step shows; each step then says
// "verified" or names every check of its round that failed (replay_checks.js picks them), and whose
// seeds went into its deal; a round dealt, or a roll-off throw rolled, with no person's seed says so
// loudly at that very round or throw ("…dealt by the server alone: nobody was connected"; seed_lines.js).
// Keys: ← and → (or the Previous / Next buttons) step; the round list jumps to a round; every step
// is announced through the live region (#announcer).

import { playBlock } from "./audit_rounds.js";
import { verifyPlay } from "./audit_play.js";
import { throwItems } from "./audit_roll_off.js";
import { checkWords } from "./check_wording.js";
import { diceRow } from "./dice.js";
import { byId, el, setText, show } from "./dom.js";
import { verifyExport } from "./fairness.js";
import { pageWording, t } from "./i18n.js";
import { replaySteps } from "./replay_checks.js";
import { aloneText, seedsText } from "./seed_lines.js";

const page = byId("replay");
const tableId = page.dataset.table;
const wanted = page.dataset.game ? Number(page.dataset.game) : null;
let replay = null;
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
  replay = replaySteps(JSON.parse(text), checks, play, wanted);
  if (!replay.steps.length) {
    setStatus("failed", t("replay.no_rounds"));
    return;
  }
  const failed = replay.steps.filter((step) => !step.verified).length;
  setStatus(failed ? "failed" : "ok", failed ? t("replay.some_failed", { n: failed }) : t("replay.all_verified", { n: replay.steps.length }));
  setText(byId("replay-title"), t(replay.over ? "replay.title_game" : "replay.title_unfinished", { game: replay.game }));
  renderGames();
  renderRollOff();
  renderList();
  show(byId("replay-player"), true);
  go(0, false);
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
      `${t("audit.round", { round: step.round })} ${step.verified ? "✓" : "✗"}`))));
  for (const button of byId("replay-rounds").querySelectorAll("button")) {
    button.addEventListener("click", () => go(Number(button.dataset.step), false));
  }
}

// Show step `index` (kept within the rounds); `announce` says it in the live region too.
function go(index, announce = true) {
  if (!replay?.steps.length) return;
  current = Math.max(0, Math.min(index, replay.steps.length - 1));
  const step = replay.steps[current];
  const position = t("replay.position", { round: step.round, i: current + 1, n: replay.steps.length });
  setText(byId("replay-position"), position);
  byId("replay-prev").disabled = current === 0;
  byId("replay-next").disabled = current === replay.steps.length - 1;
  for (const button of byId("replay-rounds").querySelectorAll("button")) {
    button.setAttribute("aria-current", Number(button.dataset.step) === current ? "step" : "false");
  }
  byId("replay-step").replaceChildren(verdictBlock(step), ...seedLines(step.deal, "deal"), cupsBlock(step),
    playBlock(step.play, seatName) ?? el("p", {}, t("replay.no_play")));
  const said = [`${position}.`, step.verified ? t("replay.verified") : t("replay.failed", { n: step.failed.length }), aloneText(step.deal, "deal")];
  if (announce) setText(byId("announcer"), said.filter(Boolean).join(" "));
}

function verdictBlock(step) {
  if (step.verified) return el("p", { class: "replay-verdict ok", "data-state": "ok" }, `✓ ${t("replay.verified")}`);
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
  return name === undefined ? `#${seat}` : name;
}

function setStatus(state, text) {
  const status = byId("replay-status");
  status.dataset.state = state;
  setText(status, text);
}
