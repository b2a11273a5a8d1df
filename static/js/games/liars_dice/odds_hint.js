// The odds hint beside the bid control (off until the player turns it on: prefs.js "odds"): the
// chance that the standing bid is true seen from your cup, and the same for the bid you are
// about to make (odds.js). The line is a polite live region: a screen reader hears the figures
// when they change, after what it is saying.
//   const hint = new OddsHint(byId("odds-hint"));
//   hint.update(gameView, selection)         // from the bid control, at every render

import { setText, show } from "../../dom.js";
import { bidShort, t } from "../../i18n.js";
import { bidOdds, percent, standingOdds } from "./odds.js";
import { preference, setUpSwitch } from "../../prefs.js";

export class OddsHint {
  constructor(line, toggle) {
    this.line = line;
    this.last = null;
    setUpSwitch(toggle, "odds", { onChange: () => this.render() });
  }

  update(view, selection) {
    this.last = { view, selection };
    this.render();
  }

  render() {
    const on = preference("odds") && this.last !== null;
    show(this.line, on);
    if (!on) return;
    const { view, selection } = this.last;
    const parts = [];
    const standing = view.bids.at(-1);
    if (standing) {
      parts.push(t("odds.standing", { bid: bidShort(standing.quantity, standing.face), p: percent(standingOdds(view)) }));
    }
    if (selection) parts.push(t("odds.yours", { bid: bidShort(selection.quantity, selection.face), p: percent(bidOdds(view, selection)) }));
    setText(this.line, parts.join(" "));
  }
}
