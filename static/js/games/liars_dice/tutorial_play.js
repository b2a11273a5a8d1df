// The tutorial's last step: a real game against two regulars (bots) of the level the learner picks
// (easy, medium or strong; easy unless changed), made by the same
// request as the home page's "Play alone" (create_table.js), in the page's language; then the
// page goes to the new table with the seat's token kept, as the home page does.

import { createTable, soloRequest } from "../../create_table.js";
import { byId, setText } from "../../dom.js";
import { t } from "../../i18n.js";
import { hideToast, showToast } from "../../toast.js";
import { saveToken } from "../../tokens.js";

const TAVERN = { preset: "tavern", rules: {} };
const BOTS = 2;
const LEVELS = ["easy", "medium", "strong"];

// Wire the play form; `done` runs once the table exists, before the page leaves for it.
export function wirePlay(done) {
  const form = byId("lesson-play-form");
  const button = byId("lesson-play-start");
  const status = byId("lesson-play-status");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    hideToast();
    setText(status, t("home.starting"));
    try {
      const name = String(form.elements.name.value).trim();
      const picked = String(new FormData(form).get("level") ?? "");
      const level = LEVELS.includes(picked) ? picked : "easy";
      const created = await createTable(soloRequest({ name, options: TAVERN, count: BOTS, level }));
      saveToken(created.table, created.token);
      done();
      location.assign(created.url);
    } catch (error) {
      setText(status, "");
      button.disabled = false;
      showToast(error.message);
      if (!error.code || error.code.startsWith("name/")) form.elements.name.focus();
      else button.focus();
    }
  });
}
