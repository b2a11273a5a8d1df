"""What a table needs from the referee's dice: open a game, deal a round, reveal it.

The table never makes a random number itself; it asks a ``Dealer`` and logs what the dealer
returns (public parts for everyone, secret parts kept on the server until their reveal).
Only people give seeds, only for their own seat and the round being dealt; the deal says
why each other person's seed is missing (``seed_inputs``).

>>> seeds, missing = seed_inputs(2, [0, 1, 3], {0: 5, 1: 5, 2: 5, 3: 5}, {0: "ab" * 32}, connected={0, 1})
>>> seeds == [{"round": 2, "seat": 0, "seed": "ab" * 32}], missing
(True, {1: 'late', 3: 'not_connected'})
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol


def seed_inputs(round_no: int, people: Iterable[int], counts: Mapping[int, int], seeds: Mapping[int, str],
                connected: Collection[int]) -> tuple[list[dict[str, Any]], dict[int, str]]:
    """What a deal takes from a round's seeds (by seat): the contributions ``{round, seat, seed}``,
    and why each person in the round gave none: ``not_connected`` (no browser of theirs was
    connected at the deal) or ``late`` (connected, but the seed had not come when the wait ran out)."""
    contributions = [{"round": round_no, "seat": seat, "seed": seeds[seat]} for seat in sorted(seeds)]
    missing = {seat: "late" if seat in connected else "not_connected"
               for seat in sorted(people) if seat in counts and seat not in seeds}
    return contributions, missing


@dataclass(frozen=True, slots=True)
class Dealt:
    """A dealt round: ``hands`` by seat, what to publish, what to keep, and each seat's private proof."""

    hands: dict[int, list[int]]
    public: dict[str, Any]
    secret: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Drawn:
    """A committed draw (a check die, "a random die of seat X"): what to log, and the drawn values."""

    public: dict[str, Any]
    secret: dict[str, Any]
    values: list[int]


class Dealer(Protocol):
    """The dice of a table: every method returns JSON-ready dicts for the log."""

    def open_game(self, table_id: str, game_no: int, rules: dict[str, Any],
                  seats: list[int], people: list[int], draw_slots: int = 512) -> tuple[dict[str, Any], dict[str, Any]]:
        """The game's public manifest and its secret (logged as ``game_opened``); ``people`` are the
        seats held by people, the only ones that may give seeds; ``draw_slots``: the draws the game
        commits to (a power of two; 512 serves a Liar's Dice game, poker-dice re-rolls need more)."""
        ...

    def deal(self, opening: tuple[dict[str, Any], dict[str, Any]], round_no: int,
             counts: dict[int, int], seeds: list[dict[str, Any]], missing: dict[int, str]) -> Dealt:
        """Dice for one round (logged as ``round_dealt``) from the round's logged seeds
        ``{round, seat, seed}`` and the reasons of the missing ones (``seed_inputs``)."""
        ...

    def reveal(self, opening: tuple[dict[str, Any], dict[str, Any]], deal_secret: dict[str, Any],
               changes: list[dict[str, Any]]) -> dict[str, Any]:
        """What is published after the round is called (logged as ``round_revealed``); ``changes``
        are the round's approved die changes in log order."""
        ...

    def private_for(self, deal_secret: dict[str, Any], deal_public: dict[str, Any], seat: int) -> dict[str, Any]:
        """What one seat may check of its own dice (salts, proofs); empty when there is nothing."""
        ...

    def draw(self, opening: tuple[dict[str, Any], dict[str, Any]], draw_no: int, purpose: dict[str, Any],
             items: list[tuple[str, int]], seeds: list[dict[str, Any]], missing: dict[int, str]) -> Drawn:
        """Draw ``items`` ((label, sides) each) as draw ``draw_no`` of the game for ``purpose``
        ({kind, ref, counter}, ``referee.fairness.purposes``) mixing ``seeds`` (``draw_seed`` entries) and
        naming the ``missing`` people's reasons, logged as ``draw_committed``."""
        ...

    def reveal_draw(self, opening: tuple[dict[str, Any], dict[str, Any]], draw_secret: dict[str, Any]) -> dict[str, Any]:
        """What is published once a draw may be known (logged as ``draw_revealed``)."""
        ...

    def die_disclosure(self, deal_secret: dict[str, Any], deal_public: dict[str, Any], seat: int,
                       index: int) -> dict[str, Any]:
        """One committed die with what proves it, for an effect that shows it to another seat."""
        ...
