// One alert region for errors and the table's news: the latest message stays until dismissed or
// replaced; tone "info" (a change everyone is told of) is drawn apart from an error.

import { byId, setText } from "./dom.js";

export function showToast(text, tone = "error") {
  const toast = byId("toast");
  setText(byId("toast-text"), text);
  toast.dataset.tone = tone;
  toast.hidden = false;
}

export function hideToast() {
  byId("toast").hidden = true;
}

byId("toast-close")?.addEventListener("click", hideToast);
