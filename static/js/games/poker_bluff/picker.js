// The declaration picker of poker-dice bluff: the kind first (radios), then one face per group
// (buttons drawn as dice), offering only well-formed declarations higher than the last one of
// the round (picker_rules.js); the choice is drawn as dice and said in words on the button.
//
//   const picker = new PokerPicker(card, { onDeclare: (declaration) => send("declare", …) });
//   picker.update(game)   // game: a poker game view whose turn is this page's, phase "declaring"

import { die, diceRow } from "../../dice.js";
import { el, setText, show } from "../../dom.js";
import { pageWording, t } from "../../i18n.js";
import { declarationWords } from "./words.js";
import { facesOffered, kindsOffered, KINDS, namedDice, SHAPES, startingDeclaration, startingFaces } from "./picker_rules.js";

// What each group of a kind is called, in the order the kind lists its faces.
const ROLES = {
  single: ["single"], pair: ["pair", "odd"], two_pairs: ["high_pair", "low_pair", "odd"], three: ["three", "odd"],
  full_house: ["three", "pair"], four: ["four", "odd"], five: ["five"],
};

export class PokerPicker {
  // card: an empty <section>; onDeclare({kind, faces}) is called by the declare button.
  constructor(card, { onDeclare }) {
    this.last = undefined;
    this.kind = null;
    this.faces = [];
    this.rule = el("p", { id: "poker-pick-rule", class: "rule" });
    this.radios = KINDS.map((kind) => el("input", { type: "radio", name: "poker-kind", value: kind }));
    this.kinds = el("fieldset", { class: "choice kinds", id: "poker-kinds" },
      el("legend", {}, t("poker.pick.kind")),
      ...this.radios.map((radio) => el("label", { class: "pill" }, radio, el("span", {}, t(`poker.kind_name.${radio.value}`)))));
    this.groups = el("div", { class: "poker-groups" });
    // The declaration as dice, in a box of its own on one row: never read as a wrapped row of faces.
    this.previewDice = el("div", { class: "poker-preview-dice" });
    this.preview = el("div", { class: "poker-preview" }, el("span", { class: "label", "aria-hidden": "true" }, t("poker.pick.preview_label")),
      this.previewDice);
    this.none = el("p", { class: "reason", hidden: true }, t("poker.pick.none"));
    this.submit = el("button", { type: "button", id: "poker-declare", class: "btn primary big", "aria-describedby": "poker-pick-rule" });
    // The preview and the button stay in sight at the bottom of the screen while the picker is (poker.css).
    card.append(el("h2", { id: "poker-pick-title" }, t("poker.pick.title")), this.rule, this.none, this.kinds, this.groups,
      el("div", { class: "poker-declare-bar" }, this.preview, el("div", { class: "actions" }, this.submit)));
    card.setAttribute("aria-labelledby", "poker-pick-title");
    this.kinds.addEventListener("change", (event) => this.choose(event.target.value, this.faces));
    this.submit.addEventListener("click", async () => {
      if (!this.kind) return;
      this.submit.disabled = true;
      try {
        await onDeclare({ kind: this.kind, faces: [...this.faces] });
      } finally {
        this.submit.disabled = false;
      }
    });
  }

  // A new declaration to beat resets the choice (startingDeclaration): opening, to what the cup
  // holds; answering, to the least declaration above the last.
  update(game) {
    const placed = game.declarations.at(-1) ?? null;
    const last = placed && { kind: placed.kind, faces: placed.faces };
    const key = JSON.stringify(last);
    if (key === this.last) return;
    this.last = key;
    this.beat = last;
    setText(this.rule, last ? t("poker.pick.beat", { declaration: declarationWords(last, pageWording) }) : t("poker.pick.any"));
    const offered = kindsOffered(last);
    for (const radio of this.radios) radio.disabled = !offered.includes(radio.value);
    show(this.none, offered.length === 0);
    show(this.kinds, offered.length > 0);
    const start = startingDeclaration(last, game.cup);
    if (start) this.choose(start.kind, start.faces);
    else {
      this.kind = null;
      this.draw();
    }
  }

  // A kind chosen: its faces start from the weakest that beat the last, keeping those of `wanted` that fit.
  choose(kind, wanted) {
    this.kind = kind;
    this.faces = startingFaces(this.beat, kind, wanted);
    this.draw();
  }

  // Face `face` for group `index`: later groups keep their faces where they still fit.
  pickFace(index, face) {
    const wanted = [...this.faces.slice(0, index), face, ...this.faces.slice(index + 1)];
    const chosen = wanted.slice(0, index + 1);
    for (let i = index + 1; i < SHAPES[this.kind].length; i += 1) {
      const offered = facesOffered(this.beat, this.kind, chosen);
      chosen.push(offered.includes(wanted[i]) ? wanted[i] : offered[0]);
    }
    this.faces = chosen;
    this.draw();
    this.groups.querySelector(`[data-group="${index}"] [data-face="${face}"]`)?.focus();
  }

  draw() {
    for (const radio of this.radios) radio.checked = radio.value === this.kind;
    if (!this.kind) {
      this.groups.replaceChildren();
      this.previewDice.replaceChildren();
      show(this.preview, false);
      show(this.submit, false);
      return;
    }
    this.groups.replaceChildren(...ROLES[this.kind].map((role, index) => this.group(role, index)));
    const declaration = { kind: this.kind, faces: this.faces };
    const words = declarationWords(declaration, pageWording);
    this.previewDice.replaceChildren(diceRow(namedDice(declaration), t("poker.pick.preview", { declaration: words })));
    show(this.preview, true);
    show(this.submit, true);
    setText(this.submit, t("poker.pick.declare", { declaration: words }));
  }

  group(role, index) {
    const offered = facesOffered(this.beat, this.kind, this.faces.slice(0, index));
    const labelId = `poker-group-${index}`;
    const buttons = [1, 2, 3, 4, 5, 6].map((face) => {
      const button = el("button", { type: "button", class: "face", "data-face": face,
        "aria-pressed": String(this.faces[index] === face), "aria-label": t(`face.${face}`, { n: 1 }),
        disabled: !offered.includes(face) });
      button.append(die(face));
      button.addEventListener("click", () => this.pickFace(index, face));
      return button;
    });
    return el("div", { class: "faces", role: "group", "aria-labelledby": labelId, "data-group": index },
      el("span", { id: labelId, class: "label" }, t(`poker.slot.${role}`)), ...buttons);
  }
}
