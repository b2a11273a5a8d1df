"""The store interface, for every implementation: batches are atomic, heads are checked, the chain holds.

Each test runs against every store of ``tests/store/conftest.py``'s ``STORES``: SQLite in memory,
SQLite on disk and a real PostgreSQL.
"""
from __future__ import annotations

import threading

import pytest

from referee.store.base import NewEntry, Store, StoreConflict, StoreError
from referee.store.chain import GENESIS, entry_hash
from referee.store.log import EventLog
from referee.store import sealing


class Clock:
    """A clock the test moves by hand (Unix seconds)."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock_and_store(opener):
    clock = Clock()
    store: Store = opener(clock)
    yield clock, store
    store.close()


@pytest.fixture
def store(clock_and_store):
    return clock_and_store[1]


def created(table="t1"):
    return [NewEntry("table_created", {"id": table}), NewEntry("seat_taken", {"seat": 0}, {"token_digest": "d0"})]


def test_a_batch_gets_consecutive_seqs_chained_to_the_head(store):
    first = store.append("t1", created(), 0)
    more = store.append("t1", [NewEntry("bid", {"seat": 0, "quantity": 2, "face": 3})], 2)
    entries = store.entries("t1")
    assert [e.seq for e in entries] == [1, 2, 3]
    assert entries == first + more
    assert entries[0].prev_hash == GENESIS
    for before, entry in zip(entries, entries[1:]):
        assert entry.prev_hash == before.hash
    for entry in entries:
        assert entry.hash == entry_hash(entry.prev_hash, entry.seq, entry.kind, entry.public, entry.secret_digest,
                                        entry.at)


def test_head_is_the_last_seq_of_a_table_and_zero_for_an_unknown_one(store):
    assert store.head("t1") == 0
    store.append("t1", created(), 0)
    store.append("t2", created("t2")[:1], 0)
    assert (store.head("t1"), store.head("t2"), store.head("nope")) == (2, 1, 0)


def test_a_secret_part_is_kept_and_only_its_digest_is_chained(store):
    store.append("t1", created(), 0)
    seat = store.entries("t1")[1]
    assert seat.secret == {"token_digest": "d0"} and seat.secret_digest is not None


def test_an_append_behind_the_head_is_refused_with_store_conflict_and_writes_nothing(store):
    store.append("t1", created(), 0)
    with pytest.raises(StoreConflict) as refused:
        store.append("t1", [NewEntry("bid", {"seat": 0})], 1)
    assert refused.value.code == "store/conflict" and (refused.value.expected, refused.value.head) == (1, 2)
    with pytest.raises(StoreConflict):
        store.append("t1", created(), 0)
    assert [e.seq for e in store.entries("t1")] == [1, 2]


def test_a_new_table_must_be_expected_at_zero(store):
    with pytest.raises(StoreError) as refused:
        store.append("t2", created("t2"), 5)
    assert refused.value.code == "store/conflict"
    assert store.entries("t2") == [] and store.table_ids() == []


def test_a_batch_that_fails_half_way_writes_none_of_its_entries(store):
    store.append("t1", created(), 0)
    unstorable = NewEntry("chat_posted", {"text": object()})
    with pytest.raises(TypeError):
        store.append("t1", [NewEntry("bid", {"seat": 0}), unstorable], 2)
    assert [e.seq for e in store.entries("t1")] == [1, 2]
    assert store.append("t1", [NewEntry("bid", {"seat": 0})], 2)[0].seq == 3


def test_an_empty_batch_writes_nothing(store):
    assert store.append("t1", [], 0) == [] and store.table_ids() == []


def test_tables_lists_each_head_and_the_time_of_its_last_entry(clock_and_store):
    clock, store = clock_and_store
    store.append("t1", created("t1"), 0)
    clock.now += 10
    store.append("t2", created("t2"), 0)
    store.append("t2", [NewEntry("bid", {"seat": 0})], 2)
    records = {r.table: r for r in store.tables()}
    assert (records["t1"].head, records["t2"].head) == (2, 3)
    assert records["t2"].last_at - records["t1"].last_at == 10_000
    assert store.table_ids() == ["t1", "t2"]


def test_an_archived_table_is_listed_apart_and_an_append_makes_it_live_again(store):
    store.append("t1", created("t1"), 0)
    store.append("t2", created("t2"), 0)
    store.set_archived("t1", True)
    assert [r.table for r in store.tables(archived=False)] == ["t2"]
    assert [r.table for r in store.tables(archived=True)] == ["t1"]
    assert len(store.entries("t1")) == 2
    store.append("t1", [NewEntry("bid", {"seat": 0})], 2)
    assert [r.table for r in store.tables(archived=True)] == []


def test_entries_are_the_sqlite_stores_byte_for_byte(clock_and_store, monkeypatch):
    clock, store = clock_and_store
    monkeypatch.setattr(sealing, "new_secret", lambda: bytes(range(32)))  # both stores salt alike
    reference = EventLog(":memory:", clock=clock)
    batches = [created(), [NewEntry("bid", {"seat": 0, "text": "ставка «5×3»", "n": [1, 2.5, None, True]},
                                    {"hands": {"0": [6, 6, 1]}, "nested": {"b": 1, "a": 2}})]]
    expected = 0
    for batch in batches:
        assert store.append("t1", batch, expected) == reference.append("t1", batch, expected)
        expected += len(batch)
        clock.now += 1.5
    assert store.entries("t1") == reference.entries("t1")
    assert store.entries("t1")[-1].salt == bytes(range(32)).hex()
    assert [e.hash for e in store.entries("t1")] == [e.hash for e in reference.entries("t1")]
    reference.close()


RACES = 15


def test_two_writers_racing_for_one_table_exactly_one_wins_each_time(shared_opener):
    clock = Clock()
    writers = [shared_opener(clock), shared_opener(clock)]
    writers[0].append("t1", created(), 0)
    for race in range(RACES):
        head = writers[0].head("t1")
        start = threading.Barrier(2)
        outcomes: list[object] = [None, None]

        def write(index: int) -> None:
            start.wait()
            try:
                outcomes[index] = writers[index].append("t1", [NewEntry("bid", {"writer": index, "race": race})], head)
            except StoreConflict as conflict:
                outcomes[index] = conflict

        threads = [threading.Thread(target=write, args=(index,)) for index in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        won = [o for o in outcomes if isinstance(o, list)]
        lost = [o for o in outcomes if isinstance(o, StoreConflict)]
        assert (len(won), len(lost)) == (1, 1), outcomes
        assert lost[0].code == "store/conflict" and lost[0].head == head + 1
    entries = writers[1].entries("t1")
    assert [e.seq for e in entries] == list(range(1, 3 + RACES))
    assert [e.public["race"] for e in entries[2:]] == list(range(RACES))
    prev = GENESIS
    for entry in entries:
        assert entry.prev_hash == prev
        assert entry.hash == entry_hash(prev, entry.seq, entry.kind, entry.public, entry.secret_digest, entry.at)
        prev = entry.hash
    for writer in writers:
        writer.close()
