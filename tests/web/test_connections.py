"""Connections are kept by table: whatever comes and goes, each table's counts are what a scan of
every connection of the process would find, and the limits of ``admit`` count the same."""
from __future__ import annotations

import pytest
from flask_socketio import ConnectionRefusedError
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.config import Limits
from referee.web.connections import Connections
from tests.support.properties import examples

TABLES = ("t1", "t2", "t3")
ADDRESSES = ("10.0.0.1", "10.0.0.2")

steps = st.lists(st.one_of(
    st.tuples(st.just("add"), st.sampled_from(TABLES), st.one_of(st.none(), st.integers(0, 3)),
              st.sampled_from(ADDRESSES), st.booleans()),
    st.tuples(st.just("remove"), st.integers(0, 40)),
    st.tuples(st.just("sit"), st.integers(0, 40), st.integers(0, 3)),
    st.tuples(st.just("stand"), st.integers(0, 40)),
), max_size=60)


def scanned(live: dict, table: str) -> dict:
    """What each query of ``table`` is, by scanning every live connection."""
    here = [c for c in live.values() if c.table == table]
    return {"seated": sorted(c.sid for c in here if c.seat is not None),
            "online": [sum(1 for c in here if c.seat == seat) for seat in range(4)],
            "spectators": sum(1 for c in here if c.seat is None and not c.referee),
            "referees": sorted(c.sid for c in here if c.referee)}


def asked(conns: Connections, table: str) -> dict:
    return {"seated": sorted(c.sid for c in conns.seated(table)),
            "online": [conns.online(table, seat) for seat in range(4)],
            "spectators": conns.spectators(table),
            "referees": sorted(c.sid for c in conns.referees(table))}


@settings(max_examples=examples(200), deadline=None)
@given(steps)
def test_each_tables_counts_are_those_a_scan_of_every_connection_finds(plan):
    conns, live, made = Connections(), {}, []
    for step in plan:
        if step[0] == "add":
            _, table, seat, address, referee = step
            sid = f"sid{len(made)}"
            conns.admit(sid, address, {"table": table})
            conn = conns.add(sid, table, seat if not referee else None, "d" if seat is not None else None)
            conn.referee = referee
            live[sid] = conn
            made.append(sid)
        elif made:
            sid = made[step[1] % len(made)]
            if step[0] == "remove":
                assert conns.remove(sid) is live.pop(sid, None)
            elif sid in live and step[0] == "sit":
                live[sid].sit(step[2], "d")
            elif sid in live:
                live[sid].stand()
        for table in TABLES:
            assert asked(conns, table) == scanned(live, table)
        assert all(conns.get(sid) is live.get(sid) for sid in made)


def test_the_limits_count_the_connections_still_here_and_those_admitted_but_not_yet_added():
    conns = Connections(Limits(connections_per_address=3, connections_per_table=2))
    conns.admit("a", "10.0.0.1", {"table": "t1"})
    conns.add("a", "t1", seat=None)
    conns.admit("b", "10.0.0.1", {"table": "t1"})  # admitted, not added yet
    with pytest.raises(ConnectionRefusedError) as table_full:
        conns.admit("c", "10.0.0.2", {"table": "t1"})
    assert table_full.value.error_args["data"]["code"] == "limit/table_connections"
    conns.admit("c", "10.0.0.1", {"table": "t2"})
    with pytest.raises(ConnectionRefusedError) as address_full:
        conns.admit("d", "10.0.0.1", {"table": "t3"})
    assert address_full.value.error_args["data"]["code"] == "limit/address_connections"
    conns.remove("a")
    conns.admit("d", "10.0.0.1", {"table": "t1"})
    conns.add("b", "t1", seat=0, token_digest="d0")
    assert conns.spectators("t1") == 0 and conns.online("t1", 0) == 1
