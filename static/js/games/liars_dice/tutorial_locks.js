// Which of the real bid control's buttons a tutorial step has not explained yet, and why: a locked
// control says so as a tooltip (`title`) and as its accessible description (#lesson-lock). The
// picker's buttons are disabled; Bid and Liar stay focusable (aria-disabled), so pressing one
// tells the reason instead of doing nothing.
//   locksFor(TUTORIAL, tableAt(TUTORIAL, 4))   → { bid: null, liar: "“Liar!” comes later in the lesson: for now, raise." }

import { byId, setText, show } from "../../dom.js";
import { pageWording, t } from "../../i18n.js";
import { seatName } from "./tutorial_words.js";

// The reason each part of the control is locked at this step (null: it is the step's to use).
export function locksFor(script, table) {
  const { step } = table;
  if (step.kind === "your_call") return { bid: null, liar: null };
  if (step.kind === "your_bid") return { bid: null, liar: t("tutorial.lock.liar") };
  const reason = step.kind === "bid" || step.kind === "call"
    ? t("tutorial.lock.wait", { name: seatName(step.seat, pageWording) })
    : t("tutorial.lock.read");
  return { bid: reason, liar: reason };
}

// Lock (or unlock) the control's buttons after the control has drawn itself for this step.
export function applyLocks({ bid, liar }) {
  const picker = [byId("q-less"), byId("q-more"), ...document.querySelectorAll("#faces button[data-face]")];
  for (const button of picker) {
    if (bid) button.disabled = true;
    describe(button, bid, false);
  }
  describe(byId("bid-submit"), bid, true);
  describe(byId("liar"), liar, true);
  const reasons = [...new Set([bid, liar].filter(Boolean))];
  setText(byId("lesson-lock"), reasons.join(" "));
  show(byId("lesson-lock"), reasons.length > 0);
}

// The reason as the button's tooltip and description; `pressable` buttons are aria-disabled, not disabled.
function describe(button, reason, pressable) {
  const own = (button.dataset.describedby ??= button.getAttribute("aria-describedby") ?? "");
  if (reason) {
    button.title = reason;
    button.setAttribute("aria-describedby", `${own} lesson-lock`.trim());
    if (pressable) button.setAttribute("aria-disabled", "true");
  } else {
    button.removeAttribute("title");
    if (own) button.setAttribute("aria-describedby", own);
    else button.removeAttribute("aria-describedby");
    button.removeAttribute("aria-disabled");
  }
}
