// A cheat attempt's state in words, for the player's cheat card (player_gm.js), the audit page and
// the referee's desk (referee_attempts.js, referee_needs.js): what it needs of the referee now, its
// check roll, its status key. Kept apart from the desk's forms, so the table page loads none of them.
//   attemptNeed({ status: "pending" })                     // "judge"
//   checkText({ sides: 20, roll: 14, modifier: 2, total: 16, difficulty: 12, success: true })

import { t } from "./i18n.js";

// What an attempt needs of the referee now, or null: "judge", "approve" (a succeeded telekinesis), "consequence".
export function attemptNeed(attempt) {
  if (attempt.status === "pending") return "judge";
  if (attempt.status !== "rolled" || !attempt.check) return null;
  if (!attempt.check.success) return "consequence";
  return attempt.kind === "telekinesis" ? "approve" : null;
}

// A check rolled after the judgement waits for the attempter's seed (docs/referee.md); a knock or a mind
// reading that succeeded then waits for its target die. Once its round is over it may be dismissed.
export const targeting = (a) => a.status === "rolled" && a.check?.success === true && (a.kind === "knock" || a.kind === "mind_reading");

// The check roll in words: "d20: 14 +2 = 16 against 12: succeeded".
export function checkText(check) {
  return t("cheat.check", { sides: check.sides, roll: check.roll, modifier: (check.modifier < 0 ? "" : "+") + check.modifier,
    total: check.total, difficulty: check.difficulty, outcome: t(check.success ? "whisper.success" : "whisper.failure") });
}

// The key of the attempt's status line (cheat.status.<key>): a succeeded telekinesis waits for approval.
export function statusKey(a) {
  if (targeting(a)) return "targeting";
  return attemptNeed(a) === "approve" ? "approval" : a.status;
}
