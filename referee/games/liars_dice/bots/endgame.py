"""Equilibrium play for small heads-up endgames, read from the solved files in ``endgames/``.

``endgame_build`` writes one gzip'd table per endgame (``"2v1-wild.json.gz"``: the opener's
dice v the other's, wild ones or not) and ``manifest.json`` with each file's SHA-256. A table
is read the first time a position of its endgame comes up, checked against the manifest, and
kept; a lookup is one dict access. The files are solved for the `tavern` order of bids (quantity or face, no bids on ones), with or
without wild ones, and without spot on: at a table playing ``face_up``, ``bids_on_ones``,
``spot_on`` or in a palifico round ``endgame_moves`` gives None, and the strong bot plays its
posterior play there instead. A table solved in a cut tree (``max_depth`` bids, 2 v 2) plays past
the cut as it was solved: the player to act calls.

>>> from referee.games.liars_dice.bots.situation import Situation
>>> view = {"seat": 0, "dice": [6], "dice_counts": {"0": 1, "1": 1}, "total_dice": 2, "turn": 0,
...         "seats_in_game": [0, 1], "bids": [{"seat": 1, "quantity": 2, "face": 6}], "palifico": False,
...         "callers": [0], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}}
>>> endgame_moves(Situation.from_view(view))       # a six against "two sixes": the opponent needs a one or a six
[('liar', 1.0)]
>>> endgame_moves(Situation.from_view({**view, "rules": {"spot_on": True}, "can_spot_on": True})) is None
True
>>> six_bids = [{"seat": i % 2, "quantity": 1 + i // 5, "face": 2 + i % 5} for i in range(6)]
>>> endgame_moves(Situation.from_view({**view, "dice": [6, 6], "dice_counts": {"0": 2, "1": 2}, "total_dice": 4,
...                                    "bids": six_bids}))     # past the cut of 2 v 2
[('liar', 1.0)]
"""
from __future__ import annotations

import gzip
import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from referee.blocking import run_blocking
from referee.games.liars_dice.bots.base import LIAR, Move, normalise
from referee.games.liars_dice.bots.situation import Situation

ENDGAMES_DIR = Path(__file__).with_name("endgames")
Table = dict[str, dict[str, int]]
"""``{"<hand>|<bids>": {"<move>": weight}}``, e.g. ``{"6|2x6": {"liar": 1000}}``."""


class CorruptEndgame(Exception):
    """A solved file does not match its manifest (rebuild it: ``make endgames``)."""


@lru_cache(maxsize=1)
def manifest() -> dict[str, Any]:
    """``endgames/manifest.json``: per endgame its file, SHA-256, iterations and exploitability."""
    data: dict[str, Any] = json.loads((ENDGAMES_DIR / "manifest.json").read_text(encoding="utf-8"))
    return data


@lru_cache(maxsize=None)
def strategy_table(name: str) -> Table | None:
    """The solved table of endgame ``name`` (``"1v1-wild"``), read once; None if none is shipped.

    >>> strategy_table("1v1-wild")["6|2x6"], strategy_table("9v9-wild")
    ({'liar': 1000}, None)
    """
    entry = manifest()["games"].get(name)
    if entry is None:
        return None
    path, digest = ENDGAMES_DIR / entry["file"], entry["sha256"]
    return run_blocking(lambda: _read(path, digest))      # a server reads it in a native thread (referee.blocking)


def _read(path: Path, digest: str) -> Table:
    """The table in the file at ``path``, checked against its SHA-256 ``digest``."""
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != digest:
        raise CorruptEndgame(f"{path.name} does not match endgames/manifest.json")
    table: Table = json.loads(gzip.decompress(data))["table"]
    return table


def solved_rules(seen: Situation) -> bool:
    """True when the table plays the order of bids and the calls the strategy file was solved for."""
    rules = seen.settings
    return (rules.raise_rule == "quantity_or_face" and not rules.bids_on_ones and not rules.spot_on
            and not seen.palifico)


def endgame_moves(seen: Situation) -> list[tuple[Move, float]] | None:
    """The equilibrium distribution for the player to act, or None when the position is not a solved endgame."""
    if len(seen.in_game) != 2 or not seen.to_act or not solved_rules(seen):
        return None
    opener_dice = seen.counts[seen.bids[0][0]] if seen.bids else len(seen.dice)
    name = f"{opener_dice}v{seen.total - opener_dice}-{'wild' if seen.wild else 'plain'}"
    table = strategy_table(name)
    if table is None:
        return None
    cut = manifest()["games"][name]["max_depth"]
    if cut is not None and len(seen.bids) >= cut:
        return [(LIAR, 1.0)]
    key = "".join(map(str, sorted(seen.dice))) + "|" + ",".join(f"{q}x{f}" for _, (q, f) in seen.bids)
    entry = table.get(key)
    if entry is None:
        return None
    return normalise({LIAR if k == LIAR else _bid(k): p for k, p in entry.items()})


def _bid(key: str) -> tuple[int, int]:
    quantity, face = key.split("x")
    return int(quantity), int(face)
