// The turn countdown. The server sends the deadline and its own clock (`turn_deadline_ms`,
// `server_now_ms`), never ticks: the time left is their difference, counted down against
// performance.now() from the moment the state arrived, so a device whose clock is wrong
// still counts the right number of seconds. Everybody sees it; the player to act hears it
// once, politely, when 10 seconds are left (never every second).

import { byId, setText, show } from "./dom.js";
import { t } from "./i18n.js";

const ALERT_AT_S = 10;

let deadline = null; // {endsAt: performance.now() value, total: seconds, mine: bool, key: string}
let ticking = null;
let alertedKey = null;

// Call with every state, at receipt; turn: the game's key of the turn to act (it changes with every
// turn), or null when nobody is to act (the table's family says, families.js).
export function updateCountdown(state, turn) {
  const receivedAt = performance.now();
  const game = state.game;
  const deadlineMs = state.table.turn_deadline_ms ?? null;
  const serverNow = state.server_now_ms ?? null;
  if (turn === null || deadlineMs === null || serverNow === null) {
    stop();
    return;
  }
  const key = `${turn}/${deadlineMs}`;
  if (key !== alertedKey) setText(byId("timer-announcer"), ""); // a new turn: the next alert is heard afresh
  const fresh = deadline?.key !== key;
  deadline = {
    endsAt: receivedAt + (deadlineMs - serverNow),
    total: state.table.rules.turn_timer_s || (deadlineMs - serverNow) / 1000,
    mine: state.you.seat !== null && game.turn === state.you.seat,
    key,
  };
  if (ticking === null) ticking = setInterval(tick, 250);
  if (fresh) {
    // A new turn fills the bar at once instead of sliding up from the last turn's end.
    const fill = byId("timer-fill");
    fill.style.transition = "none";
    tick();
    void fill.offsetWidth;
    fill.style.transition = "";
  } else {
    tick();
  }
}

// Seconds left (whole, rounded up), or null when no timer runs.
export function secondsLeft() {
  return deadline === null ? null : Math.max(0, Math.ceil((deadline.endsAt - performance.now()) / 1000));
}

function stop() {
  deadline = null;
  if (ticking !== null) clearInterval(ticking);
  ticking = null;
  show(byId("timer"), false);
}

function tick() {
  const timer = byId("timer");
  if (deadline === null) return;
  const leftMs = Math.max(0, deadline.endsAt - performance.now());
  const left = Math.ceil(leftMs / 1000);
  show(timer, true);
  setText(byId("timer-text"), t("game.time_left", { n: left }));
  const fraction = deadline.total > 0 ? Math.min(1, leftMs / (deadline.total * 1000)) : 0;
  byId("timer-fill").style.width = `${(fraction * 100).toFixed(1)}%`;
  timer.classList.toggle("urgent", left <= ALERT_AT_S);
  timer.classList.toggle("mine", deadline.mine);
  if (deadline.mine && left <= ALERT_AT_S && left > 0 && alertedKey !== deadline.key) {
    alertedKey = deadline.key;
    setText(byId("timer-announcer"), t("game.time_alert", { n: left }));
  }
}
