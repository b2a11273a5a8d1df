"""The game half of the verifier: every game of an export re-derived with the rules engine.

``check_play`` hands the log to the verifier of the table's game family (``Family.verifier``, found by
the name ``table_created``'s rules give in ``game``, ``liars_dice`` when they name none):
``referee.games.liars_dice.verify_walk`` walks a Liar's Dice log, ``referee.games.poker_bluff.verify``
a poker table's evenings. docs/fairness.md section 9 lists every check.

>>> from referee.fairness.report import Report
>>> report = Report()
>>> check_play({"entries": [{"seq": 1, "kind": "table_created", "public": {"id": "t1", "rules": {"game": "chess"}},
...                          "secret": None}]}, report)
>>> str(report.checks[0])
"table: seq 1: the table's game family 'chess' has no verifier (known: liars_dice, poker_bluff)"
"""
from __future__ import annotations

from typing import Any

from referee.games.registry import DEFAULT, FAMILIES

from .report import Report


def family_of(rules: dict[str, Any]) -> str:
    """The game family a table's rules name (``liars_dice`` when they name none).

    >>> family_of({}), family_of({"game": "poker_bluff"})
    ('liars_dice', 'poker_bluff')
    """
    return str(rules.get("game", DEFAULT))


def check_play(export: dict[str, Any], report: Report) -> None:
    """Re-derive every game of ``export`` with the rules of its family, into ``report``; a log that
    does not start with ``table_created`` (seq 1) is not a table's and gets no game check, and an
    export that starts later is noted."""
    entries = export["entries"]
    if not entries or entries[0]["kind"] != "table_created":
        if entries and entries[0]["seq"] != 1:
            report.add("table", True, f"the export starts at seq {entries[0]['seq']}, after the table's creation: "
                                      "the games are not re-derived")
        return
    try:
        name = family_of(entries[0]["public"]["rules"])
    except (KeyError, TypeError, AttributeError):
        report.fail("seq 1", "malformed table_created entry: the games are not re-derived further")
        return
    family = FAMILIES.get(name)
    if family is None:
        report.fail("table", f"seq 1: the table's game family {name!r} has no verifier "
                             f"(known: {', '.join(sorted(FAMILIES))})")
        return
    family.verifier(entries, report)
