"""A table's state as a fold over its event log: the one code path that applies an entry, live and on replay.

``fold`` takes the state before an entry and the entry (kind, public part, secret part) and returns
the state after it, or raises a ``RulesError`` and changes nothing. The entries every table folds
alike are ``state.SHARED_HANDLERS`` (seats, timers, the dealer's manifest and draws, the game
master's), the draws' seeds (``draw_order.DRAW_HANDLERS``) and ``rules_changed``; every other kind is its family's (``Family.handlers``): another
family's entry is refused ``game/wrong_family``.

>>> state = fold(None, "table_created", {"id": "t1", "rules": {}}, None)
>>> state = fold(state, "seat_taken", {"seat": 0, "name": "Anna", "kind": "human"}, {"token_digest": "d0"})
>>> state.seat_of_token("d0"), state.seats[0].name, state.family
(0, 'Anna', 'liars_dice')
>>> fold(state, "declared", {"seat": 0, "declaration": {}}, None)
Traceback (most recent call last):
...
referee.table.errors.TableError: declared is not an entry of a liars_dice table
"""
from __future__ import annotations

from typing import Any

from referee.games.registry import FAMILIES, family_name, family_named, rules_of, settings_of
from referee.rules.event import Event

from .draw_order import DRAW_ENTRIES, DRAW_HANDLERS, in_order
from .errors import TableError
from .state import SHARED_HANDLERS, TableState


def fold(state: TableState | None, kind: str, public: dict[str, Any], secret: dict[str, Any] | None) -> TableState:
    """The table after one entry; raises a RulesError (and changes nothing) when the entry is not allowed."""
    if state is None:
        if kind != "table_created":
            raise TableError("table/unknown", f"a table's log must start with table_created, not {kind}")
        rules = public["rules"]
        family = family_named(family_name(rules))
        return TableState(id=public["id"], settings=settings_of(rules), family=family.name,
                          family_state=family.new_state(), cheating=family.cheating)
    handler = _HANDLERS.get(kind) or family_named(state.family).handlers.get(kind)
    if handler is None:
        if any(kind in family.handlers for family in FAMILIES.values()):
            raise TableError("game/wrong_family", f"{kind} is not an entry of a {state.family} table")
        raise TableError("log/unknown_kind", f"unknown log entry kind {kind!r}")
    after = handler(state.evolve(events=()), public, secret or {})
    return in_order(state, after, kind, public) if kind in DRAW_ENTRIES else after


def _rules_changed(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """The host or the referee changed the table's rules between games (the next game plays them)."""
    if state.game_running or state.series_running:
        raise TableError("game/running", "the rules change only between games (and evenings)")
    if family_name(public["rules"]) != state.family:
        raise TableError("game/wrong_family", f"a {state.family} table keeps its game: rules of "
                                              f"{family_name(public['rules'])} do not apply")
    settings = settings_of(public["rules"])
    crowded = sorted(seat for seat in state.seats if seat >= settings.max_players)
    if crowded:
        raise TableError("settings/seats_taken", f"max_players {settings.max_players} leaves no room for seat(s) "
                                                 f"{', '.join(map(str, crowded))}: free them first")
    event = Event("rules_changed", {"rules": rules_of(settings), "by": public["by"]})
    return state.evolve(settings=settings, events=(event,))


_HANDLERS = {**SHARED_HANDLERS, **DRAW_HANDLERS, "rules_changed": _rules_changed}
