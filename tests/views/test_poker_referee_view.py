"""The referee's view of a poker-dice table: the cup's five dice (``referee_cup``) in every state of
random games unless the referee is blind, and never in a seat's or a spectator's table view."""
from __future__ import annotations

import json
from types import SimpleNamespace

from hypothesis import given, settings as hsettings, strategies as st

from referee.gm.settings import GmSettings
from referee.gm.state import GmState, Referee
from referee.games.poker_bluff.fold import PokerState
from referee.games.poker_bluff.rules import PokerSettings
from referee.views import referee_view, table_views

from tests.support.properties import examples
from tests.views.test_poker_views import random_game


def table_state(game, blind: bool) -> SimpleNamespace:
    return SimpleNamespace(id="t1", host=None, family="poker_bluff", settings=PokerSettings(), seats={}, game_no=1,
                           game=game, autopilot=(), gm=GmState(referee=Referee("Мастер", "digest", GmSettings(blind=blind))),
                           family_state=PokerState())


@hsettings(max_examples=examples(30))
@given(st.integers(0, 2**32), st.booleans())
def test_only_a_sighted_referee_is_sent_the_cup(seed: int, blind: bool) -> None:
    for game in random_game(seed).states:
        state = table_state(game, blind)
        views = table_views(state, version=1, seats=[0, 1, None], connected=(), spectators=0)
        assert all("referee_cup" not in json.dumps(view) for view in views.values())
        referee = referee_view(state, version=1, connected=(), spectators=0, translate=lambda key, **_: key)["game"]
        if blind:
            assert "referee_cup" not in referee
        else:
            assert referee["referee_cup"] == list(game.cup)
