// The rules shown at a table (player, spectator, the referee's desk): a badge line that opens,
// one click away, the plain-language summary of exactly the active settings (rules_summary.js),
// worded for the round in play (a palifico round's ones are not wild).
//
//   <details class="rules-panel"><summary><span class="rules-label">…</span> <span class="rules-badge"></span></summary>
//     <h3 class="rules-title"></h3><ul class="rules-lines"></ul></details>

import { el, setText } from "../../dom.js";
import { pageWording } from "../../i18n.js";
import { badge, summary, title } from "./rules_summary.js";

const shown = new WeakMap();

// The rules in force: the running game's, else the table's (those of the next game).
export function activeRules(state) {
  const game = state.game;
  return game && game.phase !== "over" ? game.rules : state.table.rules;
}

// What the round in play changes of the rules' words: {palifico} while a palifico round is rolled or bid.
export function activeRound(state) {
  const game = state.game;
  return { palifico: Boolean(game?.palifico) && (game.phase === "rolling" || game.phase === "bidding") };
}

export function renderRulesPanel(panel, rules, round = {}) {
  const key = JSON.stringify([rules, Boolean(round.palifico)]);
  if (shown.get(panel) === key) return;
  shown.set(panel, key);
  setText(panel.querySelector(".rules-badge"), badge(rules, pageWording, round));
  setText(panel.querySelector(".rules-title"), title(rules, pageWording));
  panel.querySelector(".rules-lines").replaceChildren(...summary(rules, pageWording, round).map((line) =>
    el("li", { "data-switch": line.switch }, line.text)));
}
