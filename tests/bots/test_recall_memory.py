"""A round solved with another memory than the shipped rounds' (``recall_build --memory face``, as
``bench/ld_memory.py`` compares them) is recorded so in its manifest entry and read so by ``recall``: a player
there remembers only the face of its last bid, and the file plays only legal moves."""
from __future__ import annotations

import json
import random
import shutil

import numpy as np
import pytest

from referee.games.liars_dice.bots.base import LIAR
from referee.games.liars_dice.bots.recall import (CorruptEquilibrium, manifest, memory_kind, recall_moves,
                                                  recall_policy, solved, use_directory)
from referee.games.liars_dice.bots.recall_build import MEMORY, main, shares
from referee.games.liars_dice.bots.recall_cfr import memory_of
from referee.games.liars_dice.bots.roundgame import RoundGame
from referee.games.liars_dice.bots.situation import Situation
from tests.bots.test_strong import heads_up_view

ROUND = "2v1-wild"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A directory holding ``ROUND`` solved with "face" memory (400 iterations, as shipped rounds are)."""
    out = tmp_path_factory.mktemp("recall-face")
    assert main(["--out", str(out), "--only", ROUND, "--memory", "face"]) == 0
    return out


@pytest.fixture
def reading(built):
    use_directory(built)
    yield built
    use_directory(None)


def test_the_manifest_records_the_memory_each_round_was_solved_with(built):
    entry = json.loads((built / "manifest.json").read_text(encoding="utf-8"))["games"][ROUND]
    assert entry["memory"] == "face" and 0 <= entry["exploitability"] < 0.05
    assert memory_kind(ROUND) == MEMORY == "bid"            # the shipped round is read as it was solved


def test_a_round_solved_with_face_memory_is_read_with_the_face_of_the_own_last_bid(reading):
    assert memory_kind(ROUND) == "face"
    game = RoundGame((2, 1), wild=True)
    policy = solved(ROUND)
    face = memory_of(game, "face")
    read = []
    for own in (game.bids[1], game.bids[6], game.bids[2]):       # two quantities of one face, then another face
        view = heads_up_view(1, [3], (2, 1), [game.bids[0], own, game.bids[8]])      # the other remembers ``own``
        moves, rows = recall_policy(Situation.from_view(view))
        assert moves == [*game.bids[9:], LIAR]
        assert np.array_equal(rows, shares(policy.facing(1, int(face[game.bids.index(own)]), 8)))
        read.append(rows)
    assert np.array_equal(read[0], read[1]) and read[0].any() and not np.array_equal(read[0], read[2])


def test_a_round_solved_with_face_memory_plays_only_legal_moves(reading):
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


def test_a_corrupt_file_solved_with_face_memory_is_refused(built, tmp_path):
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
    assert manifest()["games"][ROUND]["memory"] == MEMORY
