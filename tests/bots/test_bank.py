"""The strong bot's bank (safe exploitation heads-up): what it counts, and that exploiting rounds only ever
spend winnings above the equilibrium's expectation."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.games.liars_dice.bots.bank import RISK, Bank
from referee.games.liars_dice.bots.recall import recall_moves, round_value
from referee.games.liars_dice.bots.situation import Situation
from referee.games.liars_dice.bots.strong import StrongBot
from tests.bots.test_strong import heads_up_view


def started(counts, opener):
    return {"dice_counts": {str(s): n for s, n in counts.items()}, "opener": opener, "total_dice": sum(counts.values())}


def test_a_round_banks_the_result_less_the_equilibriums_value_from_the_bots_side():
    bank = Bank()
    bank.observe("round_started", started({0: 3, 1: 2}, opener=1), seat=0)
    bank.observe("revealed", {"loser": 0}, seat=0)
    value = round_value(2, 3, True)                       # the opener (seat 1) has 2 dice, the bot 3
    assert bank.total == -1.0 - (-value)
    bank.observe("round_started", started({0: 2, 1: 2}, opener=0), seat=0)
    bank.observe("revealed", {"loser": 1}, seat=0)
    assert bank.total == (-1.0 + value) + (1.0 - round_value(2, 2, True))


def test_a_round_of_three_or_more_seats_banks_the_result_against_the_fair_share():
    bank = Bank()
    bank.observe("round_started", started({0: 2, 1: 2, 2: 2}, opener=1), seat=0)
    bank.observe("revealed", {"loser": 2}, seat=0)
    assert bank.total == 2 / 3
    bank.observe("round_started", started({0: 2, 1: 2, 2: 1, 3: 5}, opener=1), seat=0)
    bank.observe("revealed", {"loser": 0}, seat=0)
    assert bank.total == 2 / 3 + 2 * (1 / 4 - 1)


def test_rounds_the_equilibrium_does_not_cover_are_not_banked():
    bank = Bank()
    for counts, kwargs in (({0: 2, 1: 2}, {"solved": False}),     # spot on, palifico, other orders
                           ({0: 6, 1: 6}, {}),                    # more dice than the files cover
                           ({1: 2, 2: 2}, {})):                   # not the bot's round
        bank.observe("round_started", started(counts, opener=min(counts)), seat=0, **kwargs)
        bank.observe("revealed", {"loser": min(counts)}, seat=0, **kwargs)
    bank.observe("revealed", {"loser": 1}, seat=0)              # a reveal without its round start
    assert bank.total == 0.0 and not bank.funds()


@given(st.lists(st.tuples(st.lists(st.integers(1, 5), min_size=2, max_size=6), st.booleans(), st.booleans()),
                max_size=60))
def test_an_exploiting_round_never_leaves_the_bot_below_the_equilibriums_expectation(rounds):
    """Whatever the rounds' results (heads-up or not), a round played while the bank funds exploitation ends
    with the bank at or above zero: the exploiting play only spends what the bot won above the equilibrium
    (or its fair share)."""
    bank = Bank()
    for dice, opened, lost in rounds:
        exploiting = bank.funds()
        bank.observe("round_started", started(dict(enumerate(dice)), opener=0 if opened else 1), seat=0)
        bank.observe("revealed", {"loser": 0 if lost else 1}, seat=0)
        if exploiting:
            assert bank.total >= 0


def test_strong_plays_the_equilibrium_until_its_bank_funds_its_posterior_play():
    view = heads_up_view(1, [2, 3, 3], (3, 3), [(2, 3)])
    seen = Situation.from_view(view)
    bot = StrongBot(seed=0)
    assert bot.plays_equilibrium(seen) and bot.moves(seen) == recall_moves(seen)
    for _ in range(3):                                           # three rounds won at 3 v 3
        bot.observe({"kind": "round_started", "data": started({0: 3, 1: 3}, opener=0)})
        bot.observe({"kind": "revealed", "data": {"loser": 0, "hands": {"0": [2, 2, 4], "1": [3, 5, 6]}}})
    assert bot.bank.total >= RISK and not bot.plays_equilibrium(seen)
    assert bot.moves(seen) != recall_moves(seen)
