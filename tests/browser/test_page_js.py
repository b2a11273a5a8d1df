"""The page's pure modules run in node against the engine: static/js/games/liars_dice/house_rules.js (the page's
view of the rules port, liars_dice_settings.js) offers the same switches, defaults, ranges, presets
and conflicts as referee/games/liars_dice/rules/settings.py, in the order of RULES.md A2, and
static/js/games/liars_dice/rules_summary.js words exactly the active settings, in English and Russian, for every
preset and many random settings (the badge line and the plain-language summary).
"""
from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from referee.games.liars_dice.rules import PRESETS, Settings
from referee.rules.errors import SettingsConflict
from referee.games.liars_dice.rules.settings import BOOLEANS, CHOICES, INT_RANGES, TABLE_SWITCHES

NODE = shutil.which("node")
CHECK = Path(__file__).parent / "js" / "page_check.mjs"
DEFAULTS = {f.name: f.default for f in fields(Settings)}
HOUSE_RULES = [name for name in DEFAULTS if name not in TABLE_SWITCHES]
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
A2_ORDER = ["dice_per_player", "max_players", "wild_ones", "bids_on_ones", "raise_rule", "challenge", "spot_on",
            "palifico", "loss", "duel_dice", "first_opener", "turn_timer_s"]
"""The switches as RULES.md A2 lists them: the options control and the summary follow this order."""


def random_switches(rng: random.Random) -> dict[str, Any]:
    """Every switch at a random value of its range (combinations that clash included)."""
    values: dict[str, Any] = {name: rng.randint(*INT_RANGES[name]) for name in INT_RANGES}
    values.update({name: rng.random() < 0.5 for name in BOOLEANS})
    values.update({name: rng.choice(choices) for name, choices in CHOICES.items()})
    values["dice_per_player"] = rng.choice([1, 2, 5, 7, values["dice_per_player"]])
    values["turn_timer_s"] = rng.choice([0, 1, 60, values["turn_timer_s"]])
    return values


def settings_or_conflict(values: dict[str, Any]) -> Settings | tuple[str, ...]:
    try:
        return Settings.from_dict(values)
    except SettingsConflict as conflict:
        return conflict.keys


SAMPLE_INTS = {"dice_per_player": (1, 2, 10), "max_players": (2, 8), "turn_timer_s": (0, 1, 90)}
LINES_THAT_READ_ANOTHER_SWITCH = {"bids_on_ones": {"wild_ones"}, "dice_per_player": {"spot_on"}}
"""The wild-ones line says whether ones may be bid; the spot-on line names the dice a caller may get back to."""


def one_switch_away(settings: Settings) -> list[Settings]:
    """The settings with one switch changed to each of its other values, where they combine."""
    near = []
    everything = {name: getattr(settings, name) for name in DEFAULTS}
    for name in DEFAULTS:
        values = (True, False) if name in BOOLEANS else CHOICES.get(name) or SAMPLE_INTS[name]
        for value in values:
            if value != everything[name] and isinstance(found := settings_or_conflict({**everything, name: value}), Settings):
                near.append(found)
    return near


@pytest.fixture(scope="module")
def job(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if NODE is None:
        pytest.fail("node is not installed: run `make test`, which installs Debian's nodejs")
    rng = random.Random(9)
    raw = [random_switches(rng) for _ in range(600)]
    valid = [found for found in map(settings_or_conflict, raw) if isinstance(found, Settings)]
    shown = list(PRESETS.values()) + [near for preset in PRESETS.values() for near in one_switch_away(preset)] + valid[:300]
    raw += [{name: getattr(preset, name) for name in DEFAULTS} for preset in PRESETS.values()]
    path = tmp_path_factory.mktemp("page-js") / "job.json"
    path.write_text(json.dumps({"raw": raw, "shown": [s.to_dict() for s in shown]}))
    done = subprocess.run([NODE, str(CHECK), str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return {"raw": raw, "shown": shown, "js": json.loads(done.stdout)}


# house_rules.js (over liars_dice_settings.js) against settings.py


def test_the_page_offers_every_switch_with_the_engines_default_and_range(job: dict[str, Any]) -> None:
    switches = {s["name"]: s for s in job["js"]["switches"]}
    assert list(switches) == A2_ORDER
    for name, default in DEFAULTS.items():
        assert switches[name]["default"] == default, name
    for name, (low, high) in INT_RANGES.items():
        assert (switches[name]["kind"], switches[name]["min"], switches[name]["max"]) == ("int", low, high)
    for name in BOOLEANS:
        assert switches[name]["kind"] == "bool"
    for name, choices in CHOICES.items():
        assert (switches[name]["kind"], tuple(switches[name]["values"])) == ("choice", choices)
    assert tuple(job["js"]["table_switches"]) == TABLE_SWITCHES


def test_the_pages_presets_are_the_engines(job: dict[str, Any]) -> None:
    assert job["js"]["presets"] == {name: {f: getattr(s, f) for f in DEFAULTS} for name, s in PRESETS.items()}


def test_the_page_finds_exactly_the_conflicts_the_engine_refuses(job: dict[str, Any]) -> None:
    clashing = 0
    for values, found in zip(job["raw"], job["js"]["conflicts"]):
        engine = settings_or_conflict(values)
        keys = tuple(sorted({key for conflict in found for key in conflict["keys"]}))
        assert keys == (() if isinstance(engine, Settings) else engine), values
        clashing += bool(keys)
    assert clashing > 50, "the random settings hardly ever clash: the check proves little"


def test_a_preset_with_the_pages_overrides_on_top_is_the_same_settings(job: dict[str, Any]) -> None:
    for values, near in zip(job["raw"], job["js"]["nearest"]):
        engine = settings_or_conflict(values)
        if not isinstance(engine, Settings):
            continue
        assert Settings.from_preset(near["preset"], near["overrides"]) == engine
        counts = {name: sum(getattr(p, f) != values[f] for f in DEFAULTS) for name, p in PRESETS.items()}
        assert len(near["overrides"]) == min(counts.values())
        logistics = {"max_players", "turn_timer_s"}
        exact = [name for name, p in PRESETS.items() if all(getattr(p, f) == values[f] for f in DEFAULTS if f not in logistics)]
        assert near["exact"] == (exact[0] if exact else None)


# rules_summary.js


def test_the_badge_names_the_dice_the_ones_and_every_house_rule_that_is_on(job: dict[str, Any]) -> None:
    for settings, shown in zip(job["shown"], job["js"]["shown"]):
        on = [name for name in HOUSE_RULES if getattr(settings, name) != DEFAULTS[name]]
        for lang, words in shown.items():
            parts = words["parts"]
            assert [p["switch"] for p in parts] == ["dice_per_player", "wild_ones", *on], (settings, lang)
            assert words["badge"] == " · ".join(p["text"] for p in parts)
            assert str(settings.dice_per_player) in parts[0]["text"]


def test_the_summary_says_every_choice_and_every_switch_that_is_on_and_none_that_is_off(job: dict[str, Any]) -> None:
    for settings, shown in zip(job["shown"], job["js"]["shown"]):
        expected = [(name, getattr(settings, name)) for name in (s["name"] for s in job["js"]["switches"])
                    if name not in BOOLEANS or name == "wild_ones" or getattr(settings, name)]
        for lang, words in shown.items():
            assert [(line["switch"], line["value"]) for line in words["summary"]] == expected, (settings, lang)


def test_every_text_is_a_whole_sentence_of_its_language(job: dict[str, Any]) -> None:
    for shown in job["js"]["shown"]:
        for lang, words in shown.items():
            texts = [words["badge"], words["title"], *(line["text"] for line in words["summary"])]
            for text in texts:
                assert "{" not in text and not re.search(r"\b(rules|unit)\.[a-z_.]+", text), text
                assert bool(CYRILLIC.search(text)) is (lang == "ru"), text


def test_each_value_of_a_switch_reads_differently(job: dict[str, Any]) -> None:
    """Change one switch of a preset: its own line changes (or comes or goes), and no other line
    changes but one that reads that switch too."""
    by_settings = {json.dumps(s.to_dict(), sort_keys=True): w for s, w in zip(job["shown"], job["js"]["shown"])}
    checked = 0
    for preset in PRESETS.values():
        base = by_settings[json.dumps(preset.to_dict(), sort_keys=True)]
        for near in one_switch_away(preset):
            words = by_settings[json.dumps(near.to_dict(), sort_keys=True)]
            (flipped,) = [name for name in DEFAULTS if getattr(near, name) != getattr(preset, name)]
            for lang in ("en", "ru"):
                before = {line["switch"]: line["text"] for line in base[lang]["summary"]}
                after = {line["switch"]: line["text"] for line in words[lang]["summary"]}
                changed = {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}
                assert flipped in changed, (preset, flipped, lang)
                assert changed - {flipped} <= LINES_THAT_READ_ANOTHER_SWITCH.get(flipped, set()), (preset, flipped, lang)
                checked += 1
    assert checked > 40


def test_a_preset_reads_as_its_name_and_a_changed_preset_as_house_rules(job: dict[str, Any]) -> None:
    shown = dict(zip((json.dumps(s.to_dict(), sort_keys=True) for s in job["shown"]), job["js"]["shown"]))
    titles = {name: shown[json.dumps(p.to_dict(), sort_keys=True)]["en"]["title"] for name, p in PRESETS.items()}
    assert titles == {"tavern": "The tavern rules", "kul_tiras": "The Kul Tiras rules", "perudo": "The Perudo rules"}
    kul_tiras = shown[json.dumps(Settings.from_preset("kul_tiras", {"duel_dice": True}).to_dict(), sort_keys=True)]
    assert kul_tiras["en"]["title"] == "House rules" and kul_tiras["ru"]["title"] == "Свои правила"
    assert kul_tiras["en"]["badge"] == "7 dice · ones not wild · face only goes up · anyone calls · loser is out · duel with dice · roll-off"


def test_the_options_control_has_its_words_in_both_catalogues(job: dict[str, Any]) -> None:
    """table_options.js names its keys from the switches (options.<switch>, its .hint, each choice),
    the presets and the conflicts: each is in English and in Russian."""
    folder = Path(__file__).resolve().parents[2] / "referee" / "web" / "catalog"
    catalogues = {lang: json.loads((folder / f"{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "ru")}
    keys = {f"options.preset.{name}" for name in PRESETS}
    for switch in job["js"]["switches"]:
        keys |= {f"options.{switch['name']}", f"options.{switch['name']}.hint"}
        keys |= {f"options.{switch['name']}.{value}" for value in switch.get("values", [])}
    conflict_ids = {conflict["id"] for found in job["js"]["conflicts"] for conflict in found}
    assert len(conflict_ids) == 5, conflict_ids
    keys |= {f"options.conflict.{conflict_id}" for conflict_id in conflict_ids}
    for lang, strings in catalogues.items():
        assert keys - strings.keys() == set(), lang
