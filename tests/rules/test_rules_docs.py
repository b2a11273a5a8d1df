"""docs/rules.md is checked against the engine: its house-rule table lists every switch of
``Settings``, with the default first and exactly the values the engine accepts, and its
preset table names every preset."""
from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from referee.games.liars_dice.rules import PRESETS, Settings
from referee.games.liars_dice.rules.settings import BOOLEANS, CHOICES, INT_RANGES

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def _switch_rows() -> dict[str, str]:
    """``{switch: values cell}`` from the table under "House rules"."""
    section = RULES_MD.read_text(encoding="utf-8").split("## House rules", 1)[1].split("###", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]+) \|", section, flags=re.MULTILINE)
    return {name: values.strip() for name, values in rows}


def _documented(values: str) -> tuple[object, list[object]]:
    """The default and every value from a cell like ``5; 1–10``, ``true / false`` or `` `a` / `b` ``."""
    ranged = re.fullmatch(r"(\d+); (\d+)–(\d+)", values)
    if ranged:
        default, low, high = map(int, ranged.groups())
        return default, list(range(low, high + 1))
    words = [word.strip().strip("`") for word in values.split("/")]
    parsed: list[object] = [{"true": True, "false": False}.get(word, word) for word in words]
    return parsed[0], parsed


def test_the_house_rule_table_lists_every_switch_of_the_engine_in_order() -> None:
    assert list(_switch_rows()) == [f.name for f in fields(Settings)]


def test_each_documented_default_and_value_set_is_the_engines() -> None:
    defaults = Settings()
    for name, cell in _switch_rows().items():
        default, values = _documented(cell)
        assert default == getattr(defaults, name), name
        if name in INT_RANGES:
            low, high = INT_RANGES[name]
            assert values == list(range(low, high + 1)), name
        elif name in BOOLEANS:
            assert sorted(values) == [False, True], name  # type: ignore[type-var]
        else:
            assert tuple(values) == CHOICES[name], name


def test_every_preset_is_documented() -> None:
    section = RULES_MD.read_text(encoding="utf-8").split("### Presets", 1)[1].split("###", 1)[0]
    assert re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE) == list(PRESETS)
