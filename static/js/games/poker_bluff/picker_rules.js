// The declarations of poker-dice bluff as the page offers them (RULES.md B3), a pure port of
// referee/rules/poker_bluff/declarations.py and of the engine's keep rule: the kinds and their
// shapes, the order, what beats a declaration, the picker's steps (kind, then one face per group),
// the dice a declaration names, which dice of the cup may be set aside. No DOM: node runs it as
// the browser does (tests/browser/test_poker_page_js.py checks it against the engine).
//
//   higherThan({ kind: "four", faces: [6, 5] }).map(text)   // ["1,1,1,1,1", …, "6,6,6,6,6"]
//   facesOffered(last, "pair", [])      // the pair's faces that can still beat `last`
//   keepChoice([4, 1, 6, 6, 2], [0, 2], [4, 6])   // true: a 4 and a 6 of the declaration
//   startingDeclaration(null, [6, 2, 6, 2, 6])     // {kind: "full_house", faces: [6, 2]}: what the cup holds

export const SHAPES = {
  single: [1],
  pair: [2, 1],
  two_pairs: [2, 2, 1],
  three: [3, 1],
  full_house: [3, 2],
  four: [4, 1],
  five: [5],
};
export const KINDS = Object.keys(SHAPES);
export const FACES = [1, 2, 3, 4, 5, 6];
export const CUP = 5;

// Whether `faces` make a well-formed declaration of `kind` (the engine's Declaration checks).
export function wellFormed(kind, faces) {
  const shape = SHAPES[kind];
  if (!shape || faces.length !== shape.length || !faces.every((face) => FACES.includes(face))) return false;
  if ((kind === "two_pairs" || kind === "full_house") && faces[0] === faces[1]) return false;
  if (faces.length > 1 && shape.at(-1) === 1 && faces.slice(0, -1).includes(faces.at(-1))) return false;
  return !(kind === "two_pairs" && faces[0] < faces[1]);
}

// Negative, zero or positive as a is weaker than, equal to or stronger than b: the kind, then the
// listed faces left to right.
export function compare(a, b) {
  const byKind = KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind);
  if (byKind !== 0) return byKind;
  for (let i = 0; i < a.faces.length; i += 1) {
    if (a.faces[i] !== b.faces[i]) return a.faces[i] - b.faces[i];
  }
  return 0;
}

function every() {
  const found = [];
  const place = (kind, faces) => {
    if (faces.length === SHAPES[kind].length) {
      if (wellFormed(kind, faces)) found.push({ kind, faces });
      return;
    }
    for (const face of FACES) place(kind, [...faces, face]);
  };
  for (const kind of KINDS) place(kind, []);
  return found.sort(compare);
}

// Every well-formed declaration, weakest first (192).
export const ALL = Object.freeze(every());

// Every declaration that beats `last` (all of them when last is null), weakest first.
export function higherThan(last) {
  return last ? ALL.filter((declaration) => compare(declaration, last) > 0) : ALL;
}

// The canonical text, groups joined by "+": "6", "4,4+6", "5,5+3,3+6".
export function text({ kind, faces }) {
  return SHAPES[kind].map((size, i) => Array(size).fill(faces[i]).join(",")).join("+");
}

// The dice a declaration names, group by group.
export function namedDice({ kind, faces }) {
  return SHAPES[kind].flatMap((size, i) => Array(size).fill(faces[i]));
}

// The picker's first step: the kinds that hold a declaration higher than `last`.
export function kindsOffered(last) {
  const higher = higherThan(last);
  return KINDS.filter((kind) => higher.some((declaration) => declaration.kind === kind));
}

// The next step: the faces for group `chosen.length` of `kind` that, after the faces `chosen`
// for the groups before it, still lead to a declaration higher than `last`.
export function facesOffered(last, kind, chosen) {
  const higher = higherThan(last).filter((d) => d.kind === kind && chosen.every((face, i) => d.faces[i] === face));
  return FACES.filter((face) => higher.some((d) => d.faces[chosen.length] === face));
}

// The faces the picker starts from for `kind`: the weakest declaration of that kind above `last`,
// keeping as many of `wanted` (the faces chosen before) as still fit.
export function startingFaces(last, kind, wanted = []) {
  const chosen = [];
  for (let i = 0; i < SHAPES[kind].length; i += 1) {
    const offered = facesOffered(last, kind, chosen);
    if (!offered.length) return null;
    chosen.push(offered.includes(wanted[i]) ? wanted[i] : offered[0]);
  }
  return chosen;
}

// The strongest declaration the dice `cup` truly hold (their poker hand), or null for no dice.
export function handOf(cup) {
  const have = counts(cup);
  const held = (declaration) => [...counts(namedDice(declaration))].every(([face, n]) => n <= (have.get(face) ?? 0));
  return cup.length ? ALL.findLast(held) ?? null : null;
}

// Where the picker starts, so one careless tap never declares "a one": opening the round (no
// `last`), what the cup truly holds; answering, the least declaration that beats `last` (null
// when nothing does).
export function startingDeclaration(last, cup) {
  if (!last) return handOf(cup ?? []) ?? ALL[0];
  return higherThan(last)[0] ?? null;
}

function counts(dice) {
  const found = new Map();
  for (const die of dice) found.set(die, (found.get(die) ?? 0) + 1);
  return found;
}

// Whether the dice `cup[i]` for i in `picked` may be set aside: they lie within `keepable`
// (the view's multiset of the declaration's dice in the cup), and at least one die is re-rolled.
export function keepChoice(cup, picked, keepable) {
  if (picked.length >= CUP || new Set(picked).size !== picked.length) return false;
  const allowed = counts(keepable);
  for (const [face, n] of counts(picked.map((i) => cup[i]))) {
    if (n > (allowed.get(face) ?? 0)) return false;
  }
  return true;
}

// Whether die `index` may be added to the set-aside dice `picked` (a tap on a die not picked yet).
export function mayPick(cup, picked, index, keepable) {
  return !picked.includes(index) && keepChoice(cup, [...picked, index], keepable);
}

// The faces of the picked dice, sorted: the `keep` to send.
export function keepOf(cup, picked) {
  return picked.map((i) => cup[i]).sort((a, b) => a - b);
}
