// Dice drawn as pips in inline SVG; a row of dice carries one text alternative for all of them.
// A counted die is highlighted (colour and a thick rim); a one counted as wild also gets a ring, so
// the difference never rests on colour alone (the palette is checked: tests/web/test_palette.py).

import { el } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const LOW = 27;
const MID = 50;
const HIGH = 73;
const PIPS = {
  1: [[MID, MID]],
  2: [[LOW, LOW], [HIGH, HIGH]],
  3: [[LOW, LOW], [MID, MID], [HIGH, HIGH]],
  4: [[LOW, LOW], [HIGH, LOW], [LOW, HIGH], [HIGH, HIGH]],
  5: [[LOW, LOW], [HIGH, LOW], [MID, MID], [LOW, HIGH], [HIGH, HIGH]],
  6: [[LOW, LOW], [HIGH, LOW], [LOW, MID], [HIGH, MID], [LOW, HIGH], [HIGH, HIGH]],
};

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

// One die; face null draws a closed die (hidden under the cup). `counted` true or "face" highlights
// it, "wild" marks a one that counts as the bid's face.
export function die(face, { counted = false } = {}) {
  const wild = counted === "wild";
  const classes = ["die", counted ? "counted" : "", wild ? "wild" : "", face === null ? "hidden" : ""].filter(Boolean);
  const root = svg("svg", { viewBox: "0 0 100 100", class: classes.join(" "), "aria-hidden": "true" });
  root.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "die-face" }));
  if (wild) root.append(svg("circle", { cx: MID, cy: MID, r: 24, class: "wild-ring" }));
  for (const [cx, cy] of PIPS[face] ?? []) root.append(svg("circle", { cx, cy, r: 9, class: "pip" }));
  return root;
}

// A row of dice read out as one image: label is its text alternative; isCounted(face) as `counted` of die().
export function diceRow(faces, label, isCounted = () => false) {
  const row = el("div", { class: "dice", role: "img", "aria-label": label });
  row.append(...faces.map((face) => die(face, { counted: isCounted(face) })));
  return row;
}

// Your dice arriving: each die tumbles in, one after another (none under prefers-reduced-motion: app.css).
export function rollIn(row) {
  row.classList.add("rolling");
  [...row.querySelectorAll(".die")].forEach((node, index) => node.style.setProperty("--i", String(index)));
}
