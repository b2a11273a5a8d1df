// The automatic next round (off until the player turns it on: prefs.js "auto_next"): after a
// reveal, a seated player's page presses "Next round" by itself after AUTO_NEXT_S seconds. The
// countdown is shown beside the button with Cancel, which keeps this reveal on screen (the button
// still works). A page preference, not a table setting: each player chooses for themselves, and
// the first press of anyone at the table starts the round for all.
//   const autoNext = new AutoNext({ onNext: () => byId("next-round").click() });
//   autoNext.update(state)                      // with every state

import { byId, setText, show } from "../../dom.js";
import { t } from "../../i18n.js";
import { preference, setUpSwitch } from "../../prefs.js";

export const AUTO_NEXT_S = 5;

// The reveal a page may press "next round" for by itself ("game/round"), or null.
export function autoNextKey(state) {
  const game = state?.game;
  if (!game || game.phase !== "revealed" || state.you.seat === null) return null;
  return `${game.game}/${game.round}`;
}

export class AutoNext {
  constructor({ onNext }) {
    this.onNext = onNext;
    this.box = byId("auto-next");
    this.text = byId("auto-next-text");
    this.left = byId("auto-next-left");
    this.key = null; // the reveal being counted down
    this.done = null; // the reveal whose countdown ended or was cancelled
    this.timer = null;
    this.state = null;
    byId("auto-next-cancel").addEventListener("click", () => {
      this.done = this.key;
      this.stop();
      byId("next-round").focus();
    });
    setUpSwitch(byId("auto-next-toggle"), "auto_next", { onChange: (on) => (on ? this.update(this.state) : this.stop()) });
  }

  update(state) {
    this.state = state;
    const key = autoNextKey(state);
    if (key === null || key !== this.key) this.stop();
    if (key === null || key === this.key || key === this.done || !preference("auto_next")) return;
    this.key = key;
    const endsAt = performance.now() + AUTO_NEXT_S * 1000;
    setText(this.text, t("auto_next.counting", { n: AUTO_NEXT_S }));
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - performance.now()) / 1000));
      setText(this.left, String(left));
      if (left > 0) return;
      this.done = key;
      this.stop();
      this.onNext();
    };
    tick();
    this.timer = setInterval(tick, 200);
    show(this.box, true);
  }

  stop() {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.key = null;
    show(this.box, false);
  }
}
