// The whisper relay: for each player, copy-ready lines in the table's chat syntax, one copy button per line.

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { copyText } from "./referee_chat.js";

function copyButton(text, label) {
  const button = el("button", { type: "button", class: "btn small copy", "aria-label": label }, t("relay.copy"));
  button.addEventListener("click", async () => {
    button.textContent = (await copyText(text)) ? t("relay.copied") : t("relay.copy_failed");
  });
  return button;
}

function chatNameForm(whisper, current, send) {
  const input = el("input", { id: `chat-name-${whisper.seat}`, maxlength: 72, value: current ?? "",
    placeholder: whisper.name, "aria-label": t("referee.chat_name_for", { name: whisper.name }) });
  const form = el("form", { class: "row-form" }, input, el("button", { type: "submit", class: "btn small" }, t("referee.set_chat_name")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send("referee_whisper_name", { seat: whisper.seat, name: input.value });
  });
  return form;
}

export function renderRelay(container, state, send) {
  const blocks = state.gm.whispers.map((whisper) => {
    const lines = whisper.lines.map((line, i) => el("li", {},
      el("code", { class: "whisper-line" }, line), copyButton(line, t("referee.copy_line", { n: i + 1, name: whisper.name }))));
    return el("section", { class: "relay", "data-seat": whisper.seat },
      el("h3", {}, whisper.name),
      whisper.target === null ? el("p", { class: "reason" }, t("referee.no_target")) :
        (whisper.adjusted ? el("p", { class: "hint" }, t("referee.target_used", { target: whisper.target })) : null),
      el("ol", { class: "whisper-lines" }, ...lines),
      lines.length ? null : el("p", { class: "hint" }, t("referee.nothing_to_relay")),
      chatNameForm(whisper, state.gm.whisper_names[String(whisper.seat)], send));
  });
  container.replaceChildren(...blocks);
}
