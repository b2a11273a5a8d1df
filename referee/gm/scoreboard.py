"""The evening's scoreboard: every settled game, and per player the games, wins and pots won.

Players are counted by name (a person who sits at another seat in a later game is the same
player). The export is JSON or CSV; a CSV cell that a spreadsheet would read as a formula
is prefixed with an apostrophe.

>>> games = [GameScore(1, 0, "Anna", ("Anna", "Ben"), {"amounts": {"gold": "2"}, "items": []}),
...          GameScore(2, 1, "Ben", ("Anna", "Ben"), {"amounts": {}, "items": ["a song"]})]
>>> [(line["name"], line["wins"], line["pot_won"]["amounts"]) for line in standings(games)]
[('Anna', 1, {'gold': '2'}), ('Ben', 1, {})]
"""
from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .stakes import EMPTY_POT, add_pots


@dataclass(frozen=True, slots=True)
class GameScore:
    """One settled game: its number, the winning seat and name, who played, and the pot the winner took."""

    game: int
    winner: int
    name: str
    players: tuple[str, ...]
    pot: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "winner": self.winner, "name": self.name, "players": list(self.players),
                "pot": self.pot}


def standings(games: Sequence[GameScore]) -> list[dict[str, Any]]:
    """One line per player, most wins first (then by name): games played, wins, everything won."""
    lines: dict[str, dict[str, Any]] = {}
    for score in games:
        for name in score.players:
            line = lines.setdefault(name, {"name": name, "games": 0, "wins": 0, "pot_won": EMPTY_POT})
            line["games"] += 1
        winner = lines.setdefault(score.name, {"name": score.name, "games": 0, "wins": 0, "pot_won": EMPTY_POT})
        winner["wins"] += 1
        winner["pot_won"] = add_pots(winner["pot_won"], score.pot)
    return sorted(lines.values(), key=lambda line: (-line["wins"], line["name"]))


def scoreboard_json(table_id: str, games: Sequence[GameScore]) -> dict[str, Any]:
    """The JSON export: every game and the standings."""
    return {"table": table_id, "games": [score.to_dict() for score in games], "standings": standings(games)}


def scoreboard_csv(games: Sequence[GameScore]) -> str:
    """The CSV export: one row per player; one column per unit of the pots won, then the other prizes.

    >>> print(scoreboard_csv([GameScore(1, 0, "=Anna", ("=Anna", "Бен"), {"amounts": {"gold": "2"}, "items": []})]), end="")
    name,games,wins,gold,other prizes
    '=Anna,1,1,2,
    Бен,1,0,0,
    """
    lines = standings(games)
    units = sorted({unit for line in lines for unit in line["pot_won"]["amounts"]})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "games", "wins", *[_cell(unit or "amount") for unit in units], "other prizes"])
    for line in lines:
        won = line["pot_won"]
        writer.writerow([_cell(line["name"]), line["games"], line["wins"],
                         *[won["amounts"].get(unit, "0") for unit in units], _cell("; ".join(won["items"]))])
    return out.getvalue()


def _cell(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
