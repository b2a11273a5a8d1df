"""A round solved with "bid" memory (``recall_build --memory bid``) is recorded so in its manifest entry and read
so by ``recall``: a player there remembers its whole last bid, and the file plays only legal moves."""
from __future__ import annotations

import json
import random
import shutil

import numpy as np
import pytest

from referee.games.liars_dice.bots.base import LIAR
from referee.games.liars_dice.bots.recall import (CorruptEquilibrium, manifest, memory_kind, recall_moves, recall_policy,
                                                  solved, use_directory)
from referee.games.liars_dice.bots.recall_build import SPECS, main, memory_for, shares
from referee.games.liars_dice.bots.roundgame import RoundGame
from referee.games.liars_dice.bots.situation import Situation
from tests.bots.test_strong import heads_up_view

ROUND = "2v1-wild"
SPEC = next(spec for spec in SPECS if spec.name == ROUND)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A directory holding ``ROUND`` solved with "bid" memory (400 iterations, as shipped rounds are)."""
    out = tmp_path_factory.mktemp("recall-bid")
    assert main(["--out", str(out), "--only", ROUND, "--memory", "bid"]) == 0
    return out


@pytest.fixture
def reading(built):
    use_directory(built)
    yield built
    use_directory(None)


def test_the_manifest_records_the_memory_each_round_was_solved_with(built):
    entry = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["games"][ROUND]
    assert entry["memory"] == "bid" and 0 <= entry["exploitability"] < 0.05
    assert memory_kind(ROUND) == memory_for(SPEC)           # the shipped round is read as it was solved


def test_a_round_solved_with_bid_memory_is_read_with_the_whole_own_last_bid(reading):
    assert memory_kind(ROUND) == "bid"
    game = RoundGame((2, 1), wild=True)
    policy = solved(ROUND)
    assert policy.shapes[0][1] == len(game.bids) + 1
    read = []
    for own in (game.bids[1], game.bids[2], game.bids[6]):        # two faces of one quantity; one face at two
        view = heads_up_view(1, [3], (2, 1), [game.bids[0], own, game.bids[8]])      # the other remembers ``own``
        moves, rows = recall_policy(Situation.from_view(view))
        assert moves == [*game.bids[9:], LIAR]
        assert np.array_equal(rows, shares(policy.facing(1, game.bids.index(own) + 1, 8)))
        view = heads_up_view(0, [2, 3], (2, 1), [own, game.bids[9]])                 # the opener remembers ``own``
        moves, rows = recall_policy(Situation.from_view(view))
        assert np.array_equal(rows, shares(policy.facing(0, game.bids.index(own) + 1, 9)))
        read.append(rows)
    assert all(rows.any() for rows in read) and not np.array_equal(read[0], read[2])


def test_a_round_solved_with_bid_memory_plays_only_legal_moves(reading):
    """The file plays both seats of 300 random deals to the call: every position its own play reaches has a
    distribution over legal moves."""
    rng = random.Random(27)
    for _ in range(300):
        dice = ([rng.randint(1, 6) for _ in range(2)], [rng.randint(1, 6)])
        bids: list[tuple[int, int]] = []
        while True:
            actor = len(bids) % 2
            moves = recall_moves(Situation.from_view(heads_up_view(actor, dice[actor], (2, 1), bids)))
            assert moves and abs(sum(p for _, p in moves) - 1) < 1e-6
            assert all((m == LIAR and bids) or (m != LIAR and (not bids or m > bids[-1])) for m, _ in moves)
            move = rng.choices([m for m, _ in moves], [p for _, p in moves])[0]
            if move == LIAR:
                break
            bids.append(move)


def test_a_corrupt_file_solved_with_bid_memory_is_refused(built, tmp_path):
    shutil.copytree(built, tmp_path, dirs_exist_ok=True)
    data = bytearray((tmp_path / f"{ROUND}.npy.gz").read_bytes())
    data[len(data) // 2] ^= 1                                     # one bit flipped
    (tmp_path / f"{ROUND}.npy.gz").write_bytes(bytes(data))
    use_directory(tmp_path)
    try:
        with pytest.raises(CorruptEquilibrium):
            solved(ROUND)
    finally:
        use_directory(None)
    assert manifest()["games"][ROUND]["memory"] == memory_for(SPEC)
