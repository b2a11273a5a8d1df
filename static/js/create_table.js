// POST /api/tables (docs/protocol.md) for the pages that create a table: the home page and the
// tutorial's last step. The server's refusal becomes an Error with the catalogue's wording and its
// `code`; a network failure says so.
//   await createTable(soloRequest({ name: "Jem", options: { preset: "tavern", rules: {} }, count: 2, level: "easy" }))
//     → { ok: true, table, seat, token, url }

import { errorText, t } from "./i18n.js";

// The body of "Play alone": a started game against `count` bots of `level`, in the page's language.
export function soloRequest({ name, options, count, level }) {
  return { name, ...options, lang: document.documentElement.lang, bots: { count, level }, start: true };
}

export async function createTable(body) {
  let response;
  try {
    response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(t("error.network"));
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(errorText(answer.code, answer.message)), { code: answer.code });
  return answer;
}
