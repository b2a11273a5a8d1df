"""The table's side of ``referee.fairness.draw_uses``: each committed draw serves exactly one entry
of the table's own game, in order, or the entry is refused with the rule's stable code.

The fold (``referee.table.fold``) checks every ``draw_committed`` (``draw/kind``: a draw another family makes;
``draw/unused``: another draw still waits) and every entry that uses a draw (``draw/order``), and keeps
the draw waiting in ``GameFairness.waiting``; a command that ends with a draw waiting is refused whole
(``unused_draw``, called by ``Transactions``), so no draw the table commits ever serves nothing.

>>> from referee.fairness.draw_uses import Waiting
>>> from referee.table.state import GameFairness, TableState
>>> from referee.games.liars_dice.rules import Settings
>>> state = TableState(id="t1", settings=Settings(), fairness=GameFairness({"game": 1}, {}))
>>> after = in_order(state, state, "draw_committed", {"draw": 1, "purpose": {"kind": "roll_off", "ref": 1, "counter": 1}})
>>> after.fairness.waiting
Waiting(draw=1, purpose={'kind': 'roll_off', 'ref': 1, 'counter': 1})
>>> unused_draw(after).code
'draw/unused'
>>> in_order(after, after, "roll_off", {"game": 1, "counter": 1, "draw": 1}).fairness.waiting is None
True
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from referee.fairness.draw_uses import KIND_OF_ENTRY, Waiting, commit_problem, label, use_problem, uses

from .errors import TableError

if TYPE_CHECKING:
    from .state import TableState

DRAW_ENTRIES = frozenset({"draw_committed", *KIND_OF_ENTRY})
"""The entry kinds the rule looks at: a draw's commitment, and every entry that uses a draw."""


def in_order(before: TableState, after: TableState, kind: str, public: dict[str, Any]) -> TableState:
    """``after`` (the fold of entry ``kind`` on ``before``) with the draw waiting updated; raises
    ``TableError`` (``draw/kind``, ``draw/unused``, ``draw/order``) when the entry breaks the rule."""
    fairness = before.fairness
    if fairness is None or after.fairness is None:
        return after
    if kind == "draw_committed":
        problem = commit_problem(before.family, fairness.waiting, public)
        waiting: Waiting | None = Waiting(public["draw"], public.get("purpose"))
    else:
        problem = use_problem(kind, public, fairness.waiting)
        waiting = None if uses(kind, public, fairness.waiting) else fairness.waiting
    if problem is not None:
        raise TableError(problem.code, problem.message)
    return after.evolve(fairness=replace(after.fairness, waiting=waiting))


def seeds_required(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """The table option ``require_seeds`` (``seeds_required`` ``{on, by}``): a draw no person it concerns is
    connected for waits without a deadline for a seed instead of being rolled by the server alone."""
    return state.evolve(require_seeds=bool(public["on"]))


def draw_seed(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """A person's seed for the next draw (``draw_seed`` ``{draw, seat, seed}``, logged by ``draw_seeding``
    right before the draw that mixes it): refused (``seed/late``) for any other draw."""
    fairness = state.fairness
    if fairness is None or public["draw"] != fairness.draw_count + 1:
        raise TableError("seed/late", f"draw {public['draw']} is not the next draw of this game")
    return state


DRAW_HANDLERS = {"draw_seed": draw_seed, "seeds_required": seeds_required}
"""The shared entries of the draws' inputs, folded by ``referee.table.fold``."""


def unused_draw(state: TableState | None) -> TableError | None:
    """The refusal of a command that ends with a draw no entry used, or None."""
    waiting = state.fairness.waiting if state is not None and state.fairness is not None else None
    if waiting is None:
        return None
    return TableError("draw/unused", f"draw {waiting.draw} ({label(waiting.purpose)}) serves nothing: "
                                     "the command ends before any entry used it")
