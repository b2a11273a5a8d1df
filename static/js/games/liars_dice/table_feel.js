// What makes the Liar's Dice table pleasant beyond the rules: the odds hint by the bid control, the
// players' figures at game over, the automatic next round and the sounds. One hook for the table's
// renderer (table.js): `render(state)` with every state; `odds(view, selection)` from
// the bid control at each of its renders.
//   const feel = new TableFeel({ onNext: () => byId("next-round").click() });

import { AutoNext } from "./auto_next.js";
import { byId, show } from "../../dom.js";
import { OddsHint } from "./odds_hint.js";
import { Sounds, soundsFor } from "./sounds.js";
import { renderStats } from "./stats.js";

export class TableFeel {
  constructor({ onNext }) {
    this.before = null;
    show(byId("prefs"), true); // the switches belong to this family's page only
    this.oddsHint = new OddsHint(byId("odds-hint"), byId("odds-toggle"));
    this.autoNext = new AutoNext({ onNext });
    this.sounds = new Sounds(byId("sound-toggle"));
  }

  odds(view, selection) {
    this.oddsHint.update(view, selection);
  }

  render(state) {
    // The odds hint and the automatic next round serve a player's own turn and reveal: a spectator
    // gets neither switch (the sounds are for everyone).
    const seated = state.you.seat !== null;
    show(byId("odds-toggle"), seated);
    show(byId("auto-next-toggle"), seated);
    renderStats(state);
    this.autoNext.update(state);
    this.sounds.play(soundsFor(this.before, state));
    this.before = state;
  }
}
