"""More than two players (RULES.md B8): a single-elimination bracket of pairs until one is left;
the champion takes the pot.

Each bracket round pairs the players left, in order. When their number is odd one player has a
bye (goes through without playing): the last in order who has not had a bye yet (the last of
all when everybody has had one). Winners, and the bye, keep their order for the next round.
A pair's winner is recorded with ``record`` (a ``match.Match`` decides it); the next round is
drawn once every pair of the round has a winner.

>>> bracket = new_bracket((0, 1, 2, 3, 4))
>>> [p.seats for p in bracket.current]
[(0, 1), (2, 3), (4,)]
>>> bracket = bracket.record(winner=1, loser=0).record(winner=2, loser=3)
>>> [p.seats for p in bracket.current]
[(1, 4), (2,)]
>>> bracket.record(winner=4, loser=1).record(winner=2, loser=4).champion
2
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.rules.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two seats that play each other in bracket round ``round``, or one seat with a bye (its own winner)."""

    round: int
    seats: tuple[int, ...]
    winner: int | None

    @property
    def is_bye(self) -> bool:
        """The seat goes through without playing."""
        return len(self.seats) == 1


@dataclass(frozen=True, slots=True)
class Bracket:
    """The entrants in bracket order and every round drawn so far (the last is being played)."""

    entrants: tuple[int, ...]
    rounds: tuple[tuple[Pairing, ...], ...]

    @property
    def current(self) -> tuple[Pairing, ...]:
        """The pairings of the round being played (or of the final, once decided)."""
        return self.rounds[-1]

    @property
    def pending(self) -> tuple[Pairing, ...]:
        """The pairs of the current round still to play."""
        return tuple(p for p in self.current if p.winner is None)

    @property
    def champion(self) -> int | None:
        """The one player left, once the final is decided."""
        last = self.current
        return last[0].winner if len(last) == 1 else None

    def record(self, winner: int, loser: int) -> "Bracket":
        """The bracket after ``winner`` beat ``loser`` in their pair of the current round."""
        if self.champion is not None:
            raise IllegalAction("bracket/over", f"the bracket is over: seat {self.champion} won it")
        for index, pairing in enumerate(self.current):
            if pairing.winner is None and set(pairing.seats) == {winner, loser} and winner != loser:
                decided = Pairing(pairing.round, pairing.seats, winner)
                current = self.current[:index] + (decided,) + self.current[index + 1:]
                return _next(Bracket(self.entrants, self.rounds[:-1] + (current,)))
        pairs = ", ".join(f"{p.seats[0]}–{p.seats[1]}" for p in self.pending)
        raise IllegalAction("bracket/not_paired", f"seats {winner} and {loser} do not play each other now "
                                                  f"(pairs to play: {pairs})")

    def payout(self, stakes: Mapping[int, int]) -> dict[int, int]:
        """What each entrant wins (+) or loses (−) once decided: the champion takes the pot of every stake.

        >>> decided = new_bracket((0, 1)).record(winner=1, loser=0)
        >>> decided.payout({0: 5, 1: 5})
        {0: -5, 1: 5}
        """
        champion = self.champion
        if champion is None:
            raise IllegalAction("bracket/running", "the bracket has no champion yet")
        pot = sum(stakes.get(seat, 0) for seat in self.entrants)
        return {seat: pot - stakes.get(seat, 0) if seat == champion else -stakes.get(seat, 0)
                for seat in self.entrants}


def new_bracket(entrants: Sequence[int]) -> Bracket:
    """The bracket of ``entrants`` (two or more distinct seats, in bracket order) with round 1 drawn.

    >>> [p.seats for p in new_bracket((5, 1, 3)).current]
    [(5, 1), (3,)]
    """
    entrants = tuple(entrants)
    if len(entrants) < 2 or len(set(entrants)) != len(entrants):
        raise IllegalAction("bracket/entrants", f"a bracket needs 2 or more distinct seats, got {list(entrants)}")
    return Bracket(entrants, (draw(1, entrants, had_bye=()),))


def draw(round_no: int, players: Sequence[int], had_bye: Sequence[int]) -> tuple[Pairing, ...]:
    """The pairings of one bracket round: ``players`` in order paired two by two, a bye for an odd one out.

    >>> [p.seats for p in draw(2, (7, 8, 9), had_bye=(9,))]
    [(7, 9), (8,)]
    """
    players = list(players)
    bye = None
    if len(players) % 2:
        fresh = [seat for seat in players if seat not in had_bye]
        bye = (fresh or players)[-1]
    rest = [seat for seat in players if seat != bye]
    pairs: dict[int, tuple[int, ...]] = {rest[i]: (rest[i], rest[i + 1]) for i in range(0, len(rest), 2)}
    if bye is not None:
        pairs[bye] = (bye,)
    return tuple(Pairing(round_no, pairs[seat], seats[0] if len(seats) == 1 else None)
                 for seat in players if (seats := pairs.get(seat)) is not None)


def _next(bracket: Bracket) -> Bracket:
    current = bracket.current
    if any(p.winner is None for p in current) or len(current) == 1:
        return bracket
    winners = [p.winner for p in current if p.winner is not None]
    had_bye = [p.seats[0] for round_ in bracket.rounds for p in round_ if p.is_bye]
    return Bracket(bracket.entrants, bracket.rounds + (draw(len(bracket.rounds) + 1, winners, had_bye),))
