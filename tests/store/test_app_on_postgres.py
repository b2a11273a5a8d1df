"""The app on a PostgreSQL store: chosen by the config's URL, tables created under a lease, leases
renewed on the scheduler, let go once created, and a lease lost to another process logged and the table dropped."""
from __future__ import annotations

import logging
import time

import pytest

from referee.config import Config, load_config
from referee.fairness.keys import Signer
from referee.store.pg_pool import Pool
from referee.store.postgres import PostgresStore
from referee.store.postgres_leases import PostgresLeases
from referee.table.scheduler import ManualScheduler
from referee.table.errors import TableError
from referee.table.fair_dealer import FairDealer
from referee.web.app import create_app


def test_a_postgresql_url_in_the_environment_chooses_the_postgresql_store():
    config = load_config(None, environ={"TAVERN_STORE_DATABASE": "postgresql://tavern@db/tavern",
                                        "TAVERN_STORE_POOL_SIZE": "8", "TAVERN_STORE_LEASE_S": "4.5"})
    assert (config.database, config.pool_size, config.lease_s) == ("postgresql://tavern@db/tavern", 8, 4.5)


def test_the_app_serves_its_tables_under_leases_it_renews(postgres, tmp_path, caplog):
    url = postgres.new_database()
    clock = ManualScheduler()
    config = Config(async_mode="threading", database=url, signing_key=str(tmp_path / "key.pem"), lease_s=3.0,
                    seed_wait_s=0)
    app = create_app(config, dealer=FairDealer(Signer.from_private_bytes(bytes(32))), scheduler=clock)
    created = app.test_client().post("/api/tables", json={"name": "Anna", "rules": {}})
    assert created.status_code == 201, created.get_json()
    table_id = created.get_json()["table"]
    pool = Pool(url, 1)
    other = PostgresLeases(pool, 30.0, owner="other")
    assert [e.kind for e in PostgresStore(pool).entries(table_id)][0] == "table_created"

    def lease() -> tuple[int, float]:
        row = pool.run(lambda conn: conn.execute(
            "SELECT token, EXTRACT(EPOCH FROM expires_at - clock_timestamp()) FROM table_leases WHERE table_id = %s",
            (table_id,)).fetchone())
        return int(row[0]), float(row[1])
    tables = app.extensions["tavern"].tables
    assert tables.loaded(table_id) is None and lease()[1] <= 0  # let go once created: nginx routes it
    table = tables.get(table_id)  # the process its id routes to loads it
    assert lease()[0] == 1 and lease()[1] > 0  # the same owner again: the same token
    clock.advance(1.0)  # a renewal is due every lease_s / 3: still ours
    assert tables.loaded(table_id) is table and lease()[1] > 2
    pool.run(lambda conn: conn.execute("UPDATE table_leases SET expires_at = clock_timestamp() WHERE table_id = %s",
                                       (table_id,)))
    assert other.acquire(table_id).token == 2  # the app's lease had expired: taken over
    with caplog.at_level(logging.ERROR, logger="referee.tables"):
        clock.advance(1.0)
    assert [r.getMessage() for r in caplog.records if r.name == "referee.tables"] == ["table lease lost"]
    assert tables.loaded(table_id) is None  # no longer served here: closed and forgotten
    with pytest.raises(TableError) as refused:
        table.join("Bob", "d1")
    assert refused.value.code == "table/archived"
    with pytest.raises(TableError) as moving:
        tables.get(table_id)
    assert moving.value.code == "table/moving"
    assert pool.run(lambda conn: conn.execute("SELECT wanted_by FROM table_leases WHERE table_id = %s",
                                              (table_id,)).fetchone())[0] == tables._leases.owner
    pool.close()


def postgres_app(url: str, tmp_path, lease_s: float = 3.0, worker: str | None = None):
    config = Config(async_mode="threading", database=url, signing_key=str(tmp_path / "key.pem"), lease_s=lease_s,
                    seed_wait_s=0)
    clock = ManualScheduler()
    app = create_app(config, dealer=FairDealer(Signer.from_private_bytes(bytes(32))), scheduler=clock, worker=worker)
    return app, clock


def test_a_planned_stop_hands_every_lease_back_at_once(postgres, tmp_path, caplog):
    url = postgres.new_database()
    app, _ = postgres_app(url, tmp_path, lease_s=30.0, worker="stopping")
    tables = app.extensions["tavern"].tables
    ids = [app.test_client().post("/api/tables", json={"name": "Anna", "rules": {}}).get_json()["table"] for _ in range(3)]
    for table_id in ids:
        tables.get(table_id)
    with caplog.at_level(logging.INFO, logger="referee.tables"):
        tables.release_all("the worker stops")
    assert [tables.loaded(table_id) for table_id in ids] == [None, None, None]
    assert sorted(r.table for r in caplog.records if r.getMessage() == "table dropped") == sorted(ids)
    pool = Pool(url, 1)
    successor = PostgresLeases(pool, 30.0, owner="successor")
    taken = [successor.acquire(table_id) for table_id in ids]  # at once: no wait for an expiry
    assert [(lease.token, lease.taken_from) for lease in taken] == [(2, "stopping")] * 3
    pool.close()


def test_a_table_nobody_serves_is_taken_over_at_the_next_renewal_with_nobody_connected(postgres, tmp_path, caplog):
    url = postgres.new_database()
    app, clock = postgres_app(url, tmp_path, lease_s=0.3, worker="survivor")
    table_id = app.test_client().post("/api/tables", json={"name": "Anna", "rules": {}}).get_json()["table"]
    pool = Pool(url, 1)
    crashed = PostgresLeases(pool, 0.3, owner="crashed")
    assert crashed.acquire(table_id).token == 2  # then never renewed: the process died
    tables = app.extensions["tavern"].tables
    with caplog.at_level(logging.INFO, logger="referee.tables"):
        for _ in range(1200):  # each renewal looks for orphans: within a few, the table is one
            if tables.loaded(table_id) is not None:
                break
            clock.advance(0.1)
            time.sleep(0.05)
    taken = [r for r in caplog.records if r.getMessage() == "table lease taken" and r.table == table_id]
    assert [(r.why, r.taken_from, r.token) for r in taken][-1] == ("orphaned", "crashed", 3)
    assert tables.loaded(table_id).current is not None
    pool.close()
