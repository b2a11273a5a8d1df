// The cup of poker-dice bluff: its five dice for the holder who may look at them, the dice set
// aside face up for everyone, closed dice for the rest; and, for the player who has just believed,
// the dice as toggle buttons to choose what to set aside (only dice of the accepted declaration,
// `game.keepable`; at least one die is re-rolled) and the re-roll button.
//
//   const cup = new PokerCup(card, { onKeep: (keep) => send("keep", { keep, against }) });
//   cup.update(state)

import { die, diceRow } from "../../dice.js";
import { el, setText, show } from "../../dom.js";
import { pageWording, t } from "../../i18n.js";
import { declarationWords } from "./words.js";
import { CUP, keepOf, mayPick } from "./picker_rules.js";

export class PokerCup {
  constructor(card, { onKeep }) {
    this.picked = [];
    this.turnKey = null;
    this.title = el("h2", { id: "poker-cup-title" }, t("poker.cup.title"));
    this.hint = el("p", { id: "poker-keep-hint", class: "hint" });
    this.dice = el("div", { class: "poker-dice" });
    this.aside = el("p", { class: "poker-aside" });
    this.reroll = el("button", { type: "button", id: "poker-reroll", class: "btn primary big", "aria-describedby": "poker-keep-hint" });
    card.setAttribute("aria-labelledby", "poker-cup-title");
    card.append(this.title, this.hint, this.dice, this.aside, el("div", { class: "actions" }, this.reroll));
    this.reroll.addEventListener("click", async () => {
      this.reroll.disabled = true;
      try {
        await onKeep(keepOf(this.cup, this.picked));
      } finally {
        this.reroll.disabled = false;
      }
    });
  }

  update(state) {
    const { game, you } = state;
    this.cup = game.cup;
    const keeping = game.phase === "keeping" && game.turn === you.seat && you.seat !== null;
    const key = JSON.stringify(game.against ?? [game.game, game.round, game.phase]);
    if (key !== this.turnKey || !keeping) this.picked = [];
    this.turnKey = key;
    const holder = state.table.seats.find((seat) => seat.seat === game.holder)?.name ?? `#${game.holder}`;
    const own = game.cup.length > 0;
    setText(this.title, own ? t("poker.cup.yours") : t("poker.cup.holder", { name: holder }));
    show(this.reroll, keeping);
    if (keeping) {
      this.drawToggles(game);
      return;
    }
    setText(this.hint, own && game.phase === "declaring" ? t("poker.cup.look") : "");
    show(this.hint, own && game.phase === "declaring");
    this.dice.replaceChildren(own ? diceRow(game.cup, t("poker.cup.label", { dice: game.cup.join(", ") }))
      : this.closedCup(game.set_aside));
    const aside = game.set_aside.length && game.phase !== "revealed" && game.phase !== "over";
    setText(this.aside, aside ? t("poker.cup.aside", { dice: game.set_aside.join(", ") }) : "");
    show(this.aside, Boolean(aside));
  }

  // What the others see: the set-aside dice face up, the rest of the cup closed.
  closedCup(aside) {
    const faces = [...aside, ...Array(CUP - aside.length).fill(null)];
    const label = aside.length ? t("poker.cup.closed_aside", { dice: aside.join(", ") }) : t("poker.cup.closed");
    return diceRow(faces, label);
  }

  drawToggles(game) {
    const last = game.declarations.at(-1);
    show(this.hint, true);
    setText(this.hint, t("poker.keep.hint", { declaration: declarationWords(last, pageWording) }));
    const focused = document.activeElement?.closest?.(".poker-dice .keep")?.dataset.index ?? null;
    const row = el("div", { class: "dice keep-row", role: "group", "aria-labelledby": "poker-cup-title", "aria-describedby": "poker-keep-hint" });
    row.append(...game.cup.map((face, index) => {
      const picked = this.picked.includes(index);
      const button = el("button", { type: "button", class: `keep${picked ? " picked" : ""}`, "data-index": index,
        "data-face": face, "aria-pressed": String(picked), "aria-label": t("poker.keep.die", { face: t(`face.${face}`, { n: 1 }) }),
        disabled: !picked && !mayPick(game.cup, this.picked, index, game.keepable) });
      button.append(die(face, { counted: picked }));
      button.addEventListener("click", () => this.toggle(index, game));
      return button;
    }));
    this.dice.replaceChildren(row);
    if (focused !== null) row.querySelector(`[data-index="${focused}"]`)?.focus();
    const kept = keepOf(game.cup, this.picked);
    setText(this.aside, kept.length ? t("poker.keep.chosen", { dice: kept.join(", ") }) : t("poker.keep.none"));
    show(this.aside, true);
    setText(this.reroll, t("poker.keep.reroll", { n: CUP - kept.length }));
  }

  toggle(index, game) {
    if (this.picked.includes(index)) this.picked = this.picked.filter((i) => i !== index);
    else if (mayPick(game.cup, this.picked, index, game.keepable)) this.picked = [...this.picked, index];
    this.drawToggles(game);
    this.dice.querySelector(`[data-index="${index}"]`)?.focus();
  }
}
