"""The solved heads-up endgames: the vectorised CFR+ converges, the shipped files are what their manifest
says, a best response gains no more than the stated exploitability, and the strong bot plays them."""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import random
import subprocess
import sys
from dataclasses import replace

import pytest

from referee.games.liars_dice.bots.base import LIAR
from referee.games.liars_dice.bots.endgame import endgame_moves
from referee.games.liars_dice.bots.situation import Situation
from referee.games.liars_dice.bots.cfr_numpy import Solver
from referee.games.liars_dice.bots.cfr_tree import Tree
from referee.games.liars_dice.bots.endgame import ENDGAMES_DIR, manifest, strategy_table
from referee.games.liars_dice.bots.endgame_build import ENDGAMES, Endgame, encode, solve
from referee.games.liars_dice.bots.roundgame import RoundGame, best_response
from referee.games.liars_dice.bots.strong import StrongBot
from referee.games.liars_dice.rules import PRESETS, Bid, bid_order
from tests.bots.test_strong import heads_up_view

ONE_V_ONE = -7 / 327
"""The opener's value of one die each under the `tavern` rules (issue 14)."""


def test_the_solver_converges_on_the_one_die_each_game_value():
    solver = Solver(Tree(RoundGame((1, 1), wild=True)))
    solver.run(400)
    average = solver.average()
    assert abs(solver.value(average) - ONE_V_ONE) < 5e-4
    assert 0 <= solver.exploitability(average) < 5e-4


def test_a_uniform_strategy_is_far_from_the_equilibrium():
    solver = Solver(Tree(RoundGame((1, 1), wild=True)))
    assert solver.exploitability(solver.current()) > 0.2


@pytest.mark.parametrize("wild", [True, False])
def test_the_numpy_best_response_agrees_with_the_tree_walk_of_roundgame(wild):
    game = RoundGame((1, 1), wild=wild)
    table, report = solve(Endgame((1, 1), wild, iterations=8))      # far from the equilibrium
    walked = (best_response(game, as_strategy(game, table), 0) + best_response(game, as_strategy(game, table), 1)) / 2
    assert report["exploitability"] > 0.01
    assert walked == pytest.approx(report["exploitability"], abs=2e-5)


def test_every_shipped_endgame_is_in_the_manifest_and_matches_its_hash():
    games = manifest()["games"]
    assert set(games) == {spec.name for spec in ENDGAMES}
    for name, entry in games.items():
        data = (ENDGAMES_DIR / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"] and len(data) == entry["bytes"]
        content = json.loads(gzip.decompress(data))
        assert content["game"] == name and content["version"] == manifest()["version"]
        assert len(content["table"]) == entry["information_sets"]
        for moves in content["table"].values():     # thousandths, less the moves dropped below the floor
            assert moves and all(isinstance(v, int) and v > 0 for v in moves.values())
            assert 900 < sum(moves.values()) <= 1000 + len(moves)


@pytest.mark.parametrize("name,target", [("2v1-wild", 0.005), ("1v2-plain", 0.02)])
def test_a_best_response_to_the_shipped_table_wins_no_more_than_the_manifest_says(name, target):
    entry = manifest()["games"][name]
    opener, other = (int(n) for n in name.split("-")[0].split("v"))
    game = RoundGame((opener, other), wild=name.endswith("wild"))
    play = as_strategy(game, strategy_table(name))
    gap = (best_response(game, play, 0) + best_response(game, play, 1)) / 2
    assert gap <= entry["exploitability"] + 1e-4 and entry["exploitability"] <= target


@pytest.mark.parametrize("name", sorted(spec.name for spec in ENDGAMES))
def test_every_move_of_a_shipped_table_is_one_the_rules_accept_there(name):
    """Keys are a hand of the player to act and a history of raises; every move is a raise of the
    standing bid (the engine's order for the table's rules) or, once a bid stands, Liar."""
    spec = next(spec for spec in ENDGAMES if spec.name == name)
    settings = replace(PRESETS["tavern"], wild_ones=spec.wild)
    total = sum(spec.dice)
    hands = [{"".join(map(str, hand)) for hand, _ in RoundGame(spec.dice, spec.wild).hands[p]} for p in (0, 1)]
    for key, moves in strategy_table(name).items():
        hand, _, history = key.partition("|")
        bids = [Bid(*map(int, bid.split("x"))) for bid in history.split(",")] if history else []
        if spec.max_depth is not None:
            assert len(bids) < spec.max_depth, "no entry on the cut"
        assert hand in hands[len(bids) % 2]
        order = bid_order(settings, palifico=False, one_die=len(hand) == 1)
        standing = None
        for bid in bids:
            assert order.is_raise(standing, bid, total_dice=total), key
            standing = bid
        for move in moves:
            assert standing is not None if move == LIAR else \
                order.is_raise(standing, Bid(*map(int, move.split("x"))), total_dice=total), (key, move)


def test_the_two_dice_each_tables_are_small_and_read_only_when_a_position_of_theirs_comes_up():
    strategy_table.cache_clear()
    view = heads_up_view(0, [3, 6], (2, 2), [], rules={"wild_ones": False})
    assert endgame_moves(Situation.from_view({**view, "dice_counts": {"0": 2, "1": 1}, "total_dice": 3}))
    assert strategy_table.cache_info().currsize == 1                 # 2 v 1 only
    assert endgame_moves(Situation.from_view(view))
    assert strategy_table.cache_info().currsize == 2
    assert all(manifest()["games"][name]["bytes"] < 1_000_000 for name in ("2v2-wild", "2v2-plain"))


@pytest.mark.parametrize("wild", [True, False])
def test_past_the_cut_of_two_dice_each_strong_calls_as_the_cut_game_was_solved(wild):
    bids = [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2)]
    view = heads_up_view(0, [2, 2], (2, 2), bids, rules={"wild_ones": wild})
    assert strategy_table(f"2v2-{'wild' if wild else 'plain'}").get("22|" + ",".join(f"{q}x{f}" for q, f in bids)) is None
    assert policy_of(StrongBot(seed=0), view) == {"liar": 1.0}
    assert policy_of(StrongBot(seed=0), heads_up_view(1, [2, 2], (2, 2), bids[:5] + [(2, 3), (3, 2)],
                                                      rules={"wild_ones": wild})) == {"liar": 1.0}


def test_a_cut_table_rebuilt_gives_the_same_bytes():
    spec = Endgame((2, 2), False, iterations=5, max_depth=3)
    assert encode(spec, solve(spec)[0]) == encode(spec, solve(spec)[0])


REBUILD = """
import hashlib, json
from referee.games.liars_dice.bots.endgame_build import ENDGAMES, encode, solve
spec = next(spec for spec in ENDGAMES if spec.name == "1v1-wild")
table, report = solve(spec)
print(json.dumps({"sha256": hashlib.sha256(encode(spec, table)).hexdigest(), "keys": sorted(table), **report}))
"""


def test_a_rebuild_solves_the_same_game_as_well_as_the_shipped_file():
    """Rebuilt as `make endgames` builds it (a process of its own, one BLAS thread). On the processor
    that built the file the bytes are the same; on another, numpy's and BLAS's kernels round single
    precision differently, CFR+ amplifies it over its iterations, and a few probabilities differ by a
    few hundredths: the rebuild must then reach the same information sets, value and exploitability."""
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    rebuilt = json.loads(subprocess.run([sys.executable, "-c", REBUILD], capture_output=True, text=True, env=env,
                                        timeout=600, check=True).stdout)
    shipped = manifest()["games"]["1v1-wild"]
    assert rebuilt["keys"] == sorted(strategy_table("1v1-wild"))
    same = ("iterations", "histories", "information_sets")
    assert {key: rebuilt[key] for key in same} == {key: shipped[key] for key in same}
    assert abs(rebuilt["opener_value"] - shipped["opener_value"]) <= 2e-5
    assert abs(rebuilt["exploitability"] - shipped["exploitability"]) <= 2e-5


def shipped_distribution(name, hand, bids):
    entry = strategy_table(name)["".join(map(str, sorted(hand))) + "|" + ",".join(f"{q}x{f}" for q, f in bids)]
    total = sum(entry.values())
    return {k: round(v / total, 6) for k, v in entry.items()}


def policy_of(bot, view):
    return {f"{a['quantity']}x{a['face']}" if a["type"] == "bid" else a["type"]: round(p, 6)
            for a, p in bot.policy(view)}


def watch_games(bot, games, seed=3):
    """Reveals of ``games`` heads-up rounds in which seat 1 bids wildly above its dice, then game ends."""
    rng = random.Random(seed)
    for _ in range(games):
        bot.observe({"kind": "round_started", "data": {"total_dice": 10, "palifico": False}})
        hands = {s: [rng.randint(1, 6) for _ in range(5)] for s in (0, 1)}
        bot.observe({"kind": "bid", "data": {"seat": 1, "quantity": 6, "face": 2}})
        bot.observe({"kind": "bid", "data": {"seat": 0, "quantity": 6, "face": 3}})
        bot.observe({"kind": "liar", "data": {"seat": 1, "quantity": 6, "face": 3}})
        bot.observe({"kind": "revealed", "data": {"hands": {str(s): h for s, h in hands.items()}}})
    bot.observe({"kind": "game_over", "data": {}})


@pytest.mark.parametrize("name,hand,counts,bids", [
    ("2v1-wild", [3, 5], (2, 1), []),
    ("2v1-wild", [4], (2, 1), [(1, 4)]),
    ("1v2-wild", [2, 6], (1, 2), [(1, 6)]),
    ("2v2-wild", [1, 5], (2, 2), [(1, 5)]),
    ("2v1-plain", [6, 6], (2, 1), [(1, 6), (2, 1)]),
    ("2v2-plain", [3, 6], (2, 2), []),
    ("2v2-plain", [1, 5], (2, 2), [(1, 5)]),
])
def test_strong_plays_the_shipped_distribution_fresh_and_after_watching_200_games(name, hand, counts, bids):
    wild = name.endswith("wild")
    seat = len(bids) % 2
    view = heads_up_view(seat, hand, counts, bids, rules={"wild_ones": wild})
    expected = shipped_distribution(name, hand, bids)
    bot = StrongBot(seed=0)
    assert policy_of(bot, view) == expected
    watch_games(bot, 200)
    assert bot.honesty.pooled > 0, "the reveals were learnt"
    assert policy_of(bot, view) == expected


def as_strategy(game, table):
    """A shipped table as a ``roundgame.Strategy`` (no entry: the position is never reached by its own play)."""
    index = {f"{q}x{f}": i for i, (q, f) in enumerate(game.bids)} | {LIAR: LIAR}

    def strategy(player, hand, history):
        key = "".join(map(str, game.hands[player][hand][0])) + "|" + ",".join(
            f"{game.bids[b][0]}x{game.bids[b][1]}" for b in history)
        entry = table.get(key)
        if entry is None:
            return {}
        total = sum(entry.values())
        return {index[k]: v / total for k, v in entry.items()}
    return strategy
