"""The poker page's pure modules run in node against the engine (referee/games/poker_bluff/rules):
static/js/games/poker_bluff/picker_rules.js orders the declarations as declarations.py does, its picker (kind,
then one face per group) reaches exactly ``higher_than(last)`` for every ``last``, and tapping dice
reaches exactly the engine's ``keep_choices``; the picker starts on what the cup truly holds when it
opens the round and on the least raise when it answers a declaration (never on "a one" by default); poker_page_words.js words every declaration in
English and in Russian, each differently.
"""
from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from referee.games.poker_bluff.rules import (ALL, Declaration, declarations_in, Phase, PlacedDeclaration, PokerSettings, higher_than,
                                       keep_choices, keepable, new_game)

NODE = shutil.which("node")
CHECK = Path(__file__).parent / "js" / "poker_page_check.mjs"
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def keeping_state(rng: random.Random) -> tuple[tuple[int, ...], Declaration]:
    """A cup of five dice and a declaration to keep dice of: often one the cup (partly) holds."""
    cup = tuple(rng.randint(1, 6) for _ in range(5))
    declaration = rng.choice(ALL if rng.random() < 0.3 else [d for d in ALL if keepable(d, cup)])
    return cup, declaration


@pytest.fixture(scope="module")
def job(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if NODE is None:
        pytest.fail("node is not installed: run `make test`, which installs Debian's nodejs")
    rng = random.Random(10)
    lasts: list[Declaration | None] = [None, *ALL]
    keeps = [keeping_state(rng) for _ in range(300)] + [((4, 4, 4, 4, 4), Declaration("five", (4,)))]
    cups = [tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(200)] + [(1, 2, 3, 4, 6), (6, 6, 6, 2, 2), (1, 1, 1, 1, 1)]
    starts = [(None, cup) for cup in cups] + [(rng.choice(ALL), cup) for cup in cups[:100]] + [(ALL[-1], cups[0])]
    body = {"lasts": [None if d is None else d.to_dict() for d in lasts],
            "keeps": [{"cup": list(cup), "keepable": list(keepable(d, cup))} for cup, d in keeps],
            "starts": [{"last": None if last is None else last.to_dict(), "cup": list(cup)} for last, cup in starts]}
    path = tmp_path_factory.mktemp("poker-page-js") / "job.json"
    path.write_text(json.dumps(body))
    done = subprocess.run([NODE, str(CHECK), str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return {"lasts": lasts, "keeps": keeps, "starts": starts, "js": json.loads(done.stdout)}


def test_the_page_orders_the_declarations_as_the_engine(job: dict[str, Any]) -> None:
    assert job["js"]["all"] == [d.text for d in ALL]
    assert len(job["js"]["all"]) == 192


def test_the_picker_offers_exactly_the_declarations_that_beat_the_last(job: dict[str, Any]) -> None:
    for last, picked, higher in zip(job["lasts"], job["js"]["picked"], job["js"]["higher"]):
        expected = [d.text for d in higher_than(last)]
        assert picked == expected, last
        assert higher == expected, last
    assert job["js"]["picked"][-1] == [], "nothing beats five sixes"


def test_tapping_dice_sets_aside_exactly_what_the_engine_lets_keep(job: dict[str, Any]) -> None:
    kinds = set()
    for (cup, declaration), found in zip(job["keeps"], job["js"]["keeps"]):
        state = replace(new_game(PokerSettings(), (0, 1), 0), phase=Phase.KEEPING, holder=1, cup=cup,
                        declarations=(PlacedDeclaration(0, declaration),))
        assert sorted(map(tuple, found)) == sorted(keep_choices(state)), (cup, declaration.text)
        kinds.add(len(keep_choices(state)))
    assert max(kinds) > 8 and 1 in kinds, "the cups never (or always) let many dice be kept: the check proves little"


def test_every_declaration_has_its_own_words_in_both_languages(job: dict[str, Any]) -> None:
    for lang, words in job["js"]["words"].items():
        assert len(set(words)) == len(ALL), lang
        for text in words:
            assert "{" not in text and "face." not in text and "poker." not in text, text
            assert bool(CYRILLIC.search(text)) is (lang == "ru"), text
    assert job["js"]["words"]["en"][-1] == "five sixes"
    assert job["js"]["words"]["ru"][-1] == "пять шестёрок"


def test_the_picker_starts_on_the_cups_hand_when_opening_and_on_the_least_raise_when_answering(job: dict[str, Any]) -> None:
    for (last, cup), start in zip(job["starts"], job["js"]["starts"]):
        if last is None:
            assert start == declarations_in(cup)[-1].text, cup  # the strongest declaration true of the cup
        else:
            higher = higher_than(last)
            assert start == (higher[0].text if higher else None), (last.text, cup)
    opened = dict(zip([tuple(c) for l, c in job["starts"] if l is None], [s for (l, _), s in zip(job["starts"], job["js"]["starts"]) if l is None]))
    assert opened[(1, 2, 3, 4, 6)] == "6" and opened[(6, 6, 6, 2, 2)] == "6,6,6+2,2" and opened[(1, 1, 1, 1, 1)] == "1,1,1,1,1"
    assert job["js"]["starts"][-1] is None, "nothing beats five sixes: no start"
