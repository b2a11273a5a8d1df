// The tutorial page (/learn): the scripted rounds of tutorial_script.js played in the page with the
// table's real bid control (bidcontrol.js) and dice (dice.js); nothing is sent until its last step
// seats the learner at a real game against bots (tutorial_play.js). Each step says what to do and
// why (through the live region too), moves the focus to its control, locks what it has not
// explained (tutorial_locks.js), and answers a wrong move with an explanation and a retry.

import { BidControl } from "./bidcontrol.js";
import { bringIntoView, byId, setText, show } from "../../dom.js";
import { pageWording, t } from "../../i18n.js";
import { TUTORIAL } from "./tutorial_script.js";
import { isExpected, isMove, stepsOf, tableAt } from "./tutorial_steps.js";
import { applyLocks, locksFor } from "./tutorial_locks.js";
import { remember, savedStep, saveStep } from "./tutorial_memory.js";
import { wirePlay } from "./tutorial_play.js";
import { renderTable } from "./tutorial_view.js";
import { seatName, stepText, wrongText } from "./tutorial_words.js";

const STEPS = stepsOf(TUTORIAL);
const ROUND_OVER = new Set(["reveal", "end"]);
const control = new BidControl({ onBid: (bid) => move({ bid }), onLiar: () => move({ liar: true }) });
let position = Math.min(savedStep(), STEPS.length - 1);

byId("lesson-continue").addEventListener("click", () => go(position + 1));
byId("lesson-restart").addEventListener("click", () => go(0));
wirePlay(() => {
  remember("done");
  saveStep(0);
});
remember("seen");
render();
if (position > 0) focusOn(tableAt(TUTORIAL, position).step); // back from a language switch: on where the learner was

function go(next) {
  position = Math.max(0, Math.min(next, STEPS.length - 1));
  saveStep(position);
  render();
  const table = tableAt(TUTORIAL, position);
  say(`${progress(table)}. ${stepText(TUTORIAL, table, pageWording)}`);
  focusOn(table.step);
}

function render() {
  const table = tableAt(TUTORIAL, position);
  const { step } = table;
  setText(byId("lesson-progress"), progress(table));
  setText(byId("lesson-text"), stepText(TUTORIAL, table, pageWording));
  show(byId("lesson-feedback"), false);
  show(byId("lesson-continue"), !isMove(step) && step.kind !== "end");
  show(byId("lesson-restart"), position > 0);
  show(byId("lesson-play"), step.kind === "end");
  show(byId("hand"), step.kind !== "end");
  renderTable(TUTORIAL, table);
  const bidding = !ROUND_OVER.has(step.kind);
  show(byId("bid"), bidding);
  if (bidding) {
    const standing = table.bids.at(-1);
    control.update(viewOf(table), standing ? seatName(standing.seat, pageWording) : "");
    applyLocks(locksFor(TUTORIAL, table));
  } else {
    show(byId("lesson-lock"), false);
  }
}

function progress(table) {
  return t("tutorial.progress", { round: table.round + 1, rounds: TUTORIAL.rounds.length, step: position + 1, steps: STEPS.length });
}

// The learner's seat view as the bid control reads it (bid_choices.js): a tavern round, every bid so far.
function viewOf(table) {
  return {
    game: table.round + 1, round: 1, rules: TUTORIAL.rules, palifico: false,
    dice: table.hands[TUTORIAL.learner], total_dice: table.totalDice,
    bids: table.bids.map(({ seat, quantity, face }) => ({ seat, quantity, face })),
    can_call: table.bids.length > 0, can_spot_on: false,
  };
}

// The learner pressed Bid or Liar: a locked control says why, the step's move goes on, any other explains.
function move(attempted) {
  const table = tableAt(TUTORIAL, position);
  const locks = locksFor(TUTORIAL, table);
  const locked = attempted.liar ? locks.liar : locks.bid;
  if (locked) return tell(locked);
  if (isExpected(table.step, attempted)) return go(position + 1);
  return tell(wrongText(TUTORIAL, table, attempted, pageWording));
}

function tell(text) {
  const feedback = byId("lesson-feedback");
  setText(feedback, text);
  show(feedback, true);
  bringIntoView(feedback);
  say(text);
}

// The live region says `text` even when it said the same a moment ago (a second wrong move).
function say(text) {
  const region = byId("announcer");
  region.textContent = "";
  requestAnimationFrame(() => setText(region, text));
}

// The step's control takes the focus, with the step's text in view above it when both fit on the
// screen (on a phone the text and the first controls do; Tab scrolls on to the rest), else the
// control in view: a focused control is never off screen.
function focusOn(step) {
  const control = controlOf(step);
  control.focus({ preventScroll: true });
  const text = byId("lesson-text");
  const top = text.getBoundingClientRect().top;
  const bottom = control.getBoundingClientRect().bottom;
  if (top >= 0 && bottom <= innerHeight) return;
  if (bottom - top <= innerHeight) text.scrollIntoView({ block: "start" });
  else control.scrollIntoView({ block: "nearest" });
}

function controlOf(step) {
  if (step.kind === "end") return byId("lesson-name");
  if (step.kind === "your_call") return byId("liar");
  if (step.kind === "your_bid") {
    const first = [byId("q-more"), ...document.querySelectorAll("#faces button[data-face]")].find((button) => !button.disabled);
    return first ?? byId("bid-submit");
  }
  return byId("lesson-continue");
}
