"""Every level acts legally under every house rule; policy() is an honest distribution over legal actions."""
from __future__ import annotations

import ast
import copy
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games.liars_dice.arena import run_arena
from referee.games.liars_dice.arena_turns import parse
from referee.games.liars_dice.bots.base import legal_moves, own_count
from referee.games.liars_dice.bots.registry import LEVELS, make_bot
from referee.games.liars_dice.rules import PRESETS, MakeBid, apply, legal_actions

from .helpers import deciding_seats, house_settings, positions, random_position, view_of
from tests.support.properties import examples

LEVEL_NAMES = sorted(LEVELS)


@pytest.mark.parametrize("level", LEVEL_NAMES)
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions(), seed=st.integers(0, 2**31))
def test_every_level_acts_legally_and_within_its_policy_for_the_player_to_act_and_every_caller(level, state, seed):
    for seat in deciding_seats(state):
        view = view_of(state, seat)
        bot = make_bot(level, seed=seed)
        policy = bot.policy(view)
        assert abs(sum(p for _, p in policy) - 1) < 1e-9
        assert all(p > 0 for _, p in policy)
        for action, _ in policy:
            move = parse(seat, action)
            if move is None:
                assert seat != state.turn, "only a seat that is not to act may answer no call"
            else:
                apply(state, move)
        assert bot.act(view) in [a for a, _ in policy]


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions())
def test_legal_moves_are_exactly_the_engines_actions_for_the_seat(state):
    for seat in deciding_seats(state):
        engine = [a for a in legal_actions(state) if a.seat == seat]
        ours = [parse(seat, {"type": m} if isinstance(m, str) else {"type": "bid", "quantity": m[0], "face": m[1]})
                for m in legal_moves(view_of(state, seat))]
        assert sorted(map(repr, ours)) == sorted(map(repr, engine))
        assert [a for a in ours if isinstance(a, MakeBid)] == [a for a in engine if isinstance(a, MakeBid)]


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=house_settings(max_dice=4), players=st.integers(2, 5), seed=st.integers(0, 2**20),
       line_up=st.lists(st.sampled_from(["random", "easy", "medium", "strong"]), min_size=5, max_size=5))
def test_random_games_under_random_house_rules_with_every_level_have_no_illegal_action(rules, players, seed, line_up):
    report = run_arena(line_up[:players], games=2, seed=seed, settings=rules)
    assert sum(b["wins"] for b in report["bots"]) == 2
    assert [b["illegal_actions"] for b in report["bots"]] == [0] * players


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_every_preset_without_an_illegal_action(preset):
    report = run_arena(["strong", "medium", "easy", "random"], games=4, seed=3, settings=PRESETS[preset])
    assert [b["illegal_actions"] for b in report["bots"]] == [0, 0, 0, 0]


@settings(max_examples=examples(200), deadline=None)
@given(state=positions(), seed=st.integers(0, 2**31))
def test_easy_never_calls_a_bid_its_own_dice_make_true_as_the_round_counts(state, seed):
    for seat in deciding_seats(state):
        view = view_of(state, seat)
        if not view["bids"]:
            return
        standing = view["bids"][-1]
        wild = state.settings.wild_ones and not state.palifico
        if own_count(view["dice"], standing["face"], wild) >= standing["quantity"]:
            assert {"type": "liar"} not in [a for a, _ in make_bot("easy", seed=seed).policy(view)]


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_a_bot_is_deterministic_for_its_seed(level):
    states = [random_position(i, PRESETS[name], 4, i % 5) for i in range(30) for name in sorted(PRESETS)]
    views = [view_of(s, seat) for s in states for seat in deciding_seats(s)]
    first = [make_bot(level, seed=11).act(v) for v in views]
    assert [make_bot(level, seed=11).act(v) for v in views] == first


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_a_bot_reads_only_the_view_and_leaves_it_unchanged(level):
    state = random_position(5, PRESETS["perudo"], 3, 2)
    view = view_of(state, state.turn)
    before = copy.deepcopy(view)
    others_changed = replace(state, hands=tuple(h if s == state.turn else tuple(7 - d for d in h)
                                                for s, h in zip(state.seats, state.hands)))
    assert view_of(others_changed, state.turn) == view
    assert make_bot(level, seed=3).policy(view) == make_bot(level, seed=3).policy(view_of(others_changed, state.turn))
    make_bot(level, seed=3).act(view)
    assert view == before


def test_bots_import_only_the_rules_and_themselves():
    """And ``referee.blocking``, which imports nothing of the project: where a server reads their solved files."""
    allowed = ("referee.games.liars_dice.rules", "referee.games.liars_dice.bots", "referee.blocking")
    for path in Path("referee/games/liars_dice/bots").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("referee"):
                assert node.module.startswith(allowed), f"{path} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("referee") and not a.name.startswith(allowed) for a in node.names)
