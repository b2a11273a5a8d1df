// The browser's check of a roll-off throw (`first_opener = roll_off`), as
// referee/fairness/verify_roll_off.py, message for message: a `roll_off` entry must hold exactly
// the values of its revealed draw, and that draw must be this throw's. Throw k of game g names its
// draw (`roll_off` {game, counter, draw, dice}); the draw's reveal (`draw_revealed`, logged before
// the entry) must have the purpose {kind: roll_off, ref: g, counter: k} and the items
// ("seat S", 6) twice for each seat the rules wait for (ascending), and the entry's `dice` must be
// the revealed values by seat in item order. That the revealed values are the committed ones is
// fairness.js's check.
//   const draw = { draw: 1, request: { purpose: { kind: "roll_off", ref: 1, counter: 1 },
//     items: [{ label: "seat 0", sides: 6 }, { label: "seat 0", sides: 6 }] },
//     results: [{ label: "seat 0", value: 3 }, { label: "seat 0", value: 4 }] };
//   throwProblem(draw, 1, 1, [0], { 0: [3, 4] })   → null
//   throwProblem(draw, 1, 1, [0], { 0: [3, 5] })   → "throw 1 shows seat 0: 3 + 5, but draw 1 revealed seat 0: 3 + 4"
//   throwText({ 0: [3, 4], 1: [6, 2] })            → "seat 0: 3 + 4 = 7, seat 1: 6 + 2 = 8"

export const ROLL_OFF_SIDES = 6;
export const ROLL_OFF_DICE = 2;

// `object[key]`, or a TypeError where the Python verifier's `object[key]` raises (a malformed entry).
export function field(object, key) {
  if (object === null || typeof object !== "object" || !Object.hasOwn(object, key)) throw new TypeError(`no ${key}`);
  return object[key];
}

const seatNumber = (seat) => (/^[0-9]+$/.test(seat) ? Number(seat) : -1);
const ascending = (dice) => Object.keys(dice).sort((a, b) => seatNumber(a) - seatNumber(b));

// A revealed roll-off draw's values by seat ({"<seat>": [a, b]}), in item order.
export function drawnDice(draw) {
  const dice = {};
  for (const result of field(draw, "results")) {
    const seat = String(field(result, "label")).replace(/^seat /, "");
    (dice[seat] ??= []).push(field(result, "value"));
  }
  return dice;
}

// A throw as the messages write it: "seat 0: 3 + 4, seat 2: 6 + 1" (seats ascending).
export function diceWords(dice) {
  return ascending(dice).map((seat) => `seat ${seat}: ${dice[seat].map(pyStr).join(" + ")}`).join(", ");
}

// A throw with its sums: "seat 0: 3 + 4 = 7, seat 2: 6 + 1 = 7" (seats ascending).
export function throwText(dice) {
  return ascending(dice).map((seat) => `seat ${seat}: ${dice[seat].join(" + ")} = ${dice[seat].reduce((a, b) => a + b, 0)}`).join(", ");
}

// Why a `roll_off` entry of throw `counter` of `game` showing `dice` is not its revealed `draw`
// (undefined: not revealed before the entry) for the seats `throwing`, or null when it is.
export function throwProblem(draw, game, counter, throwing, dice) {
  if (draw === undefined) return `throw ${counter} names a draw that is not revealed before it`;
  const number = field(draw, "draw");
  const request = field(draw, "request");
  if (!samePlain(field(request, "purpose"), { kind: "roll_off", ref: game, counter })) {
    return `throw ${counter} names draw ${number}, which is not throw ${counter} of game ${game}'s roll-off`;
  }
  const items = field(request, "items").map((item) => [field(item, "label"), field(item, "sides")]);
  const seats = [...throwing].sort((a, b) => a - b);
  const wanted = seats.flatMap((seat) => new Array(ROLL_OFF_DICE).fill([`seat ${seat}`, ROLL_OFF_SIDES]));
  if (!samePlain(items, wanted)) {
    return `draw ${number} throws for ${seatsOf(items)}, but the roll-off waits for ${seats.map((s) => `seat ${s}`).join(", ")}`;
  }
  const drawn = drawnDice(draw);
  if (!samePlain(dice, drawn)) {
    const shown = isThrow(dice) ? diceWords(dice) : pyRepr(dice);
    return `throw ${counter} shows ${shown}, but draw ${number} revealed ${diceWords(drawn)}`;
  }
  return null;
}

// Python's == on JSON values: lists item by item, objects key by key (in any order), and a
// boolean equal to its number (True == 1), so that both verifiers judge an odd throw alike.
const pyNumber = (v) => (typeof v === "boolean" ? Number(v) : v);

function samePlain(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => samePlain(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && samePlain(a[k], b[k]));
  }
  return pyNumber(a) === pyNumber(b);
}

function seatsOf(items) {
  const labels = [...new Set(items.map(([label]) => pyStr(label)))];
  return labels.join(", ") || "nobody";
}

function isThrow(dice) {
  return dice !== null && typeof dice === "object" && !Array.isArray(dice)
    && Object.values(dice).every((v) => Array.isArray(v) && v.every((d) => Number.isInteger(d) || typeof d === "boolean"));
}

// Python's str() and repr() of a JSON value, for the messages that quote a malformed throw.
function pyStr(value) {
  return typeof value === "string" ? value : pyRepr(value);
}

function pyRepr(value) {
  if (value === null) return "None";
  if (value === true || value === false) return value ? "True" : "False";
  if (typeof value === "string") return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  // (no template nested in a template: the minifier would drop the space after the colon)
  if (typeof value === "object") return `{${Object.entries(value).map(([k, v]) => pyRepr(k) + ": " + pyRepr(v)).join(", ")}}`;
  return String(value);
}
