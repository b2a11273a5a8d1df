"""What a table needs from the referee's dice: open a game, deal a round, reveal it.

The table never makes a random number itself; it asks a ``Dealer`` and logs what the dealer
returns (public parts for everyone, secret parts kept on the server until their reveal).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


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
                  seats: list[int]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The game's public manifest and its secret (logged as ``game_opened``)."""
        ...

    def deal(self, opening: tuple[dict[str, Any], dict[str, Any]], round_no: int,
             counts: dict[int, int], seeds: dict[int, str]) -> Dealt:
        """Dice for one round (logged as ``round_dealt``)."""
        ...

    def reveal(self, opening: tuple[dict[str, Any], dict[str, Any]], deal_secret: dict[str, Any],
               changes: list[dict[str, Any]]) -> dict[str, Any]:
        """What is published after the round is called (logged as ``round_revealed``); ``changes``
        are the round's approved die changes in log order."""
        ...

    def private_for(self, deal_secret: dict[str, Any], deal_public: dict[str, Any], seat: int) -> dict[str, Any]:
        """What one seat may check of its own dice (salts, proofs); empty when there is nothing."""
        ...

    def draw(self, opening: tuple[dict[str, Any], dict[str, Any]], draw_no: int, purpose: str,
             items: list[tuple[str, int]]) -> Drawn:
        """Draw ``items`` ((label, sides) each) as draw ``draw_no`` of the game (logged as ``draw_committed``)."""
        ...

    def reveal_draw(self, opening: tuple[dict[str, Any], dict[str, Any]], draw_secret: dict[str, Any]) -> dict[str, Any]:
        """What is published once a draw may be known (logged as ``draw_revealed``)."""
        ...

    def die_disclosure(self, deal_secret: dict[str, Any], deal_public: dict[str, Any], seat: int,
                       index: int) -> dict[str, Any]:
        """One committed die with what proves it, for an effect that shows it to another seat."""
        ...
