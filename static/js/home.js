// Home page: create a table with your name, keep the seat token, go to the table.

import { byId, setText } from "./dom.js";
import { errorText, t } from "./i18n.js";
import { hideToast, showToast } from "./toast.js";
import { saveToken } from "./tokens.js";

const form = byId("create");
const status = byId("create-status");

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  hideToast();
  setText(status, t("home.creating"));
  try {
    const created = await createTable(form.elements.name.value.trim());
    saveToken(created.table, created.token);
    location.assign(created.url);
  } catch (error) {
    setText(status, "");
    showToast(error.message);
    button.disabled = false;
  }
});

async function createTable(name) {
  let response;
  try {
    response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, lang: document.documentElement.lang }),
    });
  } catch {
    throw new Error(t("error.network"));
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(errorText(body.code, body.message));
  return body;
}
