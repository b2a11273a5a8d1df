"""Every level returns a legal action in any setting; policy() is an honest distribution over legal actions."""
from __future__ import annotations

import ast
import copy
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.bots.base import own_count
from referee.bots.registry import LEVELS, make_bot
from referee.rules import Bid, CallLiar, MakeBid, apply
from referee.views import game_view

from .helpers import random_position

positions = st.builds(
    random_position, seed=st.integers(0, 10**9), dice=st.integers(1, 10), players=st.integers(2, 8),
    wild=st.booleans(), bids=st.integers(0, 12),
)


def as_engine_action(seat, action):
    if action == {"type": "liar"}:
        return CallLiar(seat)
    assert set(action) == {"type", "quantity", "face"} and action["type"] == "bid"
    return MakeBid(seat, Bid(action["quantity"], action["face"]))


@pytest.mark.parametrize("level", sorted(LEVELS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions, seed=st.integers(0, 2**31))
def test_every_level_acts_legally_and_within_its_policy(level, state, seed):
    view = game_view(state, state.turn)
    bot = make_bot(level, seed=seed)
    policy = bot.policy(view)
    assert abs(sum(p for _, p in policy) - 1) < 1e-9
    assert all(p > 0 for _, p in policy)
    for action, _ in policy:
        apply(state, as_engine_action(state.turn, action))
    action = bot.act(view)
    assert action in [a for a, _ in policy]
    apply(state, as_engine_action(state.turn, action))


@settings(max_examples=200, deadline=None)
@given(state=positions, seed=st.integers(0, 2**31))
def test_easy_never_calls_a_bid_its_own_dice_make_true(state, seed):
    view = game_view(state, state.turn)
    if not view["bids"]:
        return
    standing = view["bids"][-1]
    if own_count(view["dice"], standing["face"], view["rules"]["wild_ones"]) >= standing["quantity"]:
        assert {"type": "liar"} not in [a for a, _ in make_bot("easy", seed=seed).policy(view)]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_bot_is_deterministic_for_its_seed(level):
    views = [game_view(s, s.turn) for s in (random_position(i, 5, 4, True, i % 5) for i in range(30))]
    first = [make_bot(level, seed=11).act(v) for v in views]
    assert [make_bot(level, seed=11).act(v) for v in views] == first


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_bot_reads_only_the_view_and_leaves_it_unchanged(level):
    state = random_position(5, 4, 3, True, 2)
    view = game_view(state, state.turn)
    before = copy.deepcopy(view)
    others_changed = replace(state, hands=tuple(h if s == state.turn else tuple(7 - d for d in h)
                                                for s, h in zip(state.seats, state.hands)))
    assert game_view(others_changed, state.turn) == view
    assert make_bot(level, seed=3).policy(view) == make_bot(level, seed=3).policy(game_view(others_changed, state.turn))
    make_bot(level, seed=3).act(view)
    assert view == before


def test_bots_import_only_the_rules_and_themselves():
    allowed = ("referee.rules", "referee.bots")
    for path in Path("referee/bots").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("referee"):
                assert node.module.startswith(allowed), f"{path} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("referee") and not a.name.startswith(allowed) for a in node.names)
