"""The strong bot's hand-balanced play (issue 14): what an exact reader of its policy learns from its bids."""
from __future__ import annotations

import pytest

import numpy as np

from referee.games.liars_dice.bots.balance import UNBALANCED
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.strong import StrongBot
from tests.bots.test_strong import _reads_a_binomial_player, heads_up_view


@pytest.fixture(autouse=True)
def posterior_play(monkeypatch):
    """These tests hold strong's posterior play (3+ seats, the other house rules, and the heads-up rounds its
    bank pays for); heads-up under the tavern order it plays the equilibrium files (tests/bots/test_recall.py)."""
    monkeypatch.setattr("referee.games.liars_dice.bots.strong.recall_moves", lambda seen: None)

HANDS = hands_of(5)
PRIOR = np.array([w for _, w in HANDS])


class OldStrong(StrongBot):
    """The strong bot before issue 14: only exact ties mixed."""

    mix = UNBALANCED


def move_of(action):
    return (action["quantity"], action["face"]) if action["type"] == "bid" else action["type"]


def policies(bot, bids):
    """Per hand of five dice: the bot's distribution over moves, heads-up 5 v 5 after ``bids``."""
    seat = len(bids) % 2
    return [{move_of(a): p for a, p in bot.policy(heads_up_view(seat, hand, (5, 5), bids))} for hand, _ in HANDS]


def with_memory(cls, bids):
    """A bot of ``cls`` that has read its opponent as the binomial yardstick (table memory)."""
    bot = _reads_a_binomial_player(cls(seed=0), seat=1 - len(bids) % 2)
    bot.habits.pooled = 1
    return bot


def hands_left(per_hand, move):
    """Hands a reader still finds plausible after ``move`` (posterior ≥ 1 % of the likeliest hand's)."""
    weights = PRIOR * np.array([policy.get(move, 0.0) for policy in per_hand])
    return int((weights >= 0.01 * weights.max()).sum())


def frequent(per_hand, share=0.05):
    """The moves the bot makes at least ``share`` of the time here, over all hands."""
    moves = {m for policy in per_hand for m in policy}
    return [m for m in moves if sum(w * policy.get(m, 0.0) for w, policy in zip(PRIOR, per_hand)) >= share]


def test_after_its_opening_bid_a_reader_keeps_most_hands_and_the_old_policy_did_not():
    new, old = policies(with_memory(StrongBot, []), []), policies(with_memory(OldStrong, []), [])
    assert min(hands_left(new, m) for m in frequent(new)) >= 150
    assert min(hands_left(old, m) for m in frequent(old)) < 60


def test_answers_to_a_bid_keep_the_reader_wide_raises_and_calls_alike():
    bids = [(3, 4)]
    new, old = policies(with_memory(StrongBot, bids), bids), policies(with_memory(OldStrong, bids), bids)
    assert "liar" in frequent(new, share=0.03)                     # calls are a real part of its answers …
    assert min(hands_left(new, m) for m in frequent(new, share=0.03)) >= 40   # … and every answer keeps many hands
    assert min(hands_left(old, m) for m in frequent(old)) < 20


def test_the_same_bid_comes_from_value_hands_and_from_bluffs():
    per_hand = policies(with_memory(StrongBot, [(3, 4)]), [(3, 4)])
    sixes = {hand: sum(d in (1, 6) for d in hand) for hand, _ in HANDS}
    makes = [hand for (hand, _), policy in zip(HANDS, per_hand) if policy.get((3, 6), 0.0) > 0.0]
    assert any(sixes[hand] >= 3 for hand in makes) and any(sixes[hand] == 0 for hand in makes)


def test_calls_depend_on_the_hand_and_are_mixed():
    per_hand = policies(with_memory(StrongBot, [(3, 4)]), [(3, 4)])
    calls = {round(policy.get("liar", 0.0), 6) for policy in per_hand}
    assert len(calls) > 2                                   # not one answer to the public bid
    assert any(0.0 < p < 1.0 for p in calls)                # and mixed with raises for some hands


def test_policy_is_a_function_of_the_view_and_the_memory():
    events = [{"kind": "round_started", "data": {"round": 1, "opener": 1, "dice_counts": {"0": 5, "1": 5},
                                                 "total_dice": 10}},
              {"kind": "bid", "data": {"seat": 1, "quantity": 2, "face": 6}},
              {"kind": "bid", "data": {"seat": 0, "quantity": 3, "face": 6}},
              {"kind": "liar", "data": {"seat": 1, "quantity": 3, "face": 6}},
              {"kind": "revealed", "data": {"hands": {"0": [6, 6, 1, 2, 3], "1": [6, 4, 4, 5, 2]}}}]
    first, second = StrongBot(seed=1), StrongBot(seed=2)
    view = heads_up_view(0, [3, 3, 5, 6, 1], (5, 5), [(2, 4)])
    first.policy(view)                                      # a cached position does not change the answer
    for event in events:
        first.observe(event)
        second.observe(event)
    assert first.policy(view) == second.policy(view) == first.policy(view)
    assert first.policy(view) != StrongBot(seed=1).policy(view)     # what it learnt counts
    total = sum(p for _, p in first.policy(view))
    assert abs(total - 1.0) < 1e-9
