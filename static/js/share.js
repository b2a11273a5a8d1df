// The share link and its copy button; copyInput copies any read-only link field (the home page's too).

import { byId, setText } from "./dom.js";
import { t } from "./i18n.js";

export function setUpShare(tableId) {
  const input = byId("share-link");
  const status = byId("share-status");
  input.value = `${location.origin}/t/${tableId}`;
  input.addEventListener("focus", () => input.select());
  byId("share-copy").addEventListener("click", async () => {
    setText(status, (await copyInput(input)) ? t("share.copied") : t("share.copy_failed"));
  });
}

// The input's text on the clipboard; where the clipboard is refused, selected for a copy by hand.
export async function copyInput(input) {
  try {
    await navigator.clipboard.writeText(input.value);
    return true;
  } catch {
    input.select();
    return document.execCommand("copy");
  }
}
