"""The Liar's Dice half of the verifier: a table's log walked once, in order, every game re-derived.

The table's entries (``table_created``: its rules; ``referee_named``: cheating on or off;
``seat_taken``/``seat_left``: who is seated) set the scene, and ``rules_changed`` (only between
games) gives the rules of the games after it; each ``game_started`` (seats = the seated players,
numbers consecutive) builds a replay which re-derives that game's entries with the rules
(``referee.games.liars_dice.verify``). Die changes and penalty dice are judged last, against the
roleplay attempts (``referee.fairness.verify_attempts``). docs/fairness.md section 9 lists every check.

>>> from referee.fairness.report import Report
>>> report = Report()
>>> check_liars_dice([{"seq": 1, "kind": "table_created", "public": {"id": "t1", "rules": {}}, "secret": None},
...                   {"seq": 2, "kind": "game_started", "public": {"game": 2, "seats": [], "opener": 0}}], report)
>>> [str(check) for check in report.failures]
['game 2: seq 2: game 2 starts after game 0', 'game 2: seq 2: the rules cannot start this game (game/players)']
"""
from __future__ import annotations

from typing import Any, Protocol

from referee.fairness.report import Report
from referee.fairness.verify_attempts import Attempts
from referee.games.liars_dice.verify import GameStart, LiarsDiceReplay

FAMILY_KEY = "game"


class GameReplay(Protocol):
    """What a game family offers the verifier: feed it the game's entries of ``KINDS``, then close it."""

    KINDS: frozenset[str]

    @property
    def over(self) -> bool:
        """True once the game has a winner by the rules (or its replay has stopped)."""
        ...

    def feed(self, entry: dict[str, Any]) -> None:
        """Re-derive one entry of the game."""
        ...

    def close(self, seq: int | None) -> None:
        """The log moves on to the next game (at ``seq``) or ends (None)."""
        ...



_TABLE_KINDS = ("table_created", "referee_named", "seat_taken", "seat_left", "game_started", "rules_changed")
_ATTEMPT_KINDS = ("attempt_submitted", "attempt_checked", "attempt_resolved", "draw_committed", "draw_revealed")


def family_rules(rules: dict[str, Any]) -> dict[str, Any]:
    """The rules without the family's name: what the family's own settings read.

    >>> family_rules({"game": "liars_dice", "dice_per_player": 3})
    {'dice_per_player': 3}
    """
    return {key: value for key, value in rules.items() if key != FAMILY_KEY}


class _Walk:
    def __init__(self, report: Report) -> None:
        self.report = report
        self.rules: dict[str, Any] = {}
        self.seated: set[int] = set()
        self.attempts = Attempts()
        self.game: GameReplay | None = None
        self.start: GameStart | None = None
        self.counts: dict[tuple[int, int], dict[int, int]] = {}
        self.last_game: int = 0
        self.last_opener: int | None = None

    def feed(self, entry: dict[str, Any]) -> None:
        kind = entry["kind"]
        if kind in _TABLE_KINDS:
            getattr(self, kind)(entry)
        elif kind in _ATTEMPT_KINDS:
            getattr(self.attempts, kind)(entry)
        if kind == "round_dealt":
            public = entry["public"]
            self.counts[(public["game"], public["round"])] = {int(s): c for s, c in public["counts"].items()}
        if kind == "die_changed":
            public = entry["public"]
            self.attempts.die_changed(entry, self.counts.get((public["game"], public["round"]), {}))
        if kind == "penalty_applied" and self.start is not None:
            self.attempts.penalty_applied(entry, self.start.game)
        if self.game is not None and kind in self.game.KINDS and self._of_this_game(entry):
            self.game.feed(entry)

    def _of_this_game(self, entry: dict[str, Any]) -> bool:
        game = entry["public"].get("game")
        if game is None or self.start is None or game == self.start.game:
            return True
        self.report.fail(f"game {game}", f"seq {entry['seq']}: a {entry['kind']} entry for game {game} while game "
                                         f"{self.start.game} is being played")
        return False

    def table_created(self, entry: dict[str, Any]) -> None:
        self.rules = entry["public"]["rules"]

    def referee_named(self, entry: dict[str, Any]) -> None:
        self.attempts.referee_named(entry["public"])

    def seat_taken(self, entry: dict[str, Any]) -> None:
        self.seated.add(entry["public"]["seat"])

    def seat_left(self, entry: dict[str, Any]) -> None:
        self.seated.discard(entry["public"]["seat"])

    def game_started(self, entry: dict[str, Any]) -> None:
        public, seq = entry["public"], entry["seq"]
        if self.game is not None:
            self.game.close(seq)
        self.game, self.start = None, None
        step = f"game {public['game']}"
        expected, previous_opener = self.last_game + 1, self.last_opener
        self.last_game = public["game"]
        if public["opener"] is not None:  # a roll-off game leaves the rotation where it was
            self.last_opener = public["opener"]
        seats = sorted(self.seated)
        if public["game"] != expected:
            self.report.fail(step, f"seq {seq}: game {public['game']} starts after game {expected - 1}")
        elif list(public["seats"]) != seats:
            self.report.fail(step, f"seq {seq}: the game starts with seats {', '.join(map(str, public['seats']))}, "
                                   f"but the seated players are {', '.join(map(str, seats)) or 'none'}")
        self.start = GameStart(public["game"], list(public["seats"]), public["opener"], seq, family_rules(self.rules),
                               previous_opener)
        self.game = LiarsDiceReplay(self.start, self.report)

    def rules_changed(self, entry: dict[str, Any]) -> None:
        public, seq = entry["public"], entry["seq"]
        if self.game is not None and not self.game.over and self.start is not None:
            self.report.fail(f"game {self.start.game}", f"seq {seq}: the rules change while game {self.start.game} "
                                                        "is being played")
            return
        family = {FAMILY_KEY: self.rules[FAMILY_KEY]} if FAMILY_KEY in self.rules else {}
        self.rules = {**family, **public["rules"]}
        by = "the referee" if public["by"] == "referee" else f"the host (seat {public['by']})"
        self.report.add("table", True, f"seq {seq}: {by} changes the rules between games; the next game plays them")

    def finish(self) -> None:
        if self.game is not None:
            self.game.close(None)
        self.attempts.check(self.report)


def check_liars_dice(entries: list[dict[str, Any]], report: Report) -> None:
    """Re-derive every game of a Liar's Dice table's log (``entries``, from ``table_created``) into ``report``."""
    walk = _Walk(report)
    for entry in entries:
        try:
            walk.feed(entry)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            report.fail(f"seq {entry.get('seq')}", f"malformed {entry.get('kind')} entry: the games are not re-derived further")
            return
    walk.finish()
