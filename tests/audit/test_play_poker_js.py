"""The browser's verifier (static/js/fairness.js and audit_play.js, through node) and the Python one agree
check for check on poker-dice evenings: the same steps, verdicts and messages in the same order, and the
same line per game, for every honest evening of ``test_play_poker`` and random ones, and for every
forgery of ``poker_tampers``."""
from __future__ import annotations

import pytest

from referee.fairness.verify import verify_export

from . import bracket_tampers, poker_tampers
from .node_verifier import node_verdicts
from .poker_logs import poker_evening
from .test_play import play_checks
from .test_play_house_js import as_rows
from .test_play_poker import DRAWN, DRAWN_FORGED, EVENINGS

RANDOM = {f"random {seed}": dict(seed=seed, players=2 + seed % 4, settle=bool(seed % 2), in_play=seed if seed % 3 else None,
                                 rules={"tokens": 1 + seed % 3, "two_games": seed % 2 == 0, "turn_timer_s": 0})
          for seed in range(10, 16)}
FORGED = [(name, "bracket of three", tamper) for name, tamper in poker_tampers.BRACKET.items()] + [
    (name, "two games with a decider", tamper) for name, tamper in poker_tampers.TWO_GAMES.items()] + [
    (name, DRAWN_FORGED, tamper) for name, tamper in poker_tampers.DRAWN.items()] + [
    (name, DRAWN_FORGED, tamper) for name, tamper in bracket_tampers.SHUFFLED.items()]


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    """name -> {export, expected (the words of a forgery's failure, None when honest), js (node's verdict)}."""
    exports, expected = {}, {}
    for name, args in {**EVENINGS, **DRAWN, **RANDOM}.items():
        exports[name], expected[name] = poker_evening(**args).forger().export(), None
    for name, evening, tamper in FORGED:
        forger = poker_evening(**{**EVENINGS, **DRAWN}[evening]).forger()
        expected[name] = tamper(forger)
        exports[name] = forger.export()
    verdicts = node_verdicts(exports, tmp_path_factory.mktemp("play-poker-js"))
    return {name: {"export": export, "expected": expected[name], "js": verdicts[name]} for name, export in exports.items()}


@pytest.mark.parametrize("name", [*EVENINGS, *DRAWN, *RANDOM, *(name for name, _, _ in FORGED)])
def test_js_and_python_make_the_same_checks_of_a_poker_evening(cases, name):
    case = cases[name]
    python = verify_export(case["export"])

    assert case["js"]["play"] == as_rows(play_checks(case["export"]))
    assert case["js"]["all"] == as_rows(python)
    assert case["js"]["summary"] == python.summary
    assert case["js"]["ok"] is python.ok is (case["expected"] is None), [str(c) for c in python.failures]
    if case["expected"] is not None:
        assert any(case["expected"] in message for _, ok, message in case["js"]["all"] if not ok)
