"""bench/ld_reader.py: its reader reads strong's policy exactly, plays only legal actions, and the script prints its figures."""
from __future__ import annotations

import doctest
import random
import re
from dataclasses import replace

from bench import _ld_reader, ld_reader
from bench._ld_reader import Reader, policy_matrix
from referee.games.liars_dice.bots.base import legal_moves, to_action
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.situation import Situation
from referee.games.liars_dice.bots.strong import StrongBot
from tests.bots.test_strong import heads_up_view


def test_the_doctests_hold():
    for module in (_ld_reader, ld_reader):
        assert doctest.testmod(module).failed == 0


def test_the_policy_matrix_is_strongs_policy_for_every_hand():
    strong = StrongBot(seed=0)
    seen = Situation.from_view(heads_up_view(0, [1] * 4, (4, 5), [(2, 6), (3, 6)]))
    moves, matrix = policy_matrix(strong, seen)
    for i in (0, 7, 40, len(hands_of(4)) - 1):
        hand = hands_of(4)[i][0]
        policy = {str(action): p for action, p in strong.policy(heads_up_view(0, hand, (4, 5), [(2, 6), (3, 6)]))}
        assert {str(to_action(m)): round(float(p), 6) for m, p in zip(moves, matrix[i]) if p > 0} == \
            {a: round(p, 6) for a, p in policy.items()}        # the equilibrium's rows are single precision
    small = replace(seen, dice=(1, 1), total=3, counts={0: 2, 1: 1}, bids=((1, (1, 6)),))   # a solved endgame
    moves, matrix = policy_matrix(strong, small)
    assert matrix.shape == (len(hands_of(2)), len(moves)) and abs(matrix.sum(axis=1) - 1).max() < 1e-9


def test_the_reader_answers_every_position_with_a_legal_action():
    rng = random.Random(27)
    for _ in range(6):
        mine, theirs = rng.randint(1, 5), rng.randint(1, 5)
        reader = Reader(seed=1)
        bids, total = [], mine + theirs
        while len(bids) < rng.randint(0, 3):
            q, f = bids[-1] if bids else (1, 1)
            if q >= total:
                break
            bids.append((q + 1, rng.randint(2, 6)))
        view = heads_up_view(1, [rng.randint(1, 6) for _ in range(mine)], (theirs, mine), bids)
        action = reader.act(view)
        assert action is not None
        move = (action["quantity"], action["face"]) if action["type"] == "bid" else action["type"]
        assert move in legal_moves(view)


def test_the_script_prints_its_figures_and_the_reader_plays_no_illegal_action(capsys):
    assert ld_reader.main(["--games", "2", "--seed", "5", "--workers", "1", "--per-dice", "1", "--chunk", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("start: load average") and "end: load average" in out
    assert re.search(r"reader wins \d+\.\d% \[\d+\.\d%, \d+\.\d%\]; strong wins", out)
    assert "5 dice: after 2 games the reader wins" in out
    assert "illegal actions: reader 0, strong 0" in out
    assert re.search(r"\| 5 v 5, rounds of the 5-dice games \| 2 \| \d+\.\d% \[", out)
    assert len(re.findall(r"first rounds of 1 \d-dice games \| 1 \|.*illegal actions 0", out)) == 8    # as each ends, and in the table
