// Calls beside the bid control: "Spot on!" for the player to act where the table plays it, and,
// under `challenge = anyone`, a big "Liar!" (and "Spot on!") for a player who may call now but is
// not to act (`game.callers`). Each names the turn this page showed (`against`); a call that comes
// after somebody else's is refused with call/already_called, in words.

import { byId, setText, show } from "../../dom.js";
import { bidWords, t } from "../../i18n.js";
import { seatName } from "../../names.js";

export function setUpCalls(send, seenTurn) {
  const call = (event) => async (click) => {
    const button = click.currentTarget;
    button.disabled = true;
    try {
      await send(event, { against: seenTurn() });
    } finally {
      button.disabled = false;
    }
  };
  byId("spot-on").addEventListener("click", call("spot_on"));
  byId("call-liar").addEventListener("click", call("liar"));
  byId("call-spot-on").addEventListener("click", call("spot_on"));
}

export function renderCalls(state) {
  const { game, you } = state;
  const bidding = you.seat !== null && game?.phase === "bidding";
  const standing = bidding ? game.bids.at(-1) : undefined;
  const myTurn = bidding && game.turn === you.seat;
  const outOfTurn = bidding && Boolean(game.can_call) && !myTurn && standing !== undefined;
  show(byId("spot-on"), myTurn && Boolean(game.can_spot_on));
  show(byId("call-out"), outOfTurn);
  if (!outOfTurn) return;
  const bid = bidWords(standing.quantity, standing.face);
  setText(byId("call-out-hint"), t("call.hint", { name: seatName(state, game.turn), bidder: seatName(state, standing.seat), bid }));
  show(byId("call-spot-on"), Boolean(game.can_spot_on));
}
