// The home page's offer of the tutorial: shown on the first visit, until the visitor opens the
// tutorial or declines ("No thanks"), both remembered in this browser (tutorial_memory.js). The
// tutorial's link under "How to play" stays whatever the choice.

import { byId, show } from "../../dom.js";
import { isOfferDue, remember } from "./tutorial_memory.js";

const offer = byId("tutorial-offer");
show(offer, isOfferDue());
byId("tutorial-offer-start").addEventListener("click", () => remember("seen"));
byId("tutorial-offer-dismiss").addEventListener("click", () => {
  remember("dismissed");
  show(offer, false);
  byId("create-name").focus();
});
