// Chat lines (table chat, private threads, the referee's notices), always rendered as text.

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";

function author(state, line) {
  if (line.by === "referee") return t("gm.referee_says", { name: state.gm.referee?.name ?? "" });
  return seatName(state, line.seat);
}

export function chatLine(state, line) {
  if (line.by === "notice") {
    return el("li", { class: "notice" }, t(`gm.notice.${line.notice}`, { name: seatName(state, line.seat) }));
  }
  return el("li", { class: line.by === "referee" ? "from-referee" : "" },
    el("span", { class: "author" }, `${author(state, line)}: `),
    el("span", { class: "text" }, line.text));
}

export function renderChat(list, state, lines) {
  list.replaceChildren(...lines.map((line) => chatLine(state, line)));
}

// A small form that sends its input's text with `send(text)` and clears it on success.
export function chatForm(form, input, send) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const ack = await send(text);
    if (ack.ok) input.value = "";
  });
}

// Copy text to the clipboard; the fallback selects a temporary text area and uses execCommand.
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = el("textarea", { class: "sr-only", readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    const done = document.execCommand("copy");
    area.remove();
    return done;
  }
}

// Re-render `container` with `draw()` without losing what the user is typing in one of its inputs.
export function keepTyping(container, draw) {
  const active = document.activeElement;
  const typing = active && container.contains(active) && active.id ? { id: active.id, value: active.value, start: active.selectionStart } : null;
  draw();
  if (!typing) return;
  const again = document.getElementById(typing.id);
  if (!again) return;
  again.value = typing.value;
  again.focus();
  if (typing.start !== null && typing.start !== undefined && again.setSelectionRange) again.setSelectionRange(typing.start, typing.start);
}
