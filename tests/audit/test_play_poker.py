"""The verifier re-derives poker-dice evenings (docs/fairness.md, "Poker-dice evenings"): honest
evenings of two players, of three (a bracket with a bye), under ``two_games`` (a decider) and with a
round in play verify, as logged before starters were drawn and as logged since (``DRAWN``); every
forgery of ``poker_tampers`` fails with its words; random honest evenings always verify; ``referee
verify`` prints a line per game."""
from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from referee.fairness.verify import verify_export
from referee.fairness.verify import verify_main

from . import bracket_tampers, poker_tampers
from .poker_logs import poker_evening
from tests.support.properties import examples

TWO_GAMES = {"tokens": 2, "two_games": True, "turn_timer_s": 0}
EVENINGS = {
    "two players": dict(seed=1, players=2),
    "bracket of three": dict(seed=2, players=3, settle=True),
    "two games with a decider": dict(seed=7, players=2, rules=TWO_GAMES),
    "two evenings and a round in play": dict(seed=4, players=3, evenings=1, in_play=3),
    "five players, three tokens": dict(seed=5, players=5, rules={"tokens": 3, "turn_timer_s": 0}),
    "tokens kept level to the bound": dict(seed=6, players=2, settle=True, level=True),
}


DRAWN = {f"{name}, starters drawn": dict(args, drawn=True) for name, args in EVENINGS.items()}
"""The same evenings as the table logs them since each match's first starter is drawn."""
DRAWN_FORGED = "two evenings and a round in play, starters drawn"
"""The evening every forgery of ``poker_tampers.DRAWN`` forges."""


def export(name: str):  # noqa: ANN201 - an export dict
    return poker_evening(**{**EVENINGS, **DRAWN}[name]).forger().export()


@pytest.mark.parametrize("name", [*EVENINGS, *DRAWN])
def test_an_honest_poker_evening_verifies(name):
    report = verify_export(export(name))

    assert report.ok, [str(c) for c in report.failures]
    assert any("as the bracket and match give" in c.message or "as it gives" in c.message for c in report.checks)


def test_the_decider_is_started_by_game_two_s_winner():
    report = verify_export(export("two games with a decider"))

    assert [line.split(":")[0] for line in report.summary] == ["game 1", "game 2", "game 3"]
    game_two_winner = report.summary[1].split("seat ")[-1].split(" wins")[0]
    assert report.summary[2].split("(seat ")[1].startswith(game_two_winner)


def test_a_round_in_play_is_not_yet_revealed_not_a_failure():
    report = verify_export(export("two evenings and a round in play"))

    assert report.ok
    assert "in play: the round's dice are not yet revealed" in report.checks[-1].message or any(
        "not yet revealed" in c.message for c in report.checks)
    assert report.summary[-1].endswith("checked") and "in play" in report.summary[-1]


@pytest.mark.parametrize("name", sorted(poker_tampers.BRACKET))
def test_a_forged_bracket_evening_fails_with_the_forgery_named(name):
    forger = poker_evening(**EVENINGS["bracket of three"]).forger()
    words = poker_tampers.BRACKET[name](forger)

    report = verify_export(forger.export())

    assert not report.ok
    assert any(words in str(c) for c in report.failures), (words, [str(c) for c in report.failures])


@pytest.mark.parametrize("name", sorted(poker_tampers.TWO_GAMES))
def test_a_forged_two_game_match_fails_with_the_forgery_named(name):
    forger = poker_evening(**EVENINGS["two games with a decider"]).forger()
    words = poker_tampers.TWO_GAMES[name](forger)

    report = verify_export(forger.export())

    assert any(words in str(c) for c in report.failures), (words, [str(c) for c in report.failures])


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), tokens=st.integers(1, 3), two_games=st.booleans(),
       in_play=st.none() | st.integers(0, 6))
def test_random_honest_poker_evenings_always_verify(seed, players, tokens, two_games, in_play):
    rules = {"tokens": tokens, "two_games": two_games, "turn_timer_s": 0}
    log = poker_evening(seed=seed, players=players, rules=rules, settle=seed % 2 == 0, in_play=in_play)

    report = verify_export(log.forger().export())

    assert report.ok, [str(c) for c in report.failures]
    assert len(report.summary) == sum(1 for e in log.events.entries(log.table_id) if e.kind == "game_started")


def test_referee_verify_prints_a_line_per_poker_game(tmp_path):
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(export("bracket of three")))
    out = io.StringIO()

    assert verify_main([str(path)], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("game 1: seats 0, 1 (seat 0 opens): seat ") and lines[0].endswith("rounds checked")
    assert lines[1].startswith("game 2: seats ") and lines[-1].startswith("OK: all ")


def test_a_game_that_meets_its_bound_verifies_and_says_so():
    report = verify_export(export("tokens kept level to the bound"))

    assert report.ok, [str(c) for c in report.failures]
    assert any("the game has reached its bound of 500 rounds: seat" in c.message for c in report.checks)
    assert report.summary[0].endswith("501 rounds checked") or report.summary[0].endswith("500 rounds checked")


def test_a_drawn_starter_is_checked_against_its_draw_and_an_old_evening_is_not_asked_for_one():
    drawn, old = verify_export(export(DRAWN_FORGED)), verify_export(export("two evenings and a round in play"))
    starts = [c.message for c in drawn.checks if "starts, as the draw names" in c.message]
    assert len(starts) == 3  # the first game of each of evening 1's two matches, and of evening 2's first
    assert all("(poker_starter of game" in message for message in starts)
    assert not any("starter" in c.message for c in old.checks)  # logged before: the pairing's first seat starts
    assert old.ok and drawn.ok


@pytest.mark.parametrize("name", sorted(poker_tampers.DRAWN))
def test_a_forged_drawn_starter_fails_with_the_forgery_named(name):
    forger = poker_evening(**DRAWN[DRAWN_FORGED]).forger()
    words = poker_tampers.DRAWN[name](forger)
    report = verify_export(forger.export())

    assert not report.ok
    assert any(words in c.message for c in report.failures), [str(c) for c in report.failures]


def test_a_drawn_bracket_is_checked_against_its_draw_and_an_old_evening_of_three_says_it_was_not():
    drawn, old = verify_export(export(DRAWN_FORGED)), verify_export(export("two evenings and a round in play"))
    orders = [c.message for c in drawn.checks if "orders the bracket" in c.message]
    assert len(orders) == 2 and all(message.startswith("seq ") and "draw 1 of game " in message for message in orders)
    assert not any("orders the bracket" in c.message for c in old.checks)
    assert sum("the bracket pairs the entrants in seat order" in c.message for c in old.checks) == 2
    assert not any("seat order" in c.message for c in drawn.checks)
    assert old.ok and drawn.ok


@pytest.mark.parametrize("name", sorted(bracket_tampers.SHUFFLED))
def test_a_forged_drawn_bracket_fails_with_the_forgery_named(name):
    forger = poker_evening(**DRAWN[DRAWN_FORGED]).forger()
    words = bracket_tampers.SHUFFLED[name](forger)
    report = verify_export(forger.export())

    assert not report.ok
    assert any(words in c.message for c in report.failures), [str(c) for c in report.failures]
