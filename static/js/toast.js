// One alert region for errors: the latest message stays until dismissed or replaced.

import { byId, setText } from "./dom.js";

export function showToast(text) {
  const toast = byId("toast");
  setText(byId("toast-text"), text);
  toast.hidden = false;
}

export function hideToast() {
  byId("toast").hidden = true;
}

byId("toast-close")?.addEventListener("click", hideToast);
