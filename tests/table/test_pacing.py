"""Bot pacing: a varied think delay around think_s, quicker for an obvious move, 0 kept 0."""
from __future__ import annotations

import random

import pytest

from referee.config import ConfigError, load_config
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.registry import Tables
from referee.table.autoplay import Autoplay
from referee.table.pacing import Pacing
from tests.support.dealers import PlainDealer

THINK_S, QUICK = 1.0, 0.25


def test_delays_spread_over_the_whole_range_around_think_s():
    pacing = Pacing(THINK_S, spread=0.5, quick=QUICK, rng=random.Random(3))
    delays = [pacing.delay(obvious=False) for _ in range(500)]
    assert 0.5 <= min(delays) < 0.55 and 1.45 < max(delays) <= 1.5
    assert len({round(d, 6) for d in delays}) > 400


def test_an_obvious_move_is_quicker_than_any_other():
    pacing = Pacing(THINK_S, spread=0.5, quick=QUICK, rng=random.Random(4))
    quick = [pacing.delay(obvious=True) for _ in range(300)]
    slow = [pacing.delay(obvious=False) for _ in range(300)]
    assert max(quick) < min(slow)


def test_the_same_seed_gives_the_same_delays():
    first, second = (Pacing(THINK_S, rng=random.Random(9)) for _ in range(2))
    assert [first.delay(obvious=False) for _ in range(20)] == [second.delay(obvious=False) for _ in range(20)]


def test_think_zero_stays_zero():
    pacing = Pacing(0.0, spread=1.0, quick=0.1)
    assert {pacing.delay(obvious=o) for o in (True, False) for _ in range(50)} == {0.0}


@pytest.mark.parametrize("values", [(-1.0, 0.5, 0.5), (1.0, 1.5, 0.5), (1.0, 0.5, -0.1)])
def test_pacing_refuses_a_negative_think_or_a_share_outside_0_to_1(values):
    with pytest.raises(ValueError):
        Pacing(*values)


def test_config_reads_the_new_bots_keys_and_refuses_bad_ones(tmp_path):
    path = tmp_path / "tavern.toml"
    path.write_text("[bots]\nthink_s = 1.2\nthink_spread = 0.3\nquick_share = 0.5\n")
    config = load_config(str(path))
    assert (config.bot_think_s, config.bot_think_spread, config.bot_quick_share) == (1.2, 0.3, 0.5)
    with pytest.raises(ConfigError, match="bots.think_spread"):
        load_config(None, environ={"TAVERN_BOTS_THINK_SPREAD": "2"})


class Room:
    """Seat 0 a person, seat 1 a bot; the person opens with the scripted hands."""

    def __init__(self, hands):
        self.clock = ManualScheduler()
        events = EventLog(":memory:", clock=self.clock.now)
        pacing = Pacing(THINK_S, spread=0.0, quick=QUICK)
        tables = Tables(events, PlainDealer(script=[hands]), self.clock, seed_wait_s=0,
                        on_load=lambda table: Autoplay(table, self.clock, pacing, 30.0))
        self.table = tables.create({"dice_per_player": 2})
        self.table.join("Anna", "d0")
        self.table.add_bot(0, "medium")
        self.table.start(0)
        assert self.table.game.turn == 0

    def bot_moved_after(self, seconds):
        """Whether the bot has answered the person's bid once ``seconds`` have passed."""
        before = len(self.table.game.bids)
        self.clock.advance(seconds)
        game = self.table.game
        return len(game.bids) > before or game.result is not None


def test_a_bot_calls_an_impossible_bid_quickly():
    room = Room({0: [2, 2], 1: [3, 4]})
    room.table.play.bid(0, 4, 2)          # the bot holds no two and no one: four twos cannot be
    assert room.bot_moved_after(QUICK * THINK_S + 1e-6)
    assert room.table.game.result is not None and room.table.game.result.caller == 1


def test_a_bot_thinks_the_whole_time_over_an_open_choice():
    room = Room({0: [2, 2], 1: [3, 4]})
    room.table.play.bid(0, 1, 2)
    assert not room.bot_moved_after(QUICK * THINK_S + 1e-6)
    assert room.bot_moved_after(THINK_S)

