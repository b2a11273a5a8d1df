"""What roleplay cheating and penalties do to a Liar's Dice game's dice (RULES.md C5), at a table.

``change_die`` logs a ``die_changed`` that a succeeded attempt approves; ``disclose_die`` proves one
committed die to one seat (a mind reading). In a round's life: penalty dice are taken right after a
"next round" (before the roll), a loaded die is turned to six right after each deal, and when a
game ends its draws are revealed and, at a refereed or staked table, the game is settled
(``game_settled``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.fairness import kinds
from referee.fairness.dealer import die_change
from referee.fairness.encoding import FairnessError
from referee.games.liars_dice.rules import GameState, Phase
from referee.table.approval import require_approved
from referee.table.errors import BadRequest, TableError
from referee.table.settle import penalties_due, settlement

if TYPE_CHECKING:
    from collections.abc import Callable
    from contextlib import AbstractContextManager

    from referee.table.dealing import Dealer
    from referee.table.state import TableState


class DiceChanges:
    """Part of ``LiarsDicePlay``, which provides the dealer, the state and the command machinery."""

    _dealer: Dealer
    current: TableState
    game: GameState | None
    command: Callable[[], AbstractContextManager[None]]
    _commit: Callable[..., None]

    def change_die(self, seat: int, index: int, value: int, attempt: int) -> None:
        """Log an approved change: die ``index`` of ``seat`` shows ``value`` until the reveal.

        ``attempt`` is the succeeded attempt that licenses it (``approval.require_approved``);
        its number is in the entry's secret beside seat, index, value and reason.
        """
        with self.command():
            game = self.game
            if game is None:
                raise TableError("game/not_started", "no game is running at this table")
            require_approved(self.current, attempt)
            try:
                change = die_change(self.current.game_no, game.round_no, seat=seat, index=index, value=value,
                                    reason=f"attempt {attempt}")
            except FairnessError as error:
                raise BadRequest("die/invalid", str(error)) from None
            self._commit(kinds.DIE_CHANGED, change.public, {**change.secret, "attempt": attempt})

    def disclose_die(self, seat: int, index: int) -> dict[str, Any]:
        """One die of this round as committed, with its salt and Merkle proof."""
        with self.command():
            fairness = self.current.fairness
            if fairness is None or fairness.deal_secret is None or fairness.deal_public is None:
                raise TableError("action/wrong_phase", "no round is dealt")
            return self._dealer.die_disclosure(fairness.deal_secret, fairness.deal_public, seat, index)

    def _take_penalties(self) -> None:
        for seat, attempt in penalties_due(self.current):
            if self.game is None or self.game.phase is Phase.OVER:
                return
            self._commit("penalty_applied", {"seat": seat, "attempt": attempt})

    def _load_dice(self) -> None:
        game = self.game
        if game is None or game.phase is not Phase.BIDDING:
            return
        for seat, attempt in self.current.gm.loaded_seats(self.current.game_no, game.round_no):
            if seat in game.in_game and game.hand_of(seat)[0] != 6:
                self.change_die(seat, 0, 6, attempt)

    def _close_game(self) -> None:
        game = self.game
        if game is None or game.phase is not Phase.OVER:
            return
        fairness = self.current.fairness
        if fairness is not None:
            for secret in fairness.unrevealed_draws():
                self._commit(kinds.DRAW_REVEALED,
                             self._dealer.reveal_draw((fairness.opening_public, fairness.opening_secret), secret))
        settled = settlement(self.current)
        if settled is not None:
            self._commit("game_settled", settled)
