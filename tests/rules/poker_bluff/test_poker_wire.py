"""Actions from their JSON form: every well-formed action is read, everything else refused by code."""
from __future__ import annotations

import pytest

from referee.rules.errors import MalformedAction
from referee.games.poker_bluff.rules import Believe, Declare, Doubt, Reroll, action_from_json, parse


def test_each_kind_of_action_is_read() -> None:
    assert action_from_json(1, {"type": "believe"}) == Believe(1)
    assert action_from_json(1, {"type": "doubt"}) == Doubt(1)
    assert action_from_json(0, {"type": "reroll", "keep": []}) == Reroll(0, ())
    assert action_from_json(0, {"type": "declare", "declaration": {"kind": "two_pairs", "faces": [5, 2, 6]}}) == \
        Declare(0, parse("5,5+2,2+6"))


@pytest.mark.parametrize("data, code", [
    ("doubt", "action/malformed"), ({}, "action/malformed"), ({"type": "liar"}, "action/malformed"),
    ({"type": "doubt", "seat": 1}, "action/malformed"), ({"type": "declare"}, "action/malformed"),
    ({"type": "reroll", "keep": "4,4"}, "reroll/malformed"), ({"type": "reroll", "keep": [True]}, "reroll/malformed"),
    ({"type": "declare", "declaration": {"kind": "pair", "faces": [4, 4]}}, "declaration/odd_die"),
    ({"type": "declare", "declaration": "4,4+6"}, "declaration/malformed"),
    ({"type": "declare", "declaration": {"kind": "two_pairs", "faces": [2, 5, 6]}}, "declaration/pair_order"),
])
def test_a_malformed_action_is_refused_with_a_stable_code(data: object, code: str) -> None:
    with pytest.raises(MalformedAction) as error:
        action_from_json(0, data)
    assert error.value.code == code
