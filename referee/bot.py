"""The one bot interface every family's bots share (``Bot``): what the arena, a table's autopilot and
the network bot (``referee bot``) ask of a bot, and nothing else (docs/bots.md, "The bot interface").

Every bot of every family (Liar's Dice's ``PolicyBot``s in ``referee.games.liars_dice.bots.base``,
poker-dice's ``PokerBot``s in ``referee.games.poker_bluff.bots.base``) is a ``Bot``:
``policy(view)``, the distribution it plays from its seat view, ``act(view)``, one action drawn
from it, and ``observe(event)``, the public events of the table.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """The interface of a bot of any family: what the arena, a table and ``referee bot`` call.

    ``view`` is the seat view of the bot's family (JSON); an action is the family's JSON action
    (docs/bots.md): Liar's Dice's ``bid``, ``liar`` or ``spot_on``, poker-dice's ``declare``,
    ``believe``, ``doubt`` or ``reroll``. A bot of one's own (``module:attr``, made with ``seed=``)
    needs only ``act``; a missing ``observe`` is skipped, and ``policy`` is what the arena's and
    the benches' exact measures read.

    >>> from referee.games.liars_dice.bots.registry import make_bot
    >>> from referee.games.poker_bluff.bots.registry import make_poker_bot
    >>> isinstance(make_bot("strong", seed=1), Bot), isinstance(make_poker_bot("strong", seed=1), Bot)
    (True, True)
    """

    name: str

    def policy(self, view: Mapping[str, Any]) -> Sequence[tuple[dict[str, Any] | None, float]]:
        """The distribution ``act`` samples from: ``[(action, probability), …]``, summing to 1
        (a Liar's Dice seat not to act may have None, "no call")."""

    def act(self, view: Mapping[str, Any]) -> dict[str, Any] | None:
        """One action for the seat of ``view``, drawn from ``policy(view)`` with the bot's own seeded RNG."""

    def observe(self, event: Mapping[str, Any]) -> None:
        """A public event of the table, ``{"kind", "data"}`` (docs/bots.md, "Events")."""
