// Whose seeds went into a committed value, in words, for the audit and replay pages (docs/fairness.md
// section 6): a round's deal (`round_dealt`) or a seeded draw (`draw_committed`, a poker-dice roll, a
// roll-off throw) carries `seeds` {seat: seed} and `seeds_missing` {seat: reason}. A value no person
// seeded although people were due to is never silent: it says, loudly, that the server rolled it alone.
//
//   aloneReason({ seeds: {}, seeds_missing: { 0: "not_connected" } })   // "nobody"
//   aloneText({ seeds: {}, seeds_missing: { 0: "late" } }, "deal")       // "⚠ this round's dice were dealt by the server alone: no seed arrived in time."
//   seedsText({ seeds: { 0: "ab…" }, seeds_missing: {} }, (seat) => "Anna") // "Seeds that went in: Anna"

import { t } from "./i18n.js";

const isMap = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const WORDED = ["poker_roll", "roll_off"]; // the draw kinds with words of their own ("this cup"); any other is "this draw"

/** "nobody" (every person it concerns was away), "late" (a seed was due but none arrived) or null (a person's seed went in, or none was due). */
export function aloneReason(commitment) {
  const seeds = commitment?.seeds;
  const missing = commitment?.seeds_missing;
  if (!isMap(seeds) || !isMap(missing) || Object.keys(seeds).length || !Object.keys(missing).length) return null;
  return Object.values(missing).every((reason) => reason === "not_connected") ? "nobody" : "late";
}

/** The loud line of a value no person seeded (kind "deal", or a draw's purpose kind), or null. */
export function aloneText(commitment, kind) {
  const reason = aloneReason(commitment);
  if (reason === null) return null;
  const late = reason === "late" ? "_late" : "";
  const key = kind === "deal" ? `fair.deal_alone${late}` : `fair.draw_alone${late}.${WORDED.includes(kind) ? kind : "draw"}`;
  return `⚠ ${t(key)}`;
}

/** Whose seeds went in, named by `name(seat)` ("Seeds that went in: Anna, Ben"), or that none did; null for a value that takes no seeds. */
export function seedsText(commitment, name) {
  const seeds = commitment?.seeds;
  if (!isMap(seeds)) return null;
  const seats = Object.keys(seeds).map(Number).sort((a, b) => a - b);
  return seats.length ? t("fair.seeds_went_in", { names: seats.map(name).join(", ") }) : t("fair.no_seeds_went_in");
}
