"""The standing-bid equilibria: the imperfect-recall CFR+ converges where it can be checked exactly, the
shipped files are what their manifest says and play only legal moves, and the strong bot plays them
heads-up (and only where they were solved for)."""
from __future__ import annotations

import gzip
import hashlib
import io

import numpy as np
import pytest

from referee.games.liars_dice.bots.base import LIAR
from referee.games.liars_dice.bots.recall import (RECALL_DIR, CorruptEquilibrium, manifest, memory_kind, recall_moves,
                                                  recall_policy, solved, use_directory)
from referee.games.liars_dice.bots.recall_build import MEMORY, SPECS, build, exploitability, shares, unpack
from referee.games.liars_dice.bots.recall_cfr import MEMORIES, RecallPolicy, RecallSolver, memory_of
from referee.games.liars_dice.bots.roundgame import RoundGame
from referee.games.liars_dice.bots.situation import Situation
from referee.games.liars_dice.bots.strong import StrongBot
from tests.bots.test_strong import heads_up_view

ONE_V_ONE = -7 / 327
"""The opener's value of one die each under the `tavern` rules (the whole round, perfect recall)."""


def test_the_abstraction_of_one_die_each_keeps_the_game_value_and_is_hard_to_exploit():
    solver = RecallSolver(RoundGame((1, 1), wild=True))
    solver.run(400)
    average = solver.average()
    assert abs(solver.value(average) - ONE_V_ONE) < 2e-3
    assert 0 <= exploitability(solver.game, average) < 0.03
    assert exploitability(solver.game, RecallSolver(solver.game).current()) > 0.2      # uniform play


def floored(policy: RecallPolicy, floor: float = 0.006) -> RecallPolicy:
    """``policy`` without its moves played less often than ``floor``, as the shipped files drop them: the
    exact best response then walks only what is played (a fraction of a second here instead of half a
    minute), and what it measures is what would be shipped."""
    def cut(rows: np.ndarray) -> np.ndarray:
        kept = np.where(rows >= floor, rows, 0)
        total = kept.sum(axis=-1, keepdims=True)
        return kept / np.where(total > 0, total, 1)
    return RecallPolicy(cut(policy.opening), (cut(policy.nodes[0]), cut(policy.nodes[1])))


def test_remembering_the_face_of_ones_own_last_bid_is_what_makes_the_plain_rounds_hard_to_exploit():
    """Without wild ones, a player who forgets that it bid the face now raised is read (issue 27's choice)."""
    gaps = {}
    for memory in MEMORIES:
        solver = RecallSolver(RoundGame((2, 1), wild=False), memory)
        solver.run(300)
        gaps[memory] = exploitability(solver.game, floored(solver.average()), memory)
    assert gaps["face"] < 0.01 < 0.1 < gaps["none"] and gaps["bid"] < 0.01


def test_a_rebuild_gives_the_shipped_bytes():
    spec = next(spec for spec in SPECS if spec.name == "1v2-plain")
    data, report = build(spec)
    entry = manifest()["games"]["1v2-plain"]
    assert hashlib.sha256(data).hexdigest() == entry["sha256"]
    assert report["exploitability"] == entry["exploitability"] <= 0.03


def test_every_round_up_to_five_dice_each_is_shipped_and_matches_its_hash():
    games = manifest()["games"]
    assert set(games) == {spec.name for spec in SPECS} and len(games) == 50
    assert manifest()["memory"] == MEMORY == "bid"          # the kind of an entry that names none
    assert {entry["memory"] for entry in games.values()} == {"bid"}
    for name, entry in games.items():
        data = (RECALL_DIR / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"] and len(data) == entry["bytes"]
    assert sum(entry["bytes"] for entry in games.values()) < 16_000_000     # 15.0 MB: 5 v 5 is 3.2, 5 dice v fewer 8.4


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_every_shipped_row_is_a_distribution_over_the_legal_moves(spec):
    game = RoundGame(spec.dice, spec.wild)
    flat = np.load(io.BytesIO(gzip.decompress((RECALL_DIR / manifest()["games"][spec.name]["file"]).read_bytes())))
    policy = unpack(game, flat, MEMORY)
    n = len(game.bids)
    assert (policy.opening.sum(axis=1) > 0).all()
    memories = int(memory_of(game, MEMORY).max()) + 1
    for actor in (0, 1):
        nodes = policy.nodes[actor]
        assert nodes.shape == (len(game.hands[actor]), memories, n, n + 1)
        sums = nodes.sum(axis=3, dtype=np.int64)
        assert ((sums == 0) | ((sums > 200) & (sums < 290))).all()        # 255ths less the floor, or never reached
        if actor == 1:                          # every hand can answer every opening bid
            assert sums[:, 0, :].all()
        below = np.tril(np.ones((n, n), bool))             # the standing bid and every bid under it
        assert not nodes[:, :, :, :n][:, :, below].any()


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.name)
def test_what_is_kept_of_a_file_is_every_count_of_it_and_faces_as_the_whole_array(spec):
    game = RoundGame(spec.dice, spec.wild)
    flat = np.load(io.BytesIO(gzip.decompress((RECALL_DIR / manifest()["games"][spec.name]["file"]).read_bytes())))
    whole, kept = unpack(game, flat, MEMORY), solved(spec.name)
    assert np.array_equal(kept.opening, whole.opening)
    rng = np.random.default_rng(27)
    for actor in (0, 1):
        nodes = whole.nodes[actor]
        rows = np.zeros((nodes.size // nodes.shape[-1], nodes.shape[-1]), np.uint8)
        rows[np.repeat(np.arange(len(rows)), np.diff(kept.starts[actor])), kept.moves[actor]] = kept.counts[actor]
        assert kept.shapes[actor] == nodes.shape and np.array_equal(rows.reshape(nodes.shape), nodes)
        for memory, bid in zip(rng.integers(nodes.shape[1], size=40), rng.integers(nodes.shape[2], size=40)):
            assert np.array_equal(kept.facing(actor, memory, bid), whole.facing(actor, memory, bid))


def test_a_corrupt_file_is_refused(tmp_path):
    for name in ("manifest.json", manifest()["games"]["1v1-wild"]["file"]):
        (tmp_path / name).write_bytes((RECALL_DIR / name).read_bytes())
    (tmp_path / manifest()["games"]["1v1-wild"]["file"]).write_bytes(b"not the file")
    use_directory(tmp_path)
    try:
        with pytest.raises(CorruptEquilibrium):
            solved("1v1-wild")
    finally:
        use_directory(None)
    assert solved("1v1-wild") is not None


def test_strong_plays_the_equilibrium_heads_up_and_its_own_play_elsewhere():
    view = heads_up_view(1, [2, 3, 3, 5, 6], (5, 5), [(3, 3)])
    seen = Situation.from_view(view)
    moves = recall_moves(seen)
    assert moves and StrongBot(seed=0).moves(seen) == moves
    assert all(m == LIAR or m > (3, 3) for m, _ in moves)
    spot_on = Situation.from_view(heads_up_view(1, [2, 3, 3, 5, 6], (5, 5), [(3, 3)],
                                                rules={"wild_ones": True, "spot_on": True}))
    assert recall_policy(spot_on) is None
    six_dice = Situation.from_view(heads_up_view(1, [2, 3, 3, 5, 6, 6], (6, 6), [(3, 3)]))
    assert recall_policy(six_dice) is None


def test_what_a_player_remembers_is_the_whole_of_its_own_last_bid():
    """In a round of 5 dice against fewer (4 v 5), facing "five threes", the opener reads the rows of the bid
    it made last: "three threes" and "four threes" (one face) are two memories, as "four twos" is a third."""
    assert memory_kind("4v5-wild") == "bid"
    game = RoundGame((4, 5), wild=True)
    policy = solved("4v5-wild")
    read = []
    for own in ((3, 3), (4, 3), (4, 2)):
        moves, rows = recall_policy(Situation.from_view(heads_up_view(0, [3, 3, 1, 5], (4, 5), [own, (5, 3)])))
        assert moves == [*game.bids[game.bids.index((5, 3)) + 1:], LIAR]
        assert np.array_equal(rows, shares(policy.facing(0, game.bids.index(own) + 1, game.bids.index((5, 3)))))
        read.append(rows)
    assert all(rows.any() for rows in read)
    assert not np.array_equal(read[0], read[1]) and not np.array_equal(read[1], read[2])
