// Home page: create a table with your name, or play alone against кореша (bots) at once;
// keep the seat token, go to the table.

import { byId, setText } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { hideToast, showToast } from "./toast.js";
import { saveToken } from "./tokens.js";

const form = byId("create");
const status = byId("create-status");

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const solo = event.submitter?.value === "solo";
  const buttons = [...form.querySelectorAll("button[type=submit]")];
  for (const button of buttons) button.disabled = true;
  hideToast();
  setText(status, t(solo ? "home.starting" : "home.creating"));
  const fields = new FormData(form);
  const request = { name: String(fields.get("name") ?? "").trim(), lang: document.documentElement.lang };
  if (solo) {
    request.bots = { count: Number(fields.get("count") || 3), level: String(fields.get("level") || "medium") };
    request.start = true;
  }
  try {
    const created = await createTable(request);
    saveToken(created.table, created.token);
    location.assign(created.url);
  } catch (error) {
    setText(status, "");
    showToast(error.message);
    for (const button of buttons) button.disabled = false;
    if (error.code?.startsWith("name/")) {
      form.elements.name.focus();
    } else {
      event.submitter?.focus();
    }
  }
});

async function createTable(request) {
  let response;
  try {
    response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
  } catch {
    throw new Error(t("error.network"));
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(errorText(body.code, body.message)), { code: body.code });
  return body;
}
