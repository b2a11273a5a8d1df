// What this browser remembers of the tutorial: in localStorage whether it was opened, dismissed or
// finished (the home page offers it until one of them), in sessionStorage the step reached (a
// language switch reloads the page and goes on where the learner was). Storage may be refused
// (a private window): then the offer shows each visit and a reload starts again.
//   remember("dismissed"); isOfferDue()   → false

const CHOICE = "tj:tutorial";
const STEP = "tj:tutorial:step";

function attempt(action, fallback = null) {
  try {
    return action();
  } catch {
    return fallback;
  }
}

// "seen" (opened), "dismissed" (the offer declined) or "done" (finished); "done" is never undone.
export function remember(choice) {
  attempt(() => {
    if (localStorage.getItem(CHOICE) !== "done") localStorage.setItem(CHOICE, choice);
  });
}

export function isOfferDue() {
  return attempt(() => localStorage.getItem(CHOICE) === null, true);
}

export function savedStep() {
  const step = Number(attempt(() => sessionStorage.getItem(STEP), 0));
  return Number.isInteger(step) && step > 0 ? step : 0;
}

export function saveStep(step) {
  attempt(() => (step > 0 ? sessionStorage.setItem(STEP, String(step)) : sessionStorage.removeItem(STEP)));
}
