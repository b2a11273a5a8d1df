"""The strong bot values its raises partly against a reader of its range (issue 14, ``Mix.reads``)."""
from __future__ import annotations

import pytest

from dataclasses import replace

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from referee.games.liars_dice.bots.balance import BALANCED, read_counts
from referee.games.liars_dice.bots.beliefs import FaceBelief
from referee.games.liars_dice.bots.raise_values import raise_values_by_count, read_raise_values
from referee.games.liars_dice.bots.strong import StrongBot
from tests.bots.test_balance import HANDS, PRIOR, policies, with_memory


@pytest.fixture(autouse=True)
def posterior_play(monkeypatch):
    """These tests hold strong's posterior play (3+ seats, the other house rules, and the heads-up rounds its
    bank pays for); heads-up under the tavern order it plays the equilibrium files (tests/bots/test_recall.py)."""
    monkeypatch.setattr("referee.games.liars_dice.bots.strong.recall_moves", lambda seen: None)


class Unread(StrongBot):
    """The strong bot valuing every raise against a caller who credits it a fixed number of dice."""

    mix = replace(BALANCED, reads=0.0)


def belief_of(next_count, rest):
    """A face belief with the next player's count distribution and the rest of the table's ``P(≥ k)``."""
    return FaceBelief([1.0], tuple(next_count), list(rest))


distributions = st.lists(st.floats(0.0, 1.0), min_size=2, max_size=4).filter(lambda p: sum(p) > 0) \
    .map(lambda p: [x / sum(p) for x in p])


@given(next_count=distributions, quantity=st.integers(1, 8), face=st.integers(2, 6), dice=st.integers(1, 3),
       threshold=st.floats(0.05, 0.95), rest=st.integers(0, 3))
def test_a_reader_sure_of_every_die_of_the_bidder_judges_like_a_caller_crediting_them_all(
        next_count, quantity, face, dice, threshold, rest):
    belief = belief_of(next_count, [1.0] + [0.5 ** k for k in range(1, rest + 1)])
    total = len(next_count) - 1 + dice + rest
    sure = [0.0] * dice + [1.0]
    assert read_raise_values((quantity, face), belief, total, True, 0.8, threshold, sure, dice) == \
        raise_values_by_count((quantity, face), belief, total, True, 0.8, threshold, dice, dice)


def test_a_raise_read_as_a_bluff_is_called_and_one_read_as_value_is_passed_on():
    belief = belief_of([0.5, 0.5], [1.0])                     # heads-up, 1 v 1: they hold a five or not
    bluff = read_raise_values((2, 5), belief, 2, True, 0.8, 0.5, [1.0, 0.0], 1)
    value = read_raise_values((2, 5), belief, 2, True, 0.8, 0.5, [0.0, 1.0], 1)
    assert bluff == [0.0, 0.5]                               # always called: wins only when both fives are there
    assert value == [0.4, 0.4]                               # called only by a player without a five, then false


def test_a_reader_concludes_from_which_hands_play_a_raise():
    counts = np.array([[0], [1], [2]])
    read = read_counts(np.array([0.25, 0.5, 0.25]), np.array([[0.0], [0.5], [1.0]]), counts, (0,), 2)
    assert read[0].round(3).tolist() == [0.0, 0.5, 0.5]


def test_against_a_reader_its_bluffs_keep_to_the_story_of_its_opening():
    """Strong opened on sixes and was raised to three fours: holding no six, the raise on sixes (the
    bid its range stands for) is a bluff it makes more often than a bot that ignores the reader."""
    line = [(2, 6), (3, 4)]
    sixes = np.array([sum(d in (1, 6) for d in hand) for hand, _ in HANDS])

    def bluffs(cls):
        per_hand = policies(with_memory(cls, line), line)
        made = np.array([policy.get((3, 6), 0.0) for policy in per_hand])
        return float((PRIOR * made)[sixes == 0].sum() / PRIOR[sixes == 0].sum())

    assert bluffs(StrongBot) > bluffs(Unread) > 0.0


def test_after_its_opening_and_its_answer_a_reader_keeps_most_hands():
    opening = policies(with_memory(StrongBot, []), [])
    line = [(2, 6), (3, 4)]
    answers = policies(with_memory(StrongBot, line), line)
    before = PRIOR * np.array([policy.get((2, 6), 0.0) for policy in opening])
    moves = {m for policy in answers for m in policy}
    for move in moves:
        weights = before * np.array([policy.get(move, 0.0) for policy in answers])
        if weights.sum() >= 0.05 * before.sum():            # the answers it makes at least 5 % of the time
            assert int((weights >= 0.01 * weights.max()).sum()) >= 150, move
