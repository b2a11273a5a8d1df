// Liar's Dice at the referee's desk (the family "liars_dice", referee_families.js): the status
// lines, the rules panel, every cup in the seat list (none for a blind referee while bidding),
// the round's bids and the reveal in the players' words; the referee may change the rules
// between games (rules_change.js) and judge roleplay cheat attempts.

import { byId, el, setText, show } from "../../dom.js";
import { bidShort, pageWording, t } from "../../i18n.js";
import { seatName } from "../../names.js";
import { callText, countText, verdict } from "./reveal.js";
import { RulesChange } from "./rules_change.js";
import { activeRound, activeRules, renderRulesPanel } from "./rules_panel.js";
import { badge } from "./rules_summary.js";

export function createDesk({ send }) {
  return new LiarsDiceDesk({ send });
}

export class LiarsDiceDesk {
  constructor({ send }) {
    this.cheating = true;
    this.rulesChange = new RulesChange({ card: byId("desk-rules-change"), prefix: "desk-opt", send });
    show(byId("desk-bids-card"), true);
  }

  rulesBadge(rules) {
    return badge(rules, pageWording);
  }

  render(state) {
    const game = state.game;
    setText(byId("desk-headline"), headline(state));
    setText(byId("desk-turn"), game?.phase === "bidding" && game.turn !== null ? t("game.turn_of", { name: seatName(state, game.turn) }) : "");
    renderRulesPanel(byId("desk-rules"), activeRules(state), activeRound(state));
    renderBids(state);
  }

  // Whether the turn timer runs now.
  timed(state) {
    return state.game?.phase === "bidding";
  }

  startLabel() {
    return t("referee.start");
  }

  // For the seat list: the seat's dice count and its dice (or why they are not shown); a seat
  // that started this game and lost every die is `out`: no die is shown for it.
  seatFacts(state, info) {
    const { game, gm } = state;
    const out = Boolean(game) && game.seat_order.includes(info.seat) && !game.seats_in_game.includes(info.seat);
    const hand = out ? null : game?.hands?.[String(info.seat)] ?? game?.result?.hands?.[String(info.seat)];
    const count = game?.dice_counts?.[String(info.seat)];
    return {
      out,
      count: count === undefined ? null : t("unit.dice", { n: count }),
      dice: hand ? hand.join(" ") : (gm.referee.blind && game?.phase === "bidding" ? t("referee.blind_dice") : ""),
    };
  }
}

function headline(state) {
  const game = state.game;
  if (!game) return t("referee.lobby", { n: state.table.seats.length });
  if (game.phase === "over") return t("referee.game_over", { game: game.game, name: seatName(state, game.winner) });
  return t("game.title", { game: game.game, round: game.round });
}

function renderBids(state) {
  const game = state.game;
  byId("desk-bids").replaceChildren(...(game?.bids ?? []).map((bid) =>
    el("li", {}, `${seatName(state, bid.seat)}: ${bidShort(bid.quantity, bid.face)}`)));
  const result = game?.result;
  const name = (seat) => seatName(state, seat);
  // The reveal in the players' words: the call (Liar or spot on), every cup (a loser knocked out
  // keeps theirs here), the count, what it cost whom.
  const cups = () => t("referee.cups", { cups: game.seat_order.filter((seat) => String(seat) in result.hands)
    .map((seat) => `${name(seat)}: ${result.hands[String(seat)].join(" ")}`).join(" · ") });
  byId("desk-result").replaceChildren(...(result ? [callText(result, name), cups(), countText(game), verdict(result, name, game.seats_in_game)]
    .map((line) => el("p", {}, line)) : []));
}
