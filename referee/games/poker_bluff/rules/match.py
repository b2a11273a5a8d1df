"""A match between two players (RULES.md B2): one game, or with ``two_games`` two games with
alternate starters.

The button's holder starts game 1; under ``two_games`` the other player starts game 2. When
the two games are split 1–1 a deciding third game is played, and, as every later round is
started by the previous round's winner (B2), the decider is started by game 2's winner. So a
match always ends with one winner, which a bracket (``bracket``) needs.

>>> match = Match(button=4, other=1, two_games=True)
>>> match.next_starter
4
>>> match = match.record(4)
>>> match.next_starter, match.winner
(1, None)
>>> match = match.record(1)
>>> match.next_starter, match.record(1).winner
(1, 1)
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.rules.errors import IllegalAction
from referee.games.poker_bluff.rules.engine import new_game
from referee.games.poker_bluff.rules.settings import PokerSettings
from referee.games.poker_bluff.rules.state import GameState


@dataclass(frozen=True, slots=True)
class Match:
    """``button`` starts the first game against ``other``; ``winners`` of the games played, in order."""

    button: int
    other: int
    two_games: bool
    winners: tuple[int, ...] = ()

    @property
    def seats(self) -> tuple[int, int]:
        """The two players, the button's holder first."""
        return self.button, self.other

    @property
    def games_to_win(self) -> int:
        """Games a player needs to win the match: 1, or 2 of up to 3 under ``two_games``."""
        return 2 if self.two_games else 1

    @property
    def winner(self) -> int | None:
        """The match's winner once decided, else None."""
        for seat in self.seats:
            if self.winners.count(seat) >= self.games_to_win:
                return seat
        return None

    @property
    def next_starter(self) -> int | None:
        """Who starts the next game: the button, then the other player, then (a decider) game 2's
        winner; None once the match is decided."""
        if self.winner is not None:
            return None
        if not self.winners:
            return self.button
        return self.other if len(self.winners) == 1 else self.winners[-1]

    def next_game(self, settings: PokerSettings) -> GameState:
        """The next game of the match, about to roll.

        >>> Match(2, 5, two_games=False).next_game(PokerSettings()).starter
        2
        """
        starter = self.next_starter
        if starter is None:
            raise IllegalAction("match/over", f"the match is over: seat {self.winner} won it")
        return new_game(settings, self.seats, starter)

    def record(self, winner: int) -> "Match":
        """The match after a game that ``winner`` won.

        >>> Match(2, 5, two_games=False).record(3)
        Traceback (most recent call last):
        ...
        referee.rules.errors.IllegalAction: seat 3 does not play this match (seats 2 and 5)
        """
        if self.winner is not None:
            raise IllegalAction("match/over", f"the match is over: seat {self.winner} won it")
        if winner not in self.seats:
            raise IllegalAction("match/winner", f"seat {winner} does not play this match "
                                                f"(seats {self.button} and {self.other})")
        return Match(self.button, self.other, self.two_games, self.winners + (winner,))
