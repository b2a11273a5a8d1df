"""The poker-dice equilibrium: the simplex and CFR+ agree on the states' values, the shipped tables are
what the solver builds and an equilibrium by the exact best response, the best response finds the leaks
of a policy that has them, and the yardstick bot plays the tables."""
from __future__ import annotations

import numpy as np
import pytest

from bench._poker_cfr import TOLERANCE as CFR_TOLERANCE
from bench._poker_cfr import solve_state as cfr_state
from referee.games.poker_bluff.bots.best_response import SolvedPolicy, best_response
from referee.games.poker_bluff.bots.equilibrium import TOP, solve
from referee.games.poker_bluff.bots.equilibrium_bot import EquilibriumBot
from referee.games.poker_bluff.bots.solved import SCALE, shipped
from referee.games.poker_bluff.bots.tables import LEVEL
from referee.games.poker_bluff.rules import ALL, from_dict

TOP_LEVELS = range(170, TOP + 1)
"""From 4,4,4,4+6 up: every state there needs only the states above it, so a partial solve is exact."""


@pytest.fixture(scope="module")
def top() -> object:
    return solve(levels=TOP_LEVELS)


def test_the_simplex_and_cfr_plus_find_the_same_values(top):
    independent = solve(levels=TOP_LEVELS, solver=cfr_state)
    assert set(independent.states) == set(top.states)
    for state, solved in top.states.items():
        assert solved.exploitability < 1e-9, state
        assert abs(independent.states[state].value - solved.value) <= CFR_TOLERANCE, state


def test_the_shipped_tables_are_what_the_solver_builds(top):
    table = shipped()
    for (level, keep), solved in top.states.items():
        assert abs(table.value(level, keep) - solved.value) < 1e-9
        assert np.abs(table.doubt(level, keep) - solved.doubt).max() <= 1 / SCALE
        assert np.abs(table.declare(level, keep) - solved.declare).max() <= 2 / SCALE + 1e-9


def test_the_shipped_tables_are_an_equilibrium():
    report = best_response(shipped())
    assert report.exploitability < 1e-4
    value = shipped().value(-1, ())
    assert 0.5 < value < 0.6, "the first holder of a round has the edge"
    assert abs(report.attack[-1][()] - value) < 1e-4 and abs(report.defend[-1][()] - (1 - value)) < 1e-4


class Believer(SolvedPolicy):
    """The equilibrium, except that it never doubts what it may believe."""

    def doubt(self, level, keep):
        return np.zeros(TOP - level)


def test_the_best_response_punishes_a_policy_that_always_believes(top):
    fair = best_response(SolvedPolicy(top), levels=TOP_LEVELS)
    leaky = best_response(Believer(top), levels=TOP_LEVELS)
    state = (170, ())
    assert abs(fair.attack[state[0]][state[1]] - top.value[state[0]][state[1]]) < 1e-9
    assert leaky.attack[state[0]][state[1]] > top.value[state[0]][state[1]] + 0.2
    for level in TOP_LEVELS[:-1]:  # a leak anywhere is never worth less to the best responder than the equilibrium
        for keep, fair_value in fair.attack[level].items():
            assert leaky.attack[level][keep] >= fair_value - 1e-9 and leaky.defend[level][keep] >= fair.defend[level][keep] - 1e-9


def test_the_yardstick_plays_the_tables():
    table, bot = shipped(), EquilibriumBot(seed=3)
    cup = [6, 6, 4, 2, 1]
    view = {"phase": "declaring", "turn": 0, "seat": 0, "cup": cup, "set_aside": [], "keepable": [], "declarations": []}
    policy = {LEVEL[from_dict(action["declaration"])]: p for action, p in bot.policy(view)}
    assert policy == pytest.approx(dict(table.declarations(-1, (), tuple(cup))))
    answer = {**view, "phase": "responding", "cup": [], "declarations": [
        {"seat": 1, **ALL[20].to_dict(), "text": ALL[20].text}]}
    doubted = sum(p for a, p in bot.policy(answer) if a["type"] == "doubt")
    assert doubted == pytest.approx(table.doubt_chance(-1, (), 20))
