"""The running game's fairness material at a table: its opening, this round's seeds and deal, its
committed draws (``referee.table.state`` folds them; docs/fairness.md)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from referee.fairness.draw_uses import Waiting


@dataclass(frozen=True, slots=True)
class GameFairness:
    """The current game's fairness material: opening, this round's seeds and deal.

    ``draws`` are the game's committed draws from number ``dropped + 1`` on: ``forget_revealed``
    drops the leading draws once revealed (a poker-dice round's rolls after its doubt), so that a
    long game holds only what its current round needs; ``counts`` keeps how many draws of each
    ``(kind, ref)`` the game made, for the next purpose's counter.

    >>> fairness = GameFairness({}, {}, draws=(({"draw": 1}, {}), ({"draw": 2}, {})), draws_revealed=frozenset({1}))
    >>> later = fairness.forget_revealed()
    >>> later.draw_count, later.draw_at(1), later.draw_at(2), later.draws_revealed
    (2, None, ({'draw': 2}, {}), frozenset())
    """

    opening_public: dict[str, Any]
    opening_secret: dict[str, Any]
    seeds: dict[int, str] = field(default_factory=dict)
    deal_public: dict[str, Any] | None = None
    deal_secret: dict[str, Any] | None = None
    changes: tuple[dict[str, Any], ...] = ()
    draws: tuple[tuple[dict[str, Any], dict[str, Any]], ...] = ()
    draws_revealed: frozenset[int] = frozenset()
    roots: tuple[str, ...] = ()
    dropped: int = 0
    counts: dict[tuple[Any, Any], int] = field(default_factory=dict)
    waiting: Waiting | None = None
    """The draw committed and not used yet (``draw_order``: one at most)."""

    @property
    def draw_count(self) -> int:
        """Draws committed in this game so far (the last one's number)."""
        return self.dropped + len(self.draws)

    def draw_at(self, number: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """Draw ``number``'s public and secret parts, or None when it is not held (never made, or dropped)."""
        if isinstance(number, bool) or not isinstance(number, int) or not self.dropped < number <= self.draw_count:
            return None
        return self.draws[number - 1 - self.dropped]

    def is_revealed(self, number: int) -> bool:
        """True when draw ``number`` of this game is revealed (a dropped draw always was)."""
        return number <= self.dropped or number in self.draws_revealed

    def forget_revealed(self) -> GameFairness:
        """This material without its leading revealed draws (their numbers and counts stay)."""
        keep = 0
        while keep < len(self.draws) and self.draws[keep][0]["draw"] in self.draws_revealed:
            keep += 1
        if not keep:
            return self
        dropped = self.dropped + keep
        return replace(self, draws=self.draws[keep:], dropped=dropped,
                       draws_revealed=frozenset(n for n in self.draws_revealed if n > dropped))

    def unrevealed_draws(self) -> list[dict[str, Any]]:
        """The secret parts of this game's committed draws that are not revealed yet, oldest first."""
        return [secret for public, secret in self.draws if public["draw"] not in self.draws_revealed]
