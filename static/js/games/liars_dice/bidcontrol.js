// The bid control: a quantity stepper and a face picker that offer only legal raises under the
// table's rules (bid_choices.js), say why the others are not allowed, and the Liar button (and the
// Spot on button where the page has one and the table plays spot on). `onRender(view, selection)`
// hears every render (the odds hint follows the selection).

import { bidChoices, isOffered, ruleKey, whyRefused } from "./bid_choices.js";
import { byId, setText, show } from "../../dom.js";
import { die } from "../../dice.js";
import { bidShort, bidWords, t } from "../../i18n.js";

export class BidControl {
  constructor({ onBid, onLiar, onSpotOn, onRender = () => {} }) {
    this.onRender = onRender;
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
    this.spotOn = byId("spot-on");
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
    // The table page sends "Spot on!" itself (calls.js): only a page that passes onSpotOn is told here.
    if (onSpotOn) this.spotOn?.addEventListener("click", () => onSpotOn());
  }

  // Show the control for this game view; the selection survives renders until the bids change.
  update(game, bidderName) {
    this.view = game;
    this.standing = game.bids.at(-1) ?? null;
    this.choices = bidChoices(game);
    const key = `${game.game}/${game.round}/${game.bids.length}`;
    if (key !== this.key) {
      this.key = key;
      this.selection = this.choices.lowest;
    }
    show(this.liar, this.choices.liar);
    show(this.liarHint, this.choices.liar);
    if (this.spotOn) show(this.spotOn, this.choices.spotOn);
    if (this.choices.liar) {
      setText(this.liarHint, t("bid.liar_hint", { name: bidderName, bid: bidWords(this.standing.quantity, this.standing.face) }));
    }
    this.render();
  }

  step(delta) {
    const quantity = this.selection.quantity + delta;
    const face = isOffered(this.choices, quantity, this.selection.face)
      ? this.selection.face
      : this.choices.groups.find((group) => isOffered(this.choices, quantity, group.face))?.face;
    this.pick(quantity, face);
  }

  pick(quantity, face) {
    if (face === undefined || !isOffered(this.choices, quantity, face)) return;
    this.selection = { quantity, face };
    this.render();
  }

  render() {
    const { standing, selection } = this;
    this.onRender(this.view, selection);
    show(this.picker, selection !== null);
    show(this.submit, selection !== null);
    const bid = standing && (selection === null ? bidWords(standing.quantity, standing.face) : bidShort(standing.quantity, standing.face));
    setText(this.rule, t(ruleKey(this.view), { bid, n: this.view.total_dice }));
    if (selection === null) {
      // Only a call is left: no reason of an earlier turn may linger in the hidden picker.
      setText(this.quantityReason, "");
      setText(this.faceReason, "");
      return;
    }
    this.renderQuantity();
    this.renderFaces();
    setText(this.submit, t("bid.submit", { bid: bidWords(selection.quantity, selection.face) }));
  }

  renderQuantity() {
    const total = this.view.total_dice;
    const lowest = Math.min(...this.choices.groups.map((group) => group.lowest));
    const { quantity } = this.selection;
    setText(this.quantity, String(quantity));
    this.less.disabled = quantity <= lowest;
    this.more.disabled = quantity >= total;
    let reason = "";
    if (quantity >= total) reason = t("bid.max_quantity", { n: total });
    else if (quantity <= lowest && lowest > 1) reason = t("bid.min_quantity", { n: lowest });
    setText(this.quantityReason, reason);
  }

  // Each face the selected quantity cannot take is disabled; the reasons are said once per kind,
  // for the highest such face other than the standing bid itself ("5 × 3 is not higher than
  // 5 × 3" says nothing): when the standing bid is the only one of its kind, it is named as such.
  renderFaces() {
    const { quantity, face: chosen } = this.selection;
    const reasons = new Map();
    for (const button of this.faceButtons) {
      const face = Number(button.dataset.face);
      const refused = whyRefused(this.view, quantity, face);
      button.disabled = refused !== null;
      button.setAttribute("aria-pressed", String(face === chosen));
      if (refused === null) continue;
      const standing = this.standing !== null && quantity === this.standing.quantity && face === this.standing.face;
      if (!standing) reasons.set(refused.key, refused.params);
      else if (!reasons.has(refused.key)) reasons.set("bid.why.standing", refused.params);
    }
    setText(this.faceReason, [...reasons].map(([key, params]) => t(key, params)).join(" "));
  }
}
