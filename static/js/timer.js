// The turn timer: seconds left until the table's turn deadline, ticking once a second.

import { byId, setText, show } from "./dom.js";
import { t } from "./i18n.js";

let deadlineMs = null;
let ticking = null;

export function setDeadline(ms) {
  deadlineMs = ms;
  if (deadlineMs !== null && ticking === null) ticking = setInterval(tick, 1000);
  if (deadlineMs === null && ticking !== null) {
    clearInterval(ticking);
    ticking = null;
  }
  tick();
}

function tick() {
  const timer = byId("timer");
  show(timer, deadlineMs !== null);
  if (deadlineMs !== null) setText(timer, t("game.time_left", { n: Math.max(0, Math.ceil((deadlineMs - Date.now()) / 1000)) }));
}
