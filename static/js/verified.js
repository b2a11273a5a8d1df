// Fair dice on the table page (docs/fairness.md), next to table.js:
//   * while a round is rolling, a seated player's browser sends its 32-byte seed
//     (crypto.getRandomValues) once per round: the `seed` event {round, seed};
//   * it checks the player's own dice (`state.private`) against the signed commitment and
//     shows "verified" next to the dice, or a loud warning when a check fails;
//   * a footer shows the server key's fingerprint and links to the table's audit page.
// It listens on the Socket.IO connection table.js exposes as `window.tavern.socket` (loaded
// after table.js, so its `state` handler runs after the page is rendered).

import { byId, el, setText, show } from "./dom.js";
import { toHex, verifyOwnDice } from "./fairness.js";
import { t } from "./i18n.js";

const socket = window.tavern.socket;
const tableId = byId("table").dataset.table;
const seeded = new Set();
let checking = null;

document.head.append(el("link", { rel: "stylesheet", href: "/static/css/audit.css" }));
const mark = el("p", { id: "dice-verified", class: "verified", role: "status", hidden: true });
byId("hand").append(mark);
const fingerprint = el("code", { class: "fingerprint" });
const auditLink = el("a", { href: `/t/${encodeURIComponent(tableId)}/audit` }, t("fair.audit_link"));
const footer = el("footer", { class: "fair-footer", hidden: true },
  el("p", {}, el("span", {}, t("fair.server_key")), " ", fingerprint), el("p", {}, auditLink));
byId("main").after(footer);

socket.on("state", (state) => {
  sendSeed(state);
  checkOwnDice(state);
  renderFooter(state);
});

function sendSeed({ game, you }) {
  if (game?.phase !== "rolling" || you.seat === null || !game.seats_in_game.includes(you.seat)) return;
  const round = `${game.game}/${game.round}`;
  if (seeded.has(round)) return;
  seeded.add(round);
  socket.emit("seed", { round: game.round, seed: toHex(crypto.getRandomValues(new Uint8Array(32))) });
}

async function checkOwnDice({ private: own, commitment, table }) {
  const key = table.server_key?.key;
  if (!own?.dice?.length || !commitment || !key) {
    checking = null;
    show(mark, false);
    return;
  }
  const id = `${own.game}/${own.round}/${own.seat}/${commitment.root}`;
  if (id === checking) return;
  checking = id;
  let steps;
  try {
    steps = await verifyOwnDice(own, commitment, key);
  } catch (error) {
    steps = [{ ok: false, message: error.message }];
  }
  if (id === checking) showVerdict(steps);
}

function showVerdict(steps) {
  const failed = steps.filter((step) => step.ok === false);
  const unchecked = steps.some((step) => step.ok === null);
  mark.classList.toggle("failed", failed.length > 0);
  mark.setAttribute("role", failed.length ? "alert" : "status");
  if (failed.length) setText(mark, `⚠ ${t("fair.failed")} ${failed.map((step) => step.message).join("; ")}`);
  else setText(mark, `✓ ${t(unchecked ? "fair.verified_proofs" : "fair.verified")}`);
  show(mark, true);
}

function renderFooter({ table, game }) {
  show(footer, Boolean(table.server_key));
  if (!table.server_key) return;
  setText(fingerprint, table.server_key.fingerprint);
  const query = game ? `?game=${game.game}` : "";
  auditLink.setAttribute("href", `/t/${encodeURIComponent(tableId)}/audit${query}`);
}
