"""The strong bot: robust observe, equilibrium endgame, adaptation from reveals."""
from __future__ import annotations

from referee.games.liars_dice.bots.balance import UNBALANCED
from referee.games.liars_dice.bots.endgame import strategy_table
from referee.games.liars_dice.bots.situation import TAVERN, Situation
from referee.games.liars_dice.bots.strong import StrongBot


def heads_up_view(seat, dice, counts, bids, rules=None):
    """Seat ``seat``'s view heads-up, the player to act, after ``bids`` (seats alternating from the opener)."""
    opener = (seat - len(bids)) % 2
    return {"seat": seat, "dice": list(dice), "dice_counts": {"0": counts[0], "1": counts[1]},
            "total_dice": sum(counts), "turn": seat, "seats_in_game": [0, 1],
            "bids": [{"seat": (opener + i) % 2, "quantity": q, "face": f} for i, (q, f) in enumerate(bids)],
            "palifico": False, "callers": [seat] if bids else [], "can_call": bool(bids),
            "can_spot_on": bool(bids) and bool((rules or {}).get("spot_on")), "rules": rules or {"wild_ones": True}}


def endgame_view(die, bids):
    return heads_up_view(len(bids) % 2, [die], (1, 1), bids)


def test_observe_ignores_unknown_and_malformed_events():
    bot = StrongBot(seed=1)
    for event in ({"kind": "spot_on", "data": {"seat": 1}}, {"kind": "revealed", "data": {"hands": 3}},
                  {"kind": "bid"}, {}, {"kind": "bid", "seat": 1, "quantity": 2, "face": 3}):
        bot.observe(event)
    assert bot.round_bids == [(1, (2, 3))]


def test_heads_up_one_die_is_played_from_the_equilibrium_table():
    table = strategy_table("1v1-wild")
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

    from referee.games.liars_dice.bots.yardsticks import BinomialBot
    rng, binomial, bot = random.Random(4), BinomialBot(seed=1), StrongBot(seed=0)
    for _ in range(8):
        hands = {"0": [rng.randint(1, 6) for _ in range(5)], "1": [rng.randint(1, 6) for _ in range(5)]}
        view = heads_up_view(1, hands["1"], (5, 5), [(1, 6)])
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


def _reads_a_binomial_player(bot, seat=1):
    """Give ``bot`` the reading of ``seat`` that reveals against the binomial yardstick lead to."""
    from referee.games.liars_dice.bots.beliefs import MODELS
    from referee.games.liars_dice.bots.callers import RULES
    bot.honesty.scores[seat] = [10.0 if m == ("surest", 0.0) else 0.0 for m in MODELS]
    bot.habits.errors[seat] = [0.0 if r == (0, 0.5) else 5.0 for r in RULES]
    return bot


def test_two_step_lookahead_prefers_the_raise_that_leaves_the_opponent_no_safe_raise(monkeypatch):
    monkeypatch.setattr("referee.games.liars_dice.bots.strong.endgame_moves", lambda seen: None)   # 2 v 2 is a solved endgame now
    monkeypatch.setattr("referee.games.liars_dice.bots.strong.recall_moves", lambda seen: None)    # and an equilibrium file
    from referee.games.liars_dice.bots.beliefs import surest_bids
    from referee.games.liars_dice.bots.roundgame import hands_of
    # Heads-up, 2 dice each; the binomial player opened "one three" (so it holds a three and no one or two).
    view = heads_up_view(0, [4, 6], (2, 2), [(1, 3)])

    class OneStep(StrongBot):
        mix = UNBALANCED
        def _two_step(self, seen, values, candidates, *rest):
            return {m: values[m] for m in candidates}

    seen = Situation.from_view(view)
    one_step = dict(_reads_a_binomial_player(OneStep(seed=0)).moves(seen))
    assert set(one_step) == {(1, 4), (1, 5), (1, 6)}          # one step ahead, every raise passed on looks alike
    class WithLookahead(StrongBot):
        mix = UNBALANCED

    assert _reads_a_binomial_player(WithLookahead(seed=0)).moves(seen) == [((1, 6), 1.0)]
    # why: over "one four" the opponent has a safe answer at quantity one; over "one six" it must bid two
    hand = [i for i, (h, _) in enumerate(hands_of(2)) if h == (3, 5)][0]
    assert surest_bids(2, TAVERN, (1, 4), 4, False)[hand][0] == 1
    assert surest_bids(2, TAVERN, (1, 6), 4, False)[hand][0] == 2


def test_the_table_pool_outlives_the_game_but_a_seat_reading_does_not():
    bot = StrongBot(seed=0)
    bot.seat = 0
    for _ in range(6):
        bot.observe({"kind": "round_started", "data": {"round": 1, "opener": 1, "dice_counts": {"0": 5, "1": 5},
                                                         "total_dice": 10}})
        bot.observe({"kind": "bid", "data": {"seat": 1, "quantity": 1, "face": 2}})
        bot.observe({"kind": "bid", "data": {"seat": 0, "quantity": 1, "face": 3}})
        bot.observe({"kind": "bid", "data": {"seat": 1, "quantity": 2, "face": 2}})
        bot.observe({"kind": "revealed", "data": {"hands": {"0": [3, 4, 4, 5, 6], "1": [2, 2, 3, 4, 6]}}})
    learnt = bot.honesty.models()[1]
    assert 0 not in bot.honesty.models()                       # its own bids teach it nothing
    bot.observe({"kind": "game_over", "data": {"winner": 0}})
    assert bot.honesty.models() == {} and bot.habits.rules() == {}
    assert bot.honesty.default() == learnt                      # a seat of the next game starts from the table's pool
    fresh = StrongBot(seed=0)
    assert fresh.honesty.default() == ("softmax", 1.0) and fresh.habits.default() == (1, 0.4)
