"""What roleplay cheating (RULES.md C5) asks of a Liar's Dice game: Liar's Dice declares the capability.

>>> from referee.games.liars_dice.rules import Roll, Settings, apply, new_game
>>> game = apply(new_game(Settings(dice_per_player=2), (0, 1), 0), Roll(((2, 3), (4, 1)))).state
>>> CHEATING.open_round(game), CHEATING.dice_of(game, 1), CHEATING.open_round(new_game(Settings(), (0, 1), 0))
(1, 2, None)
"""
from __future__ import annotations

from typing import Any

from referee.games.liars_dice.rules import GameState, Phase


class LiarsDiceCheating:
    """Attempts are made while the players bid, on the dice a seat holds."""

    def open_round(self, game: Any) -> int | None:
        return game.round_no if isinstance(game, GameState) and game.phase is Phase.BIDDING else None

    def dice_of(self, game: Any, seat: int) -> int:
        return game.count_of(seat) if isinstance(game, GameState) else 0


CHEATING = LiarsDiceCheating()
