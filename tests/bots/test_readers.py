"""Strong exploits plain opponents and balances against readers (``referee.games.liars_dice.bots.readers``, issue 14)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.exploiter import Exploiter
from referee.games.liars_dice.arena import play_arena
from referee.games.liars_dice.arena_turns import parse
from referee.games.liars_dice.bots.balance import BALANCED, UNBALANCED
from referee.games.liars_dice.bots.beliefs import surest_bids
from referee.games.liars_dice.bots.readers import POOL_TOLERANCE, call_misses
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.situation import TAVERN, Situation
from referee.games.liars_dice.bots.strong import StrongBot
from referee.games.liars_dice.bots.yardsticks import BinomialBot
from referee.games.liars_dice.rules import Settings, apply

from .helpers import deciding_seats, positions, view_of
from .test_strong import heads_up_view
from tests.support.properties import examples


class Watched(StrongBot):
    """The strong bot, noting at each of its decisions whether it exploited, and at each game end what it read."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.exploited: list[list[bool]] = [[]]
        self.read_plain: list[dict[int, bool]] = []

    def moves(self, seen):
        self.exploited[-1].append(self.mix_for(seen) is self.exploit)
        return super().moves(seen)

    def observe(self, event):
        if event.get("kind") == "game_over":
            self.read_plain.append({seat: self.readers.plain(seat) for seat in self.readers.seats})
            self.exploited.append([])
        super().observe(event)


def watched_games(opponent, games: int, seed: int = 3) -> Watched:
    strong = Watched(seed=1)
    play_arena(["strong", "other"], games, seed, Settings(dice_per_player=5), players=[strong, opponent])
    return strong


def test_the_binomial_yardstick_reads_as_plain_and_is_exploited_once_revealed_each_game():
    strong = watched_games(BinomialBot(seed=2), games=3)
    assert strong.readers.pool_misses == 0 and strong.readers.pool_count > 0
    assert all(read and all(read.values()) for read in strong.read_plain)
    for decisions in strong.exploited[:3]:
        assert decisions[0] is False              # not revealed yet this game: balanced
        assert any(decisions)                     # after its first reveal: exploited


def test_the_exploiter_reads_as_a_reader_and_closes_the_table_to_exploitation():
    strong = watched_games(Exploiter(seed=2), games=4)
    assert strong.readers.pool_misses > POOL_TOLERANCE * strong.readers.pool_count
    assert not any(strong.exploited[-2])          # by the last game: balanced throughout


def test_strong_reads_another_strong_bot_as_a_reader():
    strong = watched_games(StrongBot(seed=2), games=2)
    assert strong.readers.pool_misses > POOL_TOLERANCE * strong.readers.pool_count
    assert not any(read.get(seat, False) for read in strong.read_plain for seat in read)


def reveal_round(bot: StrongBot, bids, hands) -> None:
    """Feed ``bot`` one heads-up round of 5 v 5: ``bids`` (seat, quantity, face), then the reveal of ``hands``."""
    bot.observe({"kind": "round_started", "data": {"round": 1, "opener": bids[0][0], "dice_counts": {"0": 5, "1": 5},
                                                     "total_dice": 10}})
    for seat, quantity, face in bids:
        bot.observe({"kind": "bid", "data": {"seat": seat, "quantity": quantity, "face": face}})
    bot.observe({"kind": "liar", "data": {"seat": 0, "quantity": bids[-1][1], "face": bids[-1][2]}})
    bot.observe({"kind": "revealed", "data": {"hands": {str(s): h for s, h in hands.items()}}})


HANDS = {0: [3, 3, 4, 5, 6], 1: [2, 2, 3, 4, 6]}


def plain_line(raises: int = 3):
    """Seat 1 bids its surest raise (the binomial yardstick's), seat 0 the lowest raise over it."""
    hand = [h for h, _ in hands_of(5)].index(tuple(HANDS[1]))
    line, standing = [], None
    for _ in range(raises):
        q, f = surest_bids(5, TAVERN, standing, 10, False)[hand]
        line.append((1, q, f))
        standing = TAVERN.raises((q, f), 10)[0]
        line.append((0, *standing))
    return line[:-1]


def test_a_plain_reveal_switches_to_the_exploiting_play_and_one_departure_back_to_the_balanced_one():
    view = heads_up_view(0, [6, 6, 5, 3, 2], (5, 5), [(2, 4)])
    bot, plain_bot = StrongBot(seed=0), StrongBot(seed=0)
    bot.seat = plain_bot.seat = 0
    assert bot.policy(view) == type("Balanced", (StrongBot,), {"exploit": None})(seed=0).policy(view)
    for _ in range(2):
        reveal_round(bot, plain_line(), HANDS)
        reveal_round(plain_bot, plain_line(), HANDS)
    assert bot.readers.plain(1) and bot.policy(view) == plain_bot.policy(view)      # the same memory, the same play
    assert bot.mix_for(bot_situation(view)) == UNBALANCED
    reveal_round(bot, [(1, 1, 5), (0, 1, 6), (1, 2, 6)], HANDS)          # a bid its surest rule never makes
    assert not bot.readers.plain(1) and bot.mix_for(bot_situation(view)) == BALANCED
    assert bot.policy(view) == bot.policy(view)


def bot_situation(view):
    return Situation.from_view(view)


def test_call_misses_is_the_fewest_errors_of_any_threshold():
    decisions = [(0.1, True), (0.4, False), (0.5, True), (0.7, False), (0.7, True)]
    by_threshold = [sum((odds < t) != called for odds, called in decisions) for t in (0.0, 0.2, 0.45, 0.6, 0.8, 1.0)]
    assert call_misses(decisions) == min(by_threshold) == 2
    assert call_misses([]) == 0


def primed(seed: int) -> StrongBot:
    """A strong bot that has read every seat of a table as plain this game (clean reveals)."""
    bot = StrongBot(seed=seed)
    for seat in range(8):
        bot.readers.learn(seat, [2, 3], TAVERN, [], [(0.9, 0.9, False)] * 8)
    return bot


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=positions(), seed=st.integers(0, 2**31))
def test_the_exploiting_play_is_legal_under_every_house_rule(state, seed):
    for seat in deciding_seats(state):
        view = view_of(state, seat)
        bot = primed(seed)
        assert bot.mix_for(bot_situation(view)) == UNBALANCED
        policy = bot.policy(view)
        assert abs(sum(p for _, p in policy) - 1) < 1e-9 and all(p > 0 for _, p in policy)
        for action, _ in policy:
            move = parse(seat, action)
            if move is None:
                assert seat != state.turn
            else:
                apply(state, move)
