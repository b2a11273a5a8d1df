// The host's regulars ("кореша") at the table page: add a bot of a chosen level in the lobby
// and between games, remove a bot seat (the server refuses while that bot plays a running game).

import { byId, setText, show } from "./dom.js";
import { errorText, t } from "./i18n.js";

let send = null;
let refocusAfterRemove = false;

export function setUpBots(sender) {
  send = sender;
  byId("bots-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const level = new FormData(event.target).get("level") || "medium";
    const button = byId("bot-add");
    button.disabled = true;
    try {
      await send("add_bot", { level });
    } finally {
      button.disabled = false;
    }
  });
}

// The remove button of a bot seat (rendered by seats.js for the host).
export async function removeBot(seat, name, button) {
  button.disabled = true;
  const ack = await send("remove_bot", { seat }, {
    errorText: (code, message) => (code === "game/running" ? t("bots.remove_playing", { name }) : errorText(code, message)),
  });
  if (ack.ok) refocusAfterRemove = true;
  else if (button.isConnected) {
    button.disabled = false;
    button.focus();
  }
  placeFocus();
}

// Shown to the host while no game runs: in the lobby and after a game is over; the table offers
// maxPlayers seats.
export function renderBots(state, maxPlayers) {
  const { game, you, table } = state;
  const open = you.is_host && (!game || game.phase === "over");
  show(byId("bots"), open);
  if (open) {
    const full = table.seats.length >= maxPlayers;
    byId("bot-add").disabled = full;
    setText(byId("bots-reason"), full ? t("bots.full") : "");
  }
  placeFocus();
}

// The removed seat's button is gone: hand the keyboard focus to the add button (or the list).
function placeFocus() {
  if (!refocusAfterRemove) return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected && !active.closest("[hidden]")) return;
  refocusAfterRemove = false;
  const add = byId("bot-add");
  if (!add.closest("[hidden]") && !add.disabled) add.focus();
  else byId("seats-title").focus();
}
