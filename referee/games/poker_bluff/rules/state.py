"""The state of one poker-dice bluff game, the actions that move it and what a doubt reveals.

States are frozen; ``seats`` and ``tokens`` are aligned (two players). One cup of five dice:
``holder`` holds it, ``cup`` is its five dice (``kept`` first: the dice set aside face up
before the last re-roll, public; they stay on the table until the next holder re-rolls),
``declarations`` are this round's, oldest first.

>>> from referee.games.poker_bluff.rules.settings import PokerSettings
>>> state = GameState(PokerSettings(), seats=(0, 3), tokens=(3, 3), phase=Phase.ROLLING, round_no=1,
...                   starter=3, holder=3, cup=(), kept=(), declarations=(), result=None, winner=None)
>>> state.other(3), state.tokens_of(0), state.turn
(0, 3, None)
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from referee.games.poker_bluff.rules.declarations import Declaration
from referee.games.poker_bluff.rules.settings import PokerSettings


class Phase(str, Enum):
    """Waiting for dice, the holder declaring, the other believing or doubting, the new holder
    choosing dice to keep, after a doubt's reveal, or over."""

    ROLLING = "rolling"
    DECLARING = "declaring"
    RESPONDING = "responding"
    KEEPING = "keeping"
    REVEALED = "revealed"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Roll:
    """The chance action: the dice the holder rolls now (``engine.pending_roll`` says how many)."""

    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Declare:
    """``seat``, holding the cup, declares ``declaration`` (true or not)."""

    seat: int
    declaration: Declaration


@dataclass(frozen=True, slots=True)
class Believe:
    """``seat`` says "Believe": the cup passes to them."""

    seat: int


@dataclass(frozen=True, slots=True)
class Doubt:
    """``seat`` says "Don't believe": the cup is shown."""

    seat: int


@dataclass(frozen=True, slots=True)
class Reroll:
    """``seat``, who has just believed, sets ``keep`` aside face up and re-rolls the other dice."""

    seat: int
    keep: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NextRound:
    """After a reveal: the round's winner starts the next round."""


Action = Roll | Declare | Believe | Doubt | Reroll | NextRound


@dataclass(frozen=True, slots=True)
class PlacedDeclaration:
    """A declaration of this round and the seat that made it."""

    seat: int
    declaration: Declaration


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What a doubt showed: the declaration, the cup, whether it held, who won and lost the token."""

    declarer: int
    doubter: int
    declaration: Declaration
    cup: tuple[int, ...]
    held: bool
    winner: int
    loser: int


@dataclass(frozen=True, slots=True)
class GameState:
    """One game: the two players, their tokens, the cup, this round's declarations, the phase."""

    settings: PokerSettings
    seats: tuple[int, ...]
    tokens: tuple[int, ...]
    phase: Phase
    round_no: int
    starter: int
    holder: int
    cup: tuple[int, ...]
    kept: tuple[int, ...]
    declarations: tuple[PlacedDeclaration, ...]
    result: RoundResult | None
    winner: int | None

    def other(self, seat: int) -> int:
        """The other player of the game."""
        return self.seats[1] if seat == self.seats[0] else self.seats[0]

    @property
    def in_game(self) -> tuple[int, ...]:
        """The seats playing this game (both, until it is over): what a table asks any family's game."""
        return self.seats

    def tokens_of(self, seat: int) -> int:
        """Tokens ``seat`` holds."""
        return self.tokens[self.seats.index(seat)]

    @property
    def last(self) -> Declaration | None:
        """The declaration to beat: the last of this round, or None before the first."""
        return self.declarations[-1].declaration if self.declarations else None

    @property
    def turn(self) -> int | None:
        """The seat that must act now, or None while chance or the table moves."""
        if self.phase in (Phase.DECLARING, Phase.KEEPING):
            return self.holder
        if self.phase is Phase.RESPONDING:
            return self.other(self.holder)
        return None
