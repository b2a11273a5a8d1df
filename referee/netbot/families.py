"""The families a network bot plays, by the name a table's ``state`` gives (``table.family``).

The loop and the seat are the same for every family; what differs is one small module in each
family's folder (``referee.games.liars_dice.netbot``, ``referee.games.poker_bluff.netbot``), named
here: which bot to make, the events a bot observes, whether
a round waits for the seat's seed, when the seat moves, which turn a move answers, and how a
bot's action becomes a socket event with its payload. A new family adds its module and one line
to ``FAMILIES``.

>>> family_of({"table": {"family": "poker_bluff"}}).name, family_of({"table": {}}).name
('poker_bluff', 'liars_dice')
>>> family_of({"table": {"family": "chess"}})
Traceback (most recent call last):
...
ValueError: the network bot plays liars_dice, poker_bluff; this table plays 'chess'
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from referee.games.liars_dice.netbot import FAMILY as LIARS_DICE
from referee.games.poker_bluff.netbot import FAMILY as POKER_BLUFF

from .send import Send

DEFAULT = "liars_dice"
"""The family of a state without ``table.family`` (a server from before poker-dice)."""


class Feed(Protocol):
    """Successive seat views in, the public events between them out (``{"kind", "data"}``)."""

    def events(self, view: Mapping[str, Any]) -> list[dict[str, Any]]: ...


class NetFamily(Protocol):
    """What the network bot asks of a family (all of it read from the seat view ``state.game``)."""

    name: str
    levels: frozenset[str]
    """The built-in bots of ``--level``."""
    moves: frozenset[str]
    """The socket events that are moves (each carries ``against``)."""
    moved_on: frozenset[str]
    """Refusal codes of a move that mean somebody moved first: the move is dropped, not retried."""

    def make_bot(self, spec: str, seed: int) -> Any:
        """A ``referee.bot.Bot``: a level, or ``module:attr`` made with ``seed=``; ValueError when unknown."""

    def feed(self) -> Feed:
        """A new feed of the public events the bot observes."""

    def seeds_round(self, game: Mapping[str, Any], seat: int) -> bool:
        """Whether the round waits for this seat's round seed (the ``seed`` event)."""

    def to_move(self, game: Mapping[str, Any], seat: int) -> bool:
        """Whether ``seat`` may move now (its turn, or a call out of turn)."""

    def turn(self, game: Mapping[str, Any]) -> tuple[int, ...]:
        """The turn being played, as ``against`` names it: a move is decided once per turn."""

    def as_send(self, action: Mapping[str, Any], game: Mapping[str, Any]) -> Send:
        """The bot's ``action`` as its socket event and payload, with ``against``; ValueError when not an action."""


FAMILIES: dict[str, NetFamily] = {LIARS_DICE.name: LIARS_DICE, POKER_BLUFF.name: POKER_BLUFF}
"""Every family the network bot plays, by name."""

LEVELS = sorted(set().union(*(family.levels for family in FAMILIES.values())))
"""Every ``--level`` some family has."""


def family_of(state: Mapping[str, Any]) -> NetFamily:
    """The family of the table ``state`` shows; ValueError for one the bot does not play."""
    name = (state.get("table") or {}).get("family") or DEFAULT
    if name not in FAMILIES:
        raise ValueError(f"the network bot plays {', '.join(FAMILIES)}; this table plays {name!r}")
    return FAMILIES[name]
