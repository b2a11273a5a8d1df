// The bid control: a quantity stepper and a face picker that offer only legal raises,
// say why the others are not allowed, and the Liar button.

import { byId, setText, show } from "./dom.js";
import { die } from "./dice.js";
import { bidShort, bidWords, t } from "./i18n.js";
import { biddableFaces, isRaise, lowestRaise } from "./rules.js";

export class BidControl {
  constructor({ onBid, onLiar }) {
    this.rule = byId("bid-rule");
    this.picker = byId("bid-picker");
    this.less = byId("q-less");
    this.more = byId("q-more");
    this.quantity = byId("q-value");
    this.quantityReason = byId("q-reason");
    this.faceButtons = [...document.querySelectorAll("#faces button[data-face]")];
    this.faceReason = byId("f-reason");
    this.submit = byId("bid-submit");
    this.liar = byId("liar");
    this.liarHint = byId("liar-hint");
    this.key = null;
    this.selection = null;

    for (const button of this.faceButtons) {
      button.prepend(die(Number(button.dataset.face)));
      button.addEventListener("click", () => this.pick(this.selection.quantity, Number(button.dataset.face)));
    }
    this.less.addEventListener("click", () => this.step(-1));
    this.more.addEventListener("click", () => this.step(+1));
    this.submit.addEventListener("click", () => onBid(this.selection));
    this.liar.addEventListener("click", () => onLiar());
  }

  // Show the control for this game state; the selection survives renders until the bids change.
  update(game, bidderName) {
    this.standing = game.bids.at(-1) ?? null;
    this.faces = biddableFaces(game.rules);
    this.total = game.total_dice;
    this.wildOnes = game.rules.wild_ones;
    const key = `${game.game}/${game.round}/${game.bids.length}`;
    if (key !== this.key) {
      this.key = key;
      this.selection = lowestRaise(this.standing, this.faces, this.total);
    }
    show(this.liar, game.can_call);
    show(this.liarHint, game.can_call);
    if (game.can_call) {
      setText(this.liarHint, t("bid.liar_hint", { name: bidderName, bid: bidWords(this.standing.quantity, this.standing.face) }));
    }
    this.render();
  }

  step(delta) {
    const quantity = this.selection.quantity + delta;
    const face = isRaise(this.standing, quantity, this.selection.face, this.total)
      ? this.selection.face
      : this.faces.find((candidate) => isRaise(this.standing, quantity, candidate, this.total));
    this.pick(quantity, face);
  }

  pick(quantity, face) {
    if (face === undefined || !isRaise(this.standing, quantity, face, this.total)) return;
    this.selection = { quantity, face };
    this.render();
  }

  render() {
    const { standing, selection, total } = this;
    show(this.picker, selection !== null);
    show(this.submit, selection !== null);
    if (selection === null) {
      setText(this.rule, t("bid.only_liar", { bid: bidWords(standing.quantity, standing.face) }));
      return;
    }
    setText(this.rule, standing
      ? t("bid.must_raise", { bid: bidShort(standing.quantity, standing.face) })
      : t("bid.opening", { n: total }));
    this.renderQuantity();
    this.renderFaces();
    setText(this.submit, t("bid.submit", { bid: bidWords(selection.quantity, selection.face) }));
  }

  renderQuantity() {
    const lowest = lowestRaise(this.standing, this.faces, this.total).quantity;
    const { quantity } = this.selection;
    setText(this.quantity, String(quantity));
    this.less.disabled = quantity <= lowest;
    this.more.disabled = quantity >= this.total;
    let reason = "";
    if (quantity >= this.total) reason = t("bid.max_quantity", { n: this.total });
    else if (quantity <= lowest && lowest > 1) reason = t("bid.min_quantity", { n: lowest });
    setText(this.quantityReason, reason);
  }

  renderFaces() {
    const { quantity, face: chosen } = this.selection;
    const reasons = [];
    let highestTooLow = null;
    for (const button of this.faceButtons) {
      const face = Number(button.dataset.face);
      const biddable = this.faces.includes(face);
      const legal = biddable && isRaise(this.standing, quantity, face, this.total);
      button.disabled = !legal;
      button.setAttribute("aria-pressed", String(face === chosen));
      if (biddable && !legal) highestTooLow = face;
    }
    if (this.wildOnes) reasons.push(t("bid.ones_wild"));
    if (highestTooLow !== null) {
      reasons.push(t("bid.face_too_low", {
        bid: bidShort(quantity, highestTooLow),
        standing: bidShort(this.standing.quantity, this.standing.face),
      }));
    }
    setText(this.faceReason, reasons.join(" "));
  }
}
