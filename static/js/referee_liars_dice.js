// Liar's Dice at the referee's desk (the family "liars_dice", referee_families.js): the status
// lines, the rules panel, every cup in the seat list (none for a blind referee while bidding),
// the round's bids and the reveal in the players' words.

import { byId, el, setText, show } from "./dom.js";
import { bidShort, t } from "./i18n.js";
import { seatName } from "./names.js";
import { callText, countText, verdict } from "./reveal.js";
import { activeRules, renderRulesPanel } from "./rules_panel.js";

export class LiarsDiceDesk {
  constructor() {
    this.cheating = true;
    this.rulesChange = true;
    show(byId("desk-bids-card"), true);
  }

  render(state) {
    const game = state.game;
    setText(byId("desk-headline"), game ? t("game.title", { game: game.game, round: game.round }) : t("referee.lobby", { n: state.table.seats.length }));
    setText(byId("desk-turn"), game?.phase === "bidding" && game.turn !== null ? t("game.turn_of", { name: seatName(state, game.turn) }) : "");
    renderRulesPanel(byId("desk-rules"), activeRules(state));
    renderBids(state);
  }

  // Whether the turn timer runs now.
  timed(state) {
    return state.game?.phase === "bidding";
  }

  startLabel() {
    return t("referee.start");
  }

  // For the seat list: the seat's dice count and its dice (or why they are not shown).
  seatFacts(state, info) {
    const { game, gm } = state;
    const hand = game?.hands?.[String(info.seat)] ?? game?.result?.hands?.[String(info.seat)];
    const count = game?.dice_counts?.[String(info.seat)];
    return {
      count: count === undefined ? null : t("unit.dice", { n: count }),
      dice: hand ? hand.join(" ") : (gm.referee.blind && game?.phase === "bidding" ? t("referee.blind_dice") : ""),
    };
  }
}

function renderBids(state) {
  const game = state.game;
  byId("desk-bids").replaceChildren(...(game?.bids ?? []).map((bid) =>
    el("li", {}, `${seatName(state, bid.seat)}: ${bidShort(bid.quantity, bid.face)}`)));
  const result = game?.result;
  const name = (seat) => seatName(state, seat);
  // The reveal in the players' words: the call (Liar or spot on), the count, what it cost whom.
  byId("desk-result").replaceChildren(...(result ? [callText(result, name), countText(game), verdict(result, name, game.seats_in_game)]
    .map((line) => el("p", {}, line)) : []));
}
