"""Liar's Dice at one table: the game object a Liar's Dice ``Table`` holds (``table.play``).

Its commands are the players' (``bid``, ``liar``, ``spot_on``, ``contribute_seed``) and, for the
referee's roleplay cheating, ``change_die`` and ``disclose_die``; what the table asks of it (a start,
what follows "next round", a drawn roll-off throw or check, the proofs of a seat's own dice) comes
through ``GamePlay``. The parts live beside it: ``opening`` (the start and the roll-off), ``seeding``
(a round's seeds and its deal), ``calling`` (Liar and spot on), ``dice_changes`` (cheating, penalties,
a game's end).

>>> from referee.fairness.keys import Signer
>>> from referee.store.log import EventLog
>>> from referee.table.fair_dealer import FairDealer
>>> from referee.table.registry import Tables
>>> from referee.table.scheduler import ManualScheduler
>>> table = Tables(EventLog(":memory:"), FairDealer(Signer.from_private_bytes(bytes(32))), ManualScheduler(),
...                seed_wait_s=0).create({})
>>> table.join("Anna", "d0"), table.join("Ben", "d1")
(0, 1)
>>> table.start(0); table.play.bid(table.game.turn, 1, 2); table.play.liar(1 - table.game.bids[-1].seat)
>>> table.game.phase.value, sorted(table.play.private_for(0))
('revealed', [])
"""
from __future__ import annotations

from typing import Any

from referee.fairness.purposes import ROLL_OFF
from referee.games.liars_dice.calling import Calling
from referee.games.liars_dice.dice_changes import DiceChanges
from referee.games.liars_dice.opening import Opening
from referee.games.liars_dice.rules import Phase
from referee.games.liars_dice.seeding import Seeding
from referee.table.against import Turn, require_current
from referee.table.check_draws import check_drawn
from referee.table.game_play import GamePlay, TableHost
from referee.table.held_seeds import HeldSeeds


class LiarsDicePlay(GamePlay, Opening, Seeding, Calling, DiceChanges):
    """The Liar's Dice commands of one table, and the deal's seeds it holds until the deal logs them."""

    def __init__(self, table: TableHost) -> None:
        super().__init__(table)
        self._held_seeds = HeldSeeds()
        self._resumed_round: tuple[int, int] | None = None
        self._proofs: dict[tuple[Any, int, int, int], dict[str, Any]] = {}

    @property
    def _seed_wait_s(self) -> float:
        return self.table.seed_wait_s

    @property
    def _resume_seed_wait_s(self) -> float | None:
        return self.table.resume_seed_wait_s

    def bid(self, seat: int, quantity: int, face: int, *, by_bot: bool = False,
            against: Turn | None = None) -> None:
        """``seat`` raises to ``quantity`` × ``face`` (``by_bot``: a bot standing in for the seat);
        ``against``: the turn the sender saw (``referee.table.against``)."""
        with self.command():
            self._require_seat(seat)
            require_current(self._turn(), against)
            self._commit("bid", {"seat": seat, "quantity": quantity, "face": face, **({"by_bot": True} if by_bot else {})})
        self.notify()

    # -- what the table asks ------------------------------------------------------------------

    def start(self) -> None:
        self._start_game()

    def begin_round(self) -> None:
        """After "next round": penalty dice are taken, then the round is dealt (or the game ends)."""
        self._take_penalties()
        if self.game is not None and self.game.phase is Phase.OVER:
            self._close_game()
        else:
            self._open_round()

    def drawn(self, number: int) -> None:
        fairness = self.current.fairness
        drawn = fairness.draw_at(number) if fairness is not None else None
        if drawn is not None and drawn[0]["purpose"]["kind"] == ROLL_OFF:
            self._thrown(number)
        else:
            check_drawn(self.table, self, number)

    def act(self, seat: int, action: dict[str, Any], against: Turn) -> None:
        kind = action.get("type")
        if kind == "liar":
            self.liar(seat, by_bot=True, against=against)
        elif kind == "spot_on":
            self.spot_on(seat, by_bot=True, against=against)
        else:
            self.bid(seat, int(action["quantity"]), int(action["face"]), by_bot=True, against=against)

    def resumed(self) -> None:
        self._resume_seed_wait()

    def rules_relaxed(self) -> None:
        self._deal_unpaused()

    def paused_for_seed(self) -> bool:
        return self.deal_paused()

    def private_for(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may check of its own dice this round (empty outside a dealt round).

        The proofs change once a round, so they are built once per round and seat; ``changes``
        lists this round's approved changes to the seat's own dice ({index, value}, log order).
        """
        fairness = self.current.fairness
        game = self.game
        if fairness is None or fairness.deal_secret is None or fairness.deal_public is None or game is None:
            return {}
        if game.phase is not Phase.BIDDING or seat not in game.in_game:
            return {}
        key = (fairness.deal_public.get("root"), self.current.game_no, game.round_no, seat)
        if key not in self._proofs:
            self._proofs = {k: v for k, v in self._proofs.items() if k[1:3] == key[1:3]}
            self._proofs[key] = self._dealer.private_for(fairness.deal_secret, fairness.deal_public, seat)
        changes = [{"index": c["index"], "value": c["value"]} for c in fairness.changes if c["seat"] == seat]
        return {**self._proofs[key], "changes": changes}
