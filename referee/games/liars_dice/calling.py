"""Calls at a table: Liar and spot on, from the player to act or (``challenge = anyone``) any seat the rules let call.

A call is one command: the call's entry (``liar`` or ``spot_on``, ``{seat, by_bot?}``), then
``round_revealed`` (the dealer's reveal) and, when the call ends the game, what a game's end
logs. Under ``challenge = anyone`` several players may call the same bid at once: the first
call the table's lock lets in wins; a later one whose ``against`` names the round just
revealed is refused with ``call/already_called`` (``require_uncalled``) and changes nothing
(the caller's own second press of the same call stays ``action/stale``).

>>> require_uncalled(None, 0, (1, 2, 0)); require_uncalled((1, 2, 3), 0, (1, 3, 0)); require_uncalled((1, 2, 3), 3, (1, 2, 4))
>>> require_uncalled((1, 2, 3), 0, (1, 2, 4))
Traceback (most recent call last):
...
referee.table.errors.TableError: seat 3 called round 2 of game 1 first: it is revealed
"""
from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from referee.games.liars_dice.rules import GameState, Phase

from referee.table.against import Turn, require_current
from referee.table.errors import TableError

if TYPE_CHECKING:
    from referee.table.dealing import Dealer
    from referee.table.state import TableState


def require_uncalled(called: tuple[int, int, int] | None, seat: int, against: Turn | None) -> None:
    """Refuse (``call/already_called``) a call by ``seat`` whose ``against`` names the round of
    ``called`` (game, round, caller), the round revealed last while nothing is bid after it, when
    another seat made that call (the caller's own second press stays ``action/stale``)."""
    if against is None or called is None or (against[0], against[1]) != called[:2] or seat == called[2]:
        return
    raise TableError("call/already_called", f"seat {called[2]} called round {called[1]} of game {called[0]} "
                                            "first: it is revealed")


class Calling:
    """Mixed into ``Table``, which provides the dealer, the command machinery and the game's end."""

    _dealer: Dealer
    current: TableState
    game: GameState | None
    command: Callable[[], AbstractContextManager[None]]
    _commit: Callable[..., None]
    notify: Callable[[], None]
    _require_seat: Callable[[int], None]
    _turn: Callable[[], Turn | None]
    _close_game: Callable[[], None]

    def liar(self, seat: int, *, by_bot: bool = False, against: Turn | None = None) -> None:
        """``seat`` calls Liar on the standing bid, revealed at once (``by_bot``: a bot standing in
        for the seat); ``against``: the turn the sender saw (``referee.table.against``)."""
        self._call("liar", seat, by_bot, against)

    def spot_on(self, seat: int, *, by_bot: bool = False, against: Turn | None = None) -> None:
        """``seat`` says the standing bid is exactly right (``spot_on`` tables), revealed at once."""
        self._call("spot_on", seat, by_bot, against)

    def _call(self, kind: str, seat: int, by_bot: bool, against: Turn | None) -> None:
        with self.command():
            self._require_seat(seat)
            require_uncalled(self._called(), seat, against)
            require_current(self._turn(), against)
            self._commit(kind, {"seat": seat, **({"by_bot": True} if by_bot else {})})
            fairness = self.current.fairness
            game = self.game
            if fairness is not None and fairness.deal_secret is not None and game is not None:
                reveal = self._dealer.reveal((fairness.opening_public, fairness.opening_secret),
                                             fairness.deal_secret, list(fairness.changes))
                self._commit("round_revealed", reveal)
            self._close_game()
        self.notify()

    def _called(self) -> tuple[int, int, int] | None:
        """(game, round, caller) of the round revealed last, while nothing is being bid after it."""
        game = self.game
        if game is None or game.phase not in (Phase.REVEALED, Phase.OVER) or game.result is None:
            return None
        return (self.current.game_no, game.round_no, game.result.caller)
