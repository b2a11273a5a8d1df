// Liar's Dice at the referee's desk (the family "liars_dice", referee_families.js): the status
// lines, the rules panel, every cup in the seat list (none for a blind referee while bidding),
// the round's bids and the reveal in the players' words, the roll-off that decides who opens (every
// throw, the ties that throw again, the order it decided: for the referee to narrate); the referee
// may change the rules between games (rules_change.js) and judge roleplay cheat attempts. While a
// game runs its stakes are locked and its players cannot be removed (`locks`).

import { diceRow } from "../../dice.js";
import { byId, el, setText, show } from "../../dom.js";
import { bidShort, pageWording, t } from "../../i18n.js";
import { seatName } from "../../names.js";
import { callText, countText, verdict } from "./reveal.js";
import { tiedGroups } from "./roll_off.js";
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
    this.rollOff = el("section", { id: "desk-rolloff", class: "card roll-off", "aria-labelledby": "desk-rolloff-title", hidden: true },
      el("h2", { id: "desk-rolloff-title" }, t("rolloff.title")),
      el("ol", { id: "desk-rolloff-throws", class: "throws" }), el("p", { id: "desk-rolloff-order", class: "turn-line" }));
    byId("desk-bids-card").before(this.rollOff);
    this.thrown = null; // the throws the live region has told
  }

  // What the server would refuse now, in words (null: allowed): stakes, and removing a seat, while a game runs.
  locks(state) {
    const game = state.game;
    const running = Boolean(game) && game.phase !== "over";
    return {
      stakes: running ? t("referee.locked_stakes") : null,
      seat: (info) => (running && game.seats_in_game.includes(info.seat) ? t("referee.locked_seat", { name: info.name }) : null),
    };
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
    this.renderRollOff(state);
  }

  // The roll-off of the running game, kept through its first round: each throw's dice and sums, the
  // ties that throw again, and the order; each new throw is told to the live region.
  renderRollOff(state) {
    const game = state.game;
    const rollOff = game?.roll_off ?? null;
    const visible = rollOff !== null && game.round === 1 && game.phase !== "over";
    show(this.rollOff, visible);
    if (!visible) return;
    const name = (seat) => seatName(state, seat);
    byId("desk-rolloff-throws").replaceChildren(...rollOff.throws.map((throwing, index) => throwItem(throwing, index + 1, name)));
    const order = orderText(rollOff, name);
    setText(byId("desk-rolloff-order"), order);
    const key = `${game.game}/${rollOff.throws.length}/${rollOff.seat_order !== null}`;
    if (this.thrown !== null && this.thrown !== key && rollOff.throws.length) {
      const last = rollOff.throws[rollOff.throws.length - 1];
      setText(byId("announcer"), [throwWords(last, rollOff.throws.length, name), order].filter(Boolean).join(" "));
    }
    this.thrown = key;
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

function hands(throwing) {
  return Object.keys(throwing.dice).map(Number).sort((a, b) => a - b).map((seat) => [seat, throwing.dice[String(seat)]]);
}

function throwItem(throwing, number, name) {
  const rows = hands(throwing).map(([seat, dice]) => {
    const sum = dice[0] + dice[1];
    return el("li", { "data-seat": seat }, el("span", { class: "seat-name" }, name(seat)),
      diceRow(dice, t("rolloff.hand", { name: name(seat), dice: dice.join(", "), sum })),
      el("span", { class: "match", "aria-hidden": "true" }, `= ${sum}`));
  });
  const ties = tiedGroups(throwing).map((group) => el("p", { class: "tie" }, t("rolloff.tied", { names: group.map(name).join(", ") })));
  return el("li", { "data-throw": number }, el("h3", {}, t("rolloff.throw", { n: number })), el("ul", { class: "throw-hands" }, ...rows), ...ties);
}

// A throw in words, for the live region: "Throw 2 Anna: 3, 5, sum 8 Ben: … Tied: …".
function throwWords(throwing, number, name) {
  const said = hands(throwing).map(([seat, dice]) => t("rolloff.hand", { name: name(seat), dice: dice.join(", "), sum: dice[0] + dice[1] }));
  const ties = tiedGroups(throwing).map((group) => t("rolloff.tied", { names: group.map(name).join(", ") }));
  return [t("rolloff.throw", { n: number }), ...said, ...ties].join(". ");
}

function orderText(rollOff, name) {
  if (rollOff.seat_order === null) return rollOff.throws.length ? "" : t("rolloff.waiting");
  return t("rolloff.order", { names: rollOff.seat_order.map(name).join(", "), name: name(rollOff.seat_order[0]) });
}
