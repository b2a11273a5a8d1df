// The figures of each player at game over (the view's `stats`: referee/table/game_stats.py),
// as a table under the winner: bids made, calls won and lost, dice lost, bluffs caught. The
// help below it (templates/table.html) says what each figure counts.
//   renderStats(byId("stats-rows"), state)

import { byId, el, show } from "../../dom.js";
import { seatName } from "../../names.js";

const FIGURES = ["bids", "calls_won", "calls_lost", "dice_lost", "caught"];

export function renderStats(state) {
  const rows = state.stats ?? null;
  show(byId("stats"), rows !== null && state.game?.phase === "over");
  if (rows === null) return;
  byId("stats-rows").replaceChildren(...rows.map((row) => el("tr", { "data-seat": row.seat },
    el("th", { scope: "row" }, seatName(state, row.seat)),
    ...FIGURES.map((name) => el("td", {}, String(row[name]))))));
}
