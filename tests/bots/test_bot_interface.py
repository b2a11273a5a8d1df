"""One bot interface for every family (``referee.bot.Bot``): Liar's Dice's and poker-dice's bots
alike have ``name``, ``policy(view)``, ``act(view)`` drawn from that policy, and ``observe(event)``;
mypy holds both families' bot classes to the Protocol."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from referee.bot import Bot
from referee.games.poker_bluff.bots.registry import LEVELS as POKER_LEVELS
from referee.games.poker_bluff.bots.registry import make_poker_bot
from referee.games.liars_dice.bots.registry import LEVELS, make_bot
from referee.games.poker_bluff.views import poker_game_view
from referee.games.poker_bluff.rules import PokerSettings, Roll, apply, new_game

ROOT = Path(__file__).resolve().parents[2]
LIARS_VIEW = {"seat": 1, "dice": [2, 6, 6], "dice_counts": {"0": 3, "1": 3}, "total_dice": 6, "turn": 1,
              "seats_in_game": [0, 1], "bids": [{"seat": 0, "quantity": 2, "face": 5}], "palifico": False,
              "callers": [1], "can_call": True, "can_spot_on": False, "rules": {"wild_ones": True}, "round": 1,
              "game": 1, "opener": 0, "phase": "bidding"}


def poker_view() -> dict:
    state = apply(new_game(PokerSettings(), (0, 1), 0), Roll((6, 6, 2, 5, 1))).state
    return poker_game_view(state, seat=0)


BOTS = [(name, lambda name=name: make_bot(name, seed=4), LIARS_VIEW) for name in sorted(LEVELS)]
BOTS += [(f"poker {name}", lambda name=name: make_poker_bot(name, seed=4), None) for name in sorted(POKER_LEVELS)]


@pytest.mark.parametrize("label, make, view", BOTS, ids=[label for label, _, _ in BOTS])
def test_every_bot_of_every_family_is_a_bot_and_acts_from_its_policy(label, make, view):
    bot = make()
    view = view or poker_view()
    assert isinstance(bot, Bot) and isinstance(bot.name, str)
    policy = list(bot.policy(view))
    assert policy and abs(sum(p for _, p in policy) - 1) < 1e-9 and all(p > 0 for _, p in policy)
    for _ in range(5):
        assert bot.act(view) in [action for action, _ in policy]
    assert bot.observe({"kind": "game_over", "data": {"winner": 0}}) is None


def test_a_bot_without_observe_is_not_a_bot():
    class Silent:
        name = "silent"

        def policy(self, view):  # noqa: ANN001, ANN202
            return [({"type": "doubt"}, 1.0)]

        def act(self, view):  # noqa: ANN001, ANN202
            return {"type": "doubt"}

    assert not isinstance(Silent(), Bot)


CHECKED = '''
from typing import Any, Mapping
from referee.bot import Bot
from referee.games.liars_dice.bots.base import PolicyBot
from referee.games.poker_bluff.bots.base import PokerBot
from referee.games.liars_dice.bots.strong import StrongBot
from referee.games.poker_bluff.bots.strong import StrongBot as PokerStrongBot

class NoObserve:
    name = "x"
    def policy(self, view: Mapping[str, Any]) -> list[tuple[dict[str, Any], float]]: return []
    def act(self, view: Mapping[str, Any]) -> dict[str, Any]: return {}

liars: Bot = StrongBot()
poker: Bot = PokerStrongBot()
bases: list[Bot] = [PolicyBot(), PokerBot()]
wrong: Bot = NoObserve()
'''


def test_mypy_holds_both_families_bot_classes_to_the_protocol(tmp_path):
    snippet = tmp_path / "bots_are_bots.py"
    snippet.write_text(CHECKED)
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--follow-imports=silent",
                             "--cache-dir", str(tmp_path / "cache"), str(snippet)],
                            cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    wrong = CHECKED.splitlines().index("wrong: Bot = NoObserve()") + 1
    assert len(errors) == 1 and f":{wrong}: error:" in errors[0] and "NoObserve" in errors[0], result.stdout
