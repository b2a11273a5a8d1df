// A Liar's Dice table on the table page (the family "liars_dice", families.js): the status lines,
// the roll-off, the hand, the bids, the bid control and the calls, the reveal, the game's end and
// the host's rules change. Every bid and call names the turn this page showed (`against`): once
// somebody else has moved, the server refuses it with action/stale.
//
//   const liarsDice = createTable({ send });   // new LiarsDiceTable: the cards of templates/table.html
//   liarsDice.render(state)

import { liarsDiceAnnouncements } from "./announce.js";
import { BidControl } from "./bidcontrol.js";
import { renderCalls, setUpCalls } from "./calls.js";
import { die, diceRow, rollIn } from "../../dice.js";
import { ROUND_BOUND } from "./bound.js";
import { bringIntoView, byId, el, focusIfIdle, setText, show } from "../../dom.js";
import { diceCount, pageWording, t } from "../../i18n.js";
import { RulesChange } from "./rules_change.js";
import { seatName } from "../../names.js";
import { renderReveal } from "./reveal.js";
import { renderRollOff } from "./roll_off.js";
import { lastCups, renderBidList, renderHistory } from "./round_history.js";
import { activeRound, activeRules, renderRulesPanel } from "./rules_panel.js";
import { badge } from "./rules_summary.js";
import { TableFeel } from "./table_feel.js";

export function createTable({ send }) {
  return new LiarsDiceTable({ send });
}

export class LiarsDiceTable {
  constructor({ send }) {
    this.state = null;
    // The turn of yours last shown ("game/round/bids"): a new one brings your dice into view.
    this.shownTurn = null;
    const seenTurn = () => {
      const { game } = this.state;
      return { game: game.game, round: game.round, bids: game.bids.length };
    };
    // The odds hint, the figures at game over, the automatic next round and the sounds (table_feel.js).
    this.feel = new TableFeel({ onNext: () => byId("next-round").click() });
    this.bidControl = new BidControl({
      onRender: (view, selection) => this.feel.odds(view, selection),
      onBid: (bid) => send("bid", { quantity: bid.quantity, face: bid.face, against: seenTurn() }),
      onLiar: () => send("liar", { against: seenTurn() }),
    });
    setUpCalls(send, seenTurn);
    this.rulesChange = new RulesChange({ card: byId("lobby-rules"), prefix: "lobby", send });
    // With the reveal this page showed: a press after somebody else's is answered ok and changes nothing.
    byId("next-round").addEventListener("click", () => {
      const game = this.state?.game;
      send("next_round", game ? { game: game.game, round: game.round } : {});
    });
    byId("new-game").addEventListener("click", () => send("new_game"));
  }

  render(state) {
    this.state = state;
    const { game, you } = state;
    const seated = you.seat !== null;
    renderStatus(state);
    this.rulesChange.render(state, you.is_host && (!game || game.phase === "over"));
    renderRollOff(state);
    show(byId("over"), game?.phase === "over");
    if (game?.phase === "over") {
      const won = game.winner === you.seat ? t("over.you_win") : t("over.winner", { name: seatName(state, game.winner) });
      // More than one player still holds dice: the game met its bound (docs/rules.md, "Bounds").
      setText(byId("winner"), game.seats_in_game.length > 1 ? `${won} ${t("over.bound_dice", { n: ROUND_BOUND })}` : won);
      show(byId("new-game"), seated);
      show(byId("rematch-hint"), seated);
    }
    show(byId("reveal"), Boolean(game?.result));
    if (game?.result) {
      renderReveal(state);
      show(byId("next-round"), seated && game.phase === "revealed");
    }
    renderHand(game);
    renderBids(state);
    renderHistory(state);
    const myTurn = seated && game?.phase === "bidding" && game.turn === you.seat;
    show(byId("bid"), myTurn);
    if (myTurn) {
      const standing = game.bids.at(-1);
      this.bidControl.update(game, standing ? seatName(state, standing.seat) : "");
      // Focus without scrolling to the button: on a phone that pushed your own dice off the screen.
      // The layout puts your dice and the bid control first (table.css, #table.holding); only a page
      // scrolled away from them is brought back when the turn comes, never while you type (the chat).
      focusIfIdle(byId("bid-submit").hidden ? byId("liar") : byId("bid-submit"), { preventScroll: true });
      const turn = `${game.game}/${game.round}/${game.bids.length}`;
      if (turn !== this.shownTurn && !typing()) bringIntoView(byId("hand"));
      this.shownTurn = turn;
    }
    renderCalls(state);
    if (game?.phase === "revealed" && seated) focusIfIdle(byId("next-round"));
    this.feel.render(state);
  }

  announcements(before, after) {
    return liarsDiceAnnouncements(before, after);
  }

  // For the seat list (seats.js): the dice each player holds, who is out, who joins next game.
  seatFacts(state, seat) {
    const game = state.game;
    const inGame = Boolean(game) && game.seats_in_game.includes(seat.seat);
    const started = Boolean(game) && game.seat_order.includes(seat.seat);
    const held = inGame ? game.dice_counts[String(seat.seat)] ?? 0 : 0;
    const badges = [];
    if (game && started && !inGame) badges.push(t("seats.out"));
    if (game && !started) badges.push(t("seats.waiting"));
    return {
      toAct: Boolean(game) && game.phase === "bidding" && game.turn === seat.seat,
      out: Boolean(game) && !inGame,
      playing: inGame && game.phase !== "over",
      badges,
      detail: seatDetail(inGame ? el("span", { class: "seat-dice" }, cups(held), el("span", {}, diceCount(held))) : null,
        lastCups(state, seat)),
    };
  }

  // A key that changes with every turn (countdown.js restarts the bar), or null when nobody is to act.
  turnKey(state) {
    const game = state.game;
    return game?.phase === "bidding" && game.turn !== null ? `${game.game}/${game.round}/${game.bids.length}` : null;
  }

  maxPlayers(table) {
    return table.rules.max_players;
  }

  rulesBadge(rules) {
    return badge(rules, pageWording);
  }
}

// True while a text field has the keyboard: the page must not move under the typing hand.
function typing() {
  return document.activeElement?.matches?.("textarea, input:not([type=radio]):not([type=checkbox]):not([type=button])") ?? false;
}

// The dice a seat holds, and under them the cups it showed last round (round_history.js) until the next bid.
function seatDetail(held, shown) {
  return held || shown ? el("span", { class: "seat-detail" }, held, shown) : null;
}

// Closed dice, one per die held: the count at a glance.
function cups(held) {
  const row = el("span", { class: "cups", "aria-hidden": "true" });
  row.append(...Array.from({ length: held }, () => die(null)));
  return row;
}

function renderStatus(state) {
  const { game, you } = state;
  setText(byId("headline"), game ? t("game.title", { game: game.game, round: game.round }) : t("app.game"));
  setText(byId("dice-in-play"), game ? t("game.dice_in_play", { n: game.total_dice }) : "");
  setText(byId("turn-line"), turnLine(state));
  byId("turn-line").classList.toggle("mine", game?.phase === "bidding" && game.turn === you.seat && you.seat !== null);
  renderRulesPanel(byId("rules-panel"), activeRules(state), activeRound(state));
  show(byId("palifico-line"), Boolean(game?.palifico) && (game.phase === "rolling" || game.phase === "bidding"));
  const role = roleLine(state);
  setText(byId("role-line"), role);
  show(byId("role-line"), role !== "");
}

function turnLine(state) {
  const { game, you } = state;
  if (!game) return "";
  if (game.phase === "rolling") return t("game.rolling");
  if (game.phase === "rolling_off") return t("game.rolling_off");
  if (game.phase !== "bidding" || game.turn === null) return "";
  if (game.turn !== you.seat) {
    const seat = state.table.seats.find((candidate) => candidate.seat === game.turn);
    const standIn = seat?.bot_playing && seat.kind !== "bot";
    return t(standIn ? "game.turn_stand_in" : "game.turn_of", { name: seatName(state, game.turn) });
  }
  return game.bids.length ? t("game.your_turn") : t("game.you_open");
}

function roleLine({ game, you, table }) {
  if (you.seat === null) return table.seats.length < table.rules.max_players ? t("game.watching") : t("join.full");
  if (!game || game.phase === "over") return "";
  if (!game.seat_order.includes(you.seat)) return t("join.next_game");
  if (!game.seats_in_game.includes(you.seat)) return t("game.you_are_out");
  return "";
}

function renderHand(game) {
  const dice = game?.phase === "bidding" ? game.dice : [];
  show(byId("hand"), dice.length > 0);
  const label = t("hand.label", { dice: dice.join(", ") });
  const row = diceRow(dice, label);
  byId("hand-dice").replaceChildren(row);
  // A new hand (this game and round, first shown) rolls in; a later render of the same hand stands still.
  const hand = dice.length ? `${game.game}/${game.round}` : null;
  if (hand !== null && hand !== rolledHand) rollIn(row);
  rolledHand = hand ?? rolledHand;
}
let rolledHand = null;

function renderBids(state) {
  const game = state.game;
  // At game over the last round's bids stay beside its reveal.
  show(byId("bids"), ["bidding", "revealed", "over"].includes(game?.phase));
  if (!game) return;
  renderBidList(state);
}
