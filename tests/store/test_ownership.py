"""Tables served under their lease: one process creates and serves a table, another may not load it
until the lease expires or is handed over, and then the first one's appends are fenced."""
from __future__ import annotations

import pytest

from referee.fairness.keys import Signer
from referee.store.pg_pool import Pool
from referee.store.postgres import PostgresStore
from referee.store.postgres_leases import PostgresLeases
from referee.table.errors import TableError
from referee.table.fair_dealer import FairDealer
from referee.table.registry import Tables
from referee.table.scheduler import ManualScheduler

RULES = {"dice_per_player": 2}


def server(url: str, name: str, lease_s: float) -> tuple[Tables, PostgresLeases]:
    scheduler = ManualScheduler()
    pool = Pool(url, 2)
    leases = PostgresLeases(pool, lease_s, owner=name)
    store = PostgresStore(pool, scheduler.now, leases)
    return Tables(store, FairDealer(Signer.from_private_bytes(bytes(32))), scheduler, leases=leases), leases


def test_a_table_is_served_by_the_process_holding_its_lease_only(postgres):
    url = postgres.new_database()
    first, first_leases = server(url, "first", lease_s=30.0)
    second, _ = server(url, "second", lease_s=30.0)
    table = first.create(RULES)
    assert first_leases.held() == [table.id]
    with pytest.raises(TableError) as refused:
        second.get(table.id)
    assert refused.value.code == "table/moving"  # and the first one is asked to hand it over
    assert first_leases.wanted() == [table.id]


def test_after_a_takeover_the_old_owner_cannot_change_the_table(postgres):
    url = postgres.new_database()
    first, _ = server(url, "first", lease_s=0.0)  # its leases expire at once: the next process may take over
    second, second_leases = server(url, "second", lease_s=30.0)
    table = first.create(RULES)
    head = table.version
    taken = second.get(table.id)
    assert second_leases.held() == [table.id] and taken.version == head
    with pytest.raises(TableError) as refused:
        table.join("Ann", "d0")
    assert refused.value.code == "store/fenced" and table.version == head
    taken.join("Bob", "d1")
    assert taken.version > head


def test_a_table_asked_for_is_handed_over_at_the_next_renewal(postgres):
    url = postgres.new_database()
    first, first_leases = server(url, "first", lease_s=30.0)
    second, second_leases = server(url, "second", lease_s=30.0)
    table = first.create(RULES)
    with pytest.raises(TableError):
        second.get(table.id)
    first.keep_leases()  # the renewal sees the request: the table is dropped and its lease given back
    assert first.loaded(table.id) is None and first_leases.held() == []
    taken = second.get(table.id)
    assert second_leases.held() == [table.id] and second_leases.wanted() == [] and taken.version == table.version
    taken.join("Bob", "d1")


def test_a_fenced_append_drops_the_table_at_once(postgres):
    url = postgres.new_database()
    first, _ = server(url, "first", lease_s=0.0)
    second, _ = server(url, "second", lease_s=30.0)
    table = first.create(RULES)
    second.get(table.id)
    with pytest.raises(TableError):
        table.join("Ann", "d0")
    first._scheduler.advance(0)  # the drop runs right after the refused command
    assert first.loaded(table.id) is None
