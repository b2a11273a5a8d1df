"""answers.odds against the declarer model summed cup by cup, and what the model says of known positions."""
from __future__ import annotations

from hypothesis import given, settings as hsettings, strategies as st

from referee.bots.poker_bluff.answers import odds
from referee.bots.poker_bluff.beliefs import Declarer
from referee.bots.poker_bluff.dice import KEEPS, outcomes
from referee.bots.poker_bluff.ladder import ladder
from referee.bots.poker_bluff.tables import holds, level_of, max_level
from referee.rules.poker_bluff import parse
from tests.support.properties import examples


def summed(declared: int, above: int, kept: tuple[int, ...], model: Declarer) -> tuple[float, float]:
    """The posterior of the model written out: every cup's chance times its weight, normalised."""
    win = ladder().win[declared]
    weighted = []
    for cup, p in outcomes(kept):
        if declared in holds()[cup]:
            weighted.append((p * (model.honest if max_level()[cup] == declared else model.modest), True, win[cup]))
        else:
            weighted.append((p * model.lie_weight(declared, above, max_level()[cup]), False, win[cup]))
    total = sum(w for w, _, _ in weighted)
    if total == 0:
        return sum(p for cup, p in outcomes(kept) if declared in holds()[cup]), sum(p * win[cup] for cup, p in outcomes(kept))
    return sum(w for w, true, _ in weighted if true) / total, sum(w * value for w, _, value in weighted) / total


models = st.builds(Declarer, honest=st.sampled_from([1.0, 0.5]), modest=st.sampled_from([0.0, 0.1, 1.0]),
                   forced=st.sampled_from([0.0, 1.0]), window=st.integers(1, 20), far=st.sampled_from([0.0, 0.1, 1.0]),
                   bold=st.sampled_from([0.0, 0.05, 0.3, 6.0]))


@hsettings(max_examples=examples(400))
@given(st.integers(0, 191), st.integers(0, 192), st.sampled_from(KEEPS), models)
def test_the_fast_odds_are_the_posterior_summed_cup_by_cup(declared: int, below: int, kept: tuple[int, ...],
                                                         model: Declarer) -> None:
    above = min(declared - 1, below - 1)
    fast, slow = odds(declared, above, kept, model), summed(declared, above, kept, model)
    assert abs(fast[0] - slow[0]) < 1e-9 and abs(fast[1] - slow[1]) < 1e-9


def test_a_declaration_nobody_makes_honestly_is_more_likely_a_bluff() -> None:
    never, _ = odds(level_of(parse("1,1+2")), -1, (), Declarer())  # a cup holding it always holds more
    often, _ = odds(level_of(parse("3,3+6")), -1, (), Declarer())
    assert never < often - 0.2


def test_a_lie_just_above_a_strong_declaration_is_likely_forced() -> None:
    just_above, _ = odds(level_of(parse("1,1,1+2")), level_of(parse("6,6+5,5+4")), (), Declarer())
    opening, _ = odds(level_of(parse("1,1,1+2")), -1, (), Declarer())
    assert just_above < opening


def test_the_kept_dice_count() -> None:
    with_sixes, _ = odds(level_of(parse("6,6,6+5")), -1, (6, 6), Declarer())
    without, _ = odds(level_of(parse("6,6,6+5")), -1, (1, 2), Declarer())
    assert with_sixes > without
