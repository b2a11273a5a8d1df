// Home page: create a table with your name and the table options, play alone against кореша
// (bots) at once, or run a refereed table; keep the seat token and go to the table, or show the
// referee's links (referee_links.js). Each game family's options are its own (games/registry.js
// `options`: homeOptions()).

import { createTable, soloRequest } from "./create_table.js";
import { byId, setText } from "./dom.js";
import { t } from "./i18n.js";
import { DEFAULT_FAMILY, FAMILY_NAMES, familyNamed } from "./games/registry.js";
import { showRefereeLinks } from "./referee_links.js";
import { hideToast, showToast } from "./toast.js";
import { saveToken } from "./tokens.js";

const form = byId("create");
const status = byId("create-status");
// Every family's options, made once its module is loaded (the form waits for them).
const ready = Promise.all(FAMILY_NAMES.map(async (name) => [name, (await familyNamed(name).options()).homeOptions()]))
  .then((made) => Object.fromEntries(made));
// The game chosen (Liar's Dice or poker-dice bluff) decides which options show and are sent, for
// every button of the form (and whether a referee may allow roleplay cheating).
const chosenGame = () => (familyNamed(form.elements.game.value) ? form.elements.game.value : DEFAULT_FAMILY);
let options = null;
async function showGame() {
  const families = await ready;
  const chosen = families[chosenGame()];
  options = chosen.options;
  for (const family of Object.values(families)) {
    for (const id of family.parts) byId(id).hidden = family !== chosen;
  }
  // Roleplay cheating is a capability a family declares (Liar's Dice's): elsewhere a referee is not offered it.
  byId("gm-cheating-option").hidden = !chosen.cheating;
  byId("gm-cheating").disabled = !chosen.cheating;
}
byId("game-choice").addEventListener("change", showGame);
const showing = showGame();

// "How to play" tells the usual rules; once the options differ from the ones the page opened
// with (a Kul Tiras preset, no wild ones), it says so with the chosen rules' badge instead of
// the line on wild ones, so it never contradicts the table about to be made.
const chosenLine = byId("rules-chosen");
let usual = null;
async function showChosenRules() {
  await showing;
  const asked = JSON.stringify(options.request());
  usual ??= asked;
  const changed = asked !== usual && chosenGame() === DEFAULT_FAMILY;
  byId("rule-wild").hidden = changed;
  chosenLine.hidden = !changed;
  setText(chosenLine, changed ? t("home.rules_chosen", { badge: options.root.querySelector(".options-badge")?.textContent ?? "" }) : "");
}
form.addEventListener("change", showChosenRules);
form.addEventListener("input", showChosenRules);
showChosenRules();
const WORKING = { table: "home.creating", solo: "home.starting", referee: "home.referee_creating" };

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const mode = event.submitter?.value ?? "table";
  await showing;
  const problem = options.problem();
  if (problem) {
    showToast(problem);
    return;
  }
  const buttons = [...form.querySelectorAll("button[type=submit]")];
  for (const button of buttons) button.disabled = true;
  hideToast();
  setText(status, t(WORKING[mode]));
  try {
    const created = await createTable(request(mode, new FormData(form)));
    if (mode === "referee") {
      setText(status, "");
      for (const button of buttons) button.disabled = false;
      showRefereeLinks(created);
      return;
    }
    saveToken(created.table, created.token);
    location.assign(created.url);
  } catch (error) {
    setText(status, "");
    for (const button of buttons) button.disabled = false;
    refused(error, event.submitter);
  }
});

// The body of POST /api/tables for this button (docs/protocol.md): the chosen preset and the
// switches changed from it, always.
function request(mode, fields) {
  const name = String(fields.get("name") ?? "").trim();
  const common = { ...options.request(), lang: document.documentElement.lang };
  if (mode === "referee") {
    const gm = { cheating: fields.get("cheating") === "on", blind: fields.get("blind") === "on",
      check_die: Number(fields.get("check_die") || 20), whisper_format: String(fields.get("whisper_format") || "plain") };
    return { referee: { name }, ...common, gm };
  }
  if (mode === "solo") {
    return soloRequest({ name, options: options.request(), count: Number(fields.get("count") || 3), level: String(fields.get("level") || "medium") });
  }
  return { name, ...common };
}

// The server's refusal, in words, with the keyboard focus on what to fix.
function refused(error, submitter) {
  if (error.code?.startsWith("settings/")) {
    showToast(options.problem() || error.message);
    options.root.open = true;
    return;
  }
  showToast(error.message);
  if (error.code?.startsWith("name/")) form.elements.name.focus();
  else submitter?.focus();
}
