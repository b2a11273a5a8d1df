"""Table leases in PostgreSQL: one owner at a time, a token that grows on takeover, and appends fenced by it."""
from __future__ import annotations

import threading

import pytest

from referee.store.base import NewEntry, StoreError
from referee.store.leases import StoreFenced, StoreLeased
from referee.store.pg_pool import Pool
from referee.store.postgres import PostgresStore
from referee.store.postgres_leases import PostgresLeases


class Process:
    """What one server process has: its own pool, its leases and its fenced store."""

    def __init__(self, url: str, name: str, lease_s: float = 30.0) -> None:
        self.pool = Pool(url, 2)
        self.leases = PostgresLeases(self.pool, lease_s, owner=name)
        self.store = PostgresStore(self.pool, leases=self.leases)

    def close(self) -> None:
        self.store.close()


@pytest.fixture
def url(postgres):
    return postgres.new_database()


@pytest.fixture
def processes(url):
    opened: list[Process] = []

    def process(name: str, lease_s: float = 30.0) -> Process:
        opened.append(Process(url, name, lease_s))
        return opened[-1]
    yield process
    for each in opened:
        each.close()


def created():
    return [NewEntry("table_created", {"id": "t1"})]


def test_a_live_lease_keeps_every_other_process_out(processes):
    a, b = processes("a"), processes("b")
    lease = a.leases.acquire("t1")
    assert (lease.owner, lease.token) == ("a", 1) and lease.expires_at is not None
    with pytest.raises(StoreLeased) as refused:
        b.leases.acquire("t1")
    assert refused.value.code == "store/leased" and refused.value.owner == "a"
    assert a.leases.acquire("t1").token == 1  # taking one's own lease again renews it
    assert b.leases.token("t1") is None and a.leases.held() == ["t1"]


def test_an_expired_lease_is_taken_over_with_a_larger_token_and_the_old_owner_is_fenced(processes):
    a, b = processes("a", lease_s=0.0), processes("b")  # a's lease expires as soon as it is taken
    a.leases.acquire("t1")
    a.store.append("t1", created(), 0)
    assert b.leases.acquire("t1").token == 2
    with pytest.raises(StoreFenced) as refused:
        a.store.append("t1", [NewEntry("bid", {"seat": 0})], 1)
    assert refused.value.code == "store/fenced"
    assert [e.seq for e in b.store.entries("t1")] == [1]
    assert b.store.append("t1", [NewEntry("bid", {"seat": 1})], 1)[0].seq == 2
    with pytest.raises(StoreFenced):
        a.leases.renew("t1")
    assert a.leases.held() == [] and [e.public for e in a.store.entries("t1")][1] == {"seat": 1}


def test_an_append_without_a_lease_is_fenced_and_writes_nothing(processes):
    a = processes("a")
    with pytest.raises(StoreFenced):
        a.store.append("t1", created(), 0)
    assert a.store.entries("t1") == [] and a.store.table_ids() == []


def test_a_lease_given_back_is_taken_by_the_next_owner_with_a_larger_token(processes):
    a, b = processes("a"), processes("b")
    a.leases.acquire("t1")
    a.leases.release("t1")
    assert a.leases.held() == [] and b.leases.acquire("t1").token == 2
    with pytest.raises(StoreFenced):
        a.store.append("t1", created(), 0)


def test_renewing_all_leases_reports_the_ones_taken_over(processes):
    a, b = processes("a", lease_s=0.0), processes("b")
    a.leases.acquire("t1")
    a.leases.acquire("t2")
    b.leases.acquire("t2")
    assert a.leases.renew_all() == ["t2"]
    assert a.leases.held() == ["t1"] and a.leases.renew("t1").token == 1


def test_processes_racing_for_one_lease_exactly_one_gets_it(processes):
    for round_ in range(10):
        contenders = [processes(f"p{round_}-{i}") for i in range(3)]
        start = threading.Barrier(len(contenders))
        outcomes: list[object] = [None] * len(contenders)

        def take(index: int) -> None:
            start.wait()
            try:
                outcomes[index] = contenders[index].leases.acquire(f"t{round_}")
            except StoreError as error:
                outcomes[index] = error

        threads = [threading.Thread(target=take, args=(i,)) for i in range(len(contenders))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(type(o).__name__ for o in outcomes) == ["Lease", "StoreLeased", "StoreLeased"], outcomes


def test_a_take_names_the_process_it_took_the_table_from(processes):
    a, b = processes("a", lease_s=0.0), processes("b")
    first = a.leases.acquire("t1")
    assert (first.previous, first.taken_from) == (None, None)  # a new lease
    taken = b.leases.acquire("t1")
    assert (taken.token, taken.previous, taken.taken_from) == (2, "a", "a")  # a's lease had expired
    assert b.leases.acquire("t1").taken_from is None and b.leases.renew("t1").taken_from is None  # renewals


def test_orphans_are_the_tables_not_archived_whose_lease_expired_or_was_given_back_a_grace_ago(processes):
    gone, alive = processes("gone", lease_s=0.0), processes("alive")  # gone's leases expire as they are taken
    for table in ("t1", "t2", "t3", "t5"):
        gone.leases.acquire(table)
        gone.store.append(table, created(), 0)
    gone.store.set_archived("t3", True)
    gone.leases.release("t5")  # given back: left a grace for the process a client reaches
    alive.leases.acquire("t4")
    alive.store.append("t4", created(), 0)
    assert alive.leases.orphans(3600.0) == ["t1", "t2"]  # expired unrenewed: at once, the longest orphaned first
    assert alive.leases.orphans(0.0) == ["t1", "t2", "t5"]
    alive.leases.acquire("t1")
    assert alive.leases.orphans(0.0) == ["t2", "t5"]


def test_the_report_lists_every_table_with_its_lease(processes):
    a, b = processes("a"), processes("b", lease_s=0.0)
    a.leases.acquire("t1")
    a.store.append("t1", created(), 0)
    b.leases.acquire("t2")
    b.store.append("t2", created(), 0)
    a.leases.ask("t2")
    rows = {row.table: row for row in a.leases.report()}
    assert (rows["t1"].owner, rows["t1"].token, rows["t1"].head, rows["t1"].archived) == ("a", 1, 1, False)
    assert rows["t1"].left_ms is not None and rows["t1"].left_ms > 20_000
    assert rows["t2"].owner == "b" and rows["t2"].left_ms is not None and rows["t2"].left_ms <= 0
    assert rows["t2"].wanted_by == "a"
