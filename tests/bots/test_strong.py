"""The strong bot: robust observe, equilibrium endgame, adaptation from reveals."""
from __future__ import annotations

from referee.bots.endgame import strategy_tables
from referee.bots.strong import StrongBot


def endgame_view(die, bids):
    return {"seat": len(bids) % 2, "dice": [die], "dice_counts": {"0": 1, "1": 1}, "total_dice": 2,
            "seats_in_game": [0, 1], "bids": [{"seat": i % 2, "quantity": q, "face": f} for i, (q, f) in enumerate(bids)],
            "rules": {"wild_ones": True}}


def test_observe_ignores_unknown_and_malformed_events():
    bot = StrongBot(seed=1)
    for event in ({"kind": "spot_on", "data": {"seat": 1}}, {"kind": "revealed", "data": {"hands": 3}},
                  {"kind": "bid"}, {}, {"kind": "bid", "seat": 1, "quantity": 2, "face": 3}):
        bot.observe(event)
    assert bot.round_bids == [(1, (2, 3))]


def test_heads_up_one_die_is_played_from_the_equilibrium_table():
    table = strategy_tables()["1v1-wild"]
    policy = StrongBot(seed=0).policy(endgame_view(3, [(1, 4)]))
    entry = table["3|1x4"]
    assert {(a["quantity"], a["face"]) if a["type"] == "bid" else "liar": round(p, 3) for a, p in policy} == \
        {tuple(map(int, k.split("x"))) if k != "liar" else "liar": round(v / sum(entry.values()), 3)
         for k, v in entry.items()}


def test_reveals_teach_the_strong_bot_how_honest_an_opponent_is():
    bot = StrongBot(seed=0)
    for _ in range(6):
        bot.observe({"kind": "round_started", "data": {"round": 1, "opener": 1, "dice_counts": {"0": 5, "1": 5},
                                                         "total_dice": 10}})
        bot.observe({"kind": "bid", "data": {"seat": 1, "quantity": 3, "face": 6}})
        bot.observe({"kind": "revealed", "data": {"hands": {"0": [2, 2, 3, 4, 5], "1": [6, 6, 6, 1, 2]}}})
    assert bot.honesty.betas()[1] > 1.0
    bot.observe({"kind": "game_over", "data": {"winner": 0}})
    assert bot.honesty.betas() == {}


def test_reveals_teach_the_strong_bot_that_an_opponent_bids_its_surest_raise():
    import random

    from referee.bots.yardsticks import BinomialBot
    rng, binomial, bot = random.Random(4), BinomialBot(seed=1), StrongBot(seed=0)
    for _ in range(8):
        hands = {"0": [rng.randint(1, 6) for _ in range(5)], "1": [rng.randint(1, 6) for _ in range(5)]}
        view = {"seat": 1, "dice": hands["1"], "dice_counts": {"0": 5, "1": 5}, "total_dice": 10,
                "seats_in_game": [0, 1], "bids": [{"seat": 0, "quantity": 1, "face": 6}], "rules": {"wild_ones": True}}
        action = binomial.act(view)
        if action["type"] != "bid":
            continue
        bot.observe({"kind": "round_started", "data": {"round": 1, "opener": 0, "dice_counts": {"0": 5, "1": 5},
                                                         "total_dice": 10}})
        bot.observe({"kind": "bid", "data": {"seat": 0, "quantity": 1, "face": 6}})
        bot.observe({"kind": "bid", "data": {"seat": 1, "quantity": action["quantity"], "face": action["face"]}})
        bot.observe({"kind": "liar", "data": {"seat": 0, "quantity": action["quantity"], "face": action["face"]}})
        bot.observe({"kind": "revealed", "data": {"hands": hands}})
    assert bot.honesty.models()[1] == ("surest", 0.0)
    assert bot.habits.rules()[1][0] in (0, 1)
