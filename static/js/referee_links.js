// After "Run as referee": the referee's link, shown this once with a copy button and the warning
// to keep it (its fragment is the only key to the desk), the players' link, and the way to the desk.
// Nothing keeps the link: leaving the page (also into the back-forward cache) forgets it.

import { byId, setText, show } from "./dom.js";
import { t } from "./i18n.js";
import { copyInput } from "./share.js";

for (const [button, input] of [["referee-copy", "referee-link"], ["players-copy", "players-link"]]) {
  byId(button).addEventListener("click", async () => {
    setText(byId("referee-status"), (await copyInput(byId(input))) ? t("share.copied") : t("share.copy_failed"));
  });
}

// created: the answer of POST /api/tables with a `referee` (url, referee_url).
export function showRefereeLinks(created) {
  byId("referee-link").value = new URL(created.referee_url, location.origin).href;
  byId("players-link").value = new URL(created.url, location.origin).href;
  byId("open-desk").href = created.referee_url;
  setText(byId("referee-status"), "");
  show(byId("home"), false);
  show(byId("referee-ready"), true);
  byId("referee-ready-title").focus();
  window.addEventListener("pagehide", forget, { once: true });
}

function forget() {
  byId("referee-link").value = "";
  byId("players-link").value = "";
  byId("open-desk").removeAttribute("href");
  show(byId("referee-ready"), false);
  show(byId("home"), true);
}
