// The share link, its copy button and the browser's own share sheet where it has one (the QR code
// beside them is an image the server draws, fetched when it comes near the screen); copyInput copies
// any read-only link field (the home page's too).

import { byId, setText, show } from "./dom.js";
import { t } from "./i18n.js";

export function setUpShare(tableId) {
  const input = byId("share-link");
  const status = byId("share-status");
  input.value = `${location.origin}/t/${tableId}`;
  input.addEventListener("focus", () => input.select());
  byId("share-copy").addEventListener("click", async () => {
    setText(status, (await copyInput(input)) ? t("share.copied") : t("share.copy_failed"));
  });
  if (typeof navigator.share === "function") setUpNativeShare(input.value, status);
  loadWhenNear(byId("share-qr"));
}

// The QR code is fetched once its card comes near the screen (on a phone it is far below the game):
// no part of the table's first load (bench/page_weight.py).
function loadWhenNear(image) {
  const load = () => { image.src = image.dataset.src; };
  if (typeof IntersectionObserver !== "function") return load();
  const watch = new IntersectionObserver((seen) => {
    if (!seen.some((entry) => entry.isIntersecting)) return;
    watch.disconnect();
    load();
  }, { rootMargin: "200px" });
  watch.observe(image);
}

// The native share sheet (phones, some desktops); closing it is no failure.
function setUpNativeShare(url, status) {
  const button = byId("share-native");
  show(button, true);
  button.addEventListener("click", async () => {
    try {
      await navigator.share({ title: document.title, url });
      setText(status, "");
    } catch (error) {
      if (error.name !== "AbortError") setText(status, t("share.share_failed"));
    }
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
