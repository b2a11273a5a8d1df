"""Seeds a table holds until the entry that logs them: a round's deal or a draw (``draw_seeding``)."""
from __future__ import annotations


class HeldSeeds:
    """The seeds a table was given for one round (its (game, round) key), by seat, in arrival order,
    until the deal logs them; seeds of another round are dropped when the first of a new one comes.

    >>> held = HeldSeeds()
    >>> held.of((1, 1))[2] = "ab" * 32
    >>> sorted(held.of((1, 1))), held.of((1, 2))
    ([2], {})
    """

    __slots__ = ("_key", "_seeds")

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self._seeds: dict[int, str] = {}

    def of(self, key: tuple[int, int]) -> dict[int, str]:
        """The seeds held for round ``key`` (to read or add to); empty, and the others dropped, for a new round."""
        if key != self._key:
            self._key, self._seeds = key, {}
        return self._seeds
