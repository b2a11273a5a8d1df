"""A round's seeds are held by the table and stored with the deal: one append for the seeds and
the deal, none for a seed that leaves the round waiting; late, unexpected and repeated seeds
behave as before."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import Phase
from referee.store.base import StoreBusy
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.errors import TableError
from referee.table.registry import Tables
from tests.support.dealers import PlainDealer

SEEDS = ["aa" * 32, "bb" * 32, "cc" * 32]


class CountingStore(EventLog):
    """The SQLite store in memory, counting its appends (each one transaction); ``fail_next`` makes
the next append fail as a locked database's would."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.appends: list[list[str]] = []
        self.fail_next = False

    def append(self, table, entries, expected_seq):
        self.appends.append([entry.kind for entry in entries])
        if self.fail_next:
            self.fail_next = False
            raise StoreBusy(5.0)
        return super().append(table, entries, expected_seq)


class SeedsDealt(PlainDealer):
    """Plain dice; remembers the seeds each deal was given (by seat) and whose were missing."""

    def __init__(self) -> None:
        super().__init__(seed=5)
        self.given: list[tuple[dict[str, str], dict[int, str]]] = []

    def deal(self, opening, round_no, counts, seeds, missing):
        self.given.append(({str(seed["seat"]): seed["seed"] for seed in seeds}, dict(missing)))
        return super().deal(opening, round_no, counts, seeds, missing)


def rolling_table(people=3, seed_wait_s=1.5):
    store, clock, dealer = CountingStore(), ManualScheduler(), SeedsDealt()
    table = Tables(store, dealer, clock, seed_wait_s=seed_wait_s).create({"dice_per_player": 2})
    for seat, name in enumerate(["Anna", "Ben", "Cleo"][:people]):
        table.join(name, f"d{seat}")
        table.set_connected(seat, True)
    table.start(0)
    assert table.game.phase is Phase.ROLLING
    store.appends.clear()
    return table, store, clock, dealer


def test_a_seed_that_leaves_the_round_waiting_stores_nothing_and_tells_nobody():
    table, store, _, dealer = rolling_table()
    heard = []
    table.subscribe(heard.append)
    version = table.version
    table.play.contribute_seed(0, 1, SEEDS[0])
    table.play.contribute_seed(1, 1, SEEDS[1])
    assert store.appends == [] and heard == [] and table.version == version
    assert table.current.fairness.seeds == {}


def test_the_seed_completing_the_round_stores_every_seed_and_the_deal_in_one_append():
    table, store, _, dealer = rolling_table()
    for seat in (2, 0, 1):
        table.play.contribute_seed(seat, 1, SEEDS[seat])
    assert store.appends == [["seed_contributed"] * 3 + ["round_dealt"]]
    logged = [entry.public for entry in store.entries(table.id) if entry.kind == "seed_contributed"]
    assert [(seed["seat"], seed["seed"]) for seed in logged] == [(2, SEEDS[2]), (0, SEEDS[0]), (1, SEEDS[1])]
    assert table.game.phase is Phase.BIDDING
    assert dealer.given == [({str(seat): SEEDS[seat] for seat in range(3)}, {})]


def test_the_deal_at_the_deadline_stores_the_seeds_that_came_with_it():
    table, store, clock, dealer = rolling_table()
    table.play.contribute_seed(1, 1, SEEDS[1])
    clock.advance(1.5)
    assert store.appends == [["seed_contributed", "round_dealt"]]
    assert dealer.given == [({"1": SEEDS[1]}, {0: "late", 2: "late"})]


def test_a_repeated_seed_is_ignored_the_first_one_stands():
    table, store, _, dealer = rolling_table(people=2)
    table.play.contribute_seed(0, 1, SEEDS[0])
    table.play.contribute_seed(0, 1, SEEDS[2])
    assert store.appends == []
    table.play.contribute_seed(1, 1, SEEDS[1])
    assert dealer.given == [({"0": SEEDS[0], "1": SEEDS[1]}, {})]


def test_a_seed_after_the_deal_is_late_and_one_from_outside_the_round_unexpected():
    table, store, _, dealer = rolling_table(people=2)
    table.set_connected(1, False)
    with pytest.raises(TableError) as unexpected:
        table.play.contribute_seed(1, 1, SEEDS[1])
    assert unexpected.value.code == "seed/unexpected"
    table.play.contribute_seed(0, 1, SEEDS[0])
    with pytest.raises(TableError) as late:
        table.play.contribute_seed(0, 1, SEEDS[0])
    assert late.value.code == "seed/late"
    assert store.appends == [["seed_contributed", "round_dealt"]]


def test_seeds_held_for_a_round_are_never_used_for_the_next():
    table, store, _, dealer = rolling_table(people=2, seed_wait_s=1.5)
    for seat in (0, 1):
        table.play.contribute_seed(seat, 1, SEEDS[seat])
    table.play.bid(table.game.turn, 1, 2)
    table.play.liar(table.game.turn)
    table.next_round(0)
    assert table.game.phase is Phase.ROLLING and table.game.round_no == 2
    store.appends.clear()
    table.play.contribute_seed(0, 2, SEEDS[2])
    assert store.appends == []
    table.play.contribute_seed(1, 2, SEEDS[1])
    assert store.appends == [["seed_contributed", "seed_contributed", "round_dealt"]]
    assert dealer.given[-1] == ({"0": SEEDS[2], "1": SEEDS[1]}, {})


def test_a_deal_whose_append_fails_keeps_the_seeds_for_the_deadlines_deal():
    table, store, clock, dealer = rolling_table(people=2)
    table.play.contribute_seed(0, 1, SEEDS[0])
    store.fail_next = True
    with pytest.raises(TableError) as refused:
        table.play.contribute_seed(1, 1, SEEDS[1])
    assert refused.value.code == "store/busy" and table.game.phase is Phase.ROLLING
    clock.advance(1.5)
    assert table.game.phase is Phase.BIDDING
    assert store.appends[-1] == ["seed_contributed", "seed_contributed", "round_dealt"]
    assert dealer.given[-1] == ({"0": SEEDS[0], "1": SEEDS[1]}, {})
