// The beat of the table's key moments (decoration only: the page shows every new state at once,
// the live region says it at once; table.css draws the motion, sounds.js keeps the same beat). A
// roll-off's new throws land one after another, the last within ROLL_OFF_SPAN_MS of the first.
//
//   throwGapMs(1)   // 0
//   throwGapMs(3)   // 450
//   throwGapMs(6)   // 200

export const ROLL_OFF_SPAN_MS = 1000;
const MOST_GAP_MS = 450;

// The time between two throws landing when `count` throws land together.
export function throwGapMs(count) {
  return count <= 1 ? 0 : Math.min(MOST_GAP_MS, ROLL_OFF_SPAN_MS / (count - 1));
}
