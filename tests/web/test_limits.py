"""The limits of [limits], in one process: each refusal has its code, goes to the sender only,
changes nothing, and the server keeps serving everybody else."""
from __future__ import annotations

import pytest
from flask_socketio import ConnectionRefusedError

from referee.config import Config, Limits
from referee.table.scheduler import ManualScheduler
from referee.web.app import create_app
from referee.web.connections import Connections
from referee.web.payloads import token_digest
from tests.support.app import Harness, last_state
from tests.support.dealers import PlainDealer


def harness_with(**limits) -> Harness:
    """An in-process app (threading, in-memory log, manual clock) with these ``[limits]``."""
    config = Config(async_mode="threading", database=":memory:", signing_key="unused", seed_wait_s=0,
                    limits=Limits(**limits))
    clock = ManualScheduler()
    return Harness(create_app(config, dealer=PlainDealer(), scheduler=clock), clock)


def http_from(harness: Harness, address: str):
    """A Flask test client whose requests come from ``address``."""
    client = harness.app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def connect_from(harness: Harness, address: str, auth: dict):
    client = harness.socketio.test_client(harness.app, auth=auth, flask_test_client=http_from(harness, address))
    harness.clients.append(client)
    return client


def tables_known(harness: Harness) -> int:
    return len(harness.app.extensions["tavern"].tables.load_all())


# -- HTTP ------------------------------------------------------------------------------------


def test_a_body_past_the_limit_is_refused_413_with_a_code_and_creates_nothing():
    harness = harness_with(http_body_bytes=1024)
    http = harness.app.test_client()
    reply = http.post("/api/tables", json={"name": "Anna", "rules": {}, "pad": "x" * 2000})
    assert reply.status_code == 413
    assert reply.get_json()["code"] == "limit/body_too_large" and "1024" in reply.get_json()["message"]
    assert tables_known(harness) == 0
    assert http.post("/api/tables", json={"name": "Anna"}).status_code == 201


def test_the_socket_transport_announces_and_enforces_the_message_limit():
    harness = harness_with(message_bytes=512)
    opened = harness.app.test_client().get("/socket.io/?EIO=4&transport=polling")
    assert opened.status_code == 200 and '"maxPayload":512' in opened.get_data(as_text=True)
    assert harness.socketio.server.eio.max_http_buffer_size == 512


def test_an_address_creates_its_burst_of_tables_then_is_refused_429_while_others_are_not():
    harness = harness_with(tables_burst=3, tables_per_minute=0)
    home = http_from(harness, "10.0.0.7")
    for body in ({"name": "Anna"}, {"name": "Anna"}, {"referee": {"name": "GM"}}):
        assert home.post("/api/tables", json=body).status_code == 201
    for body in ({"name": "Anna"}, {"referee": {"name": "GM"}}):
        refused = home.post("/api/tables", json=body)
        assert refused.status_code == 429 and refused.get_json()["code"] == "rate/tables"
        assert refused.get_json()["message"]
    assert tables_known(harness) == 3
    assert http_from(harness, "10.0.0.8").post("/api/tables", json={"name": "Ben"}).status_code == 201


# -- connections -----------------------------------------------------------------------------


def test_admission_refuses_past_the_connections_per_address_with_a_code_and_a_message():
    conns = Connections(Limits(connections_per_address=2))
    conns.admit("a", "10.0.0.7", {"table": "t1"})
    conns.add("a", "t1", None)
    conns.admit("b", "10.0.0.7", {"table": "t2"})
    with pytest.raises(ConnectionRefusedError) as refused:
        conns.admit("c", "10.0.0.7", {"table": "t3"})
    assert refused.value.error_args["data"]["code"] == "limit/address_connections"
    assert refused.value.error_args["data"]["message"]
    conns.admit("d", "10.0.0.8", {"table": "t1"})
    conns.remove("a")
    conns.admit("e", "10.0.0.7", {"table": "t1"})


def test_admission_refuses_past_the_connections_per_table():
    conns = Connections(Limits(connections_per_table=2, connections_per_address=0))
    for sid, address in (("a", "10.0.0.1"), ("b", "10.0.0.2")):
        conns.admit(sid, address, {"table": "t1"})
        conns.add(sid, "t1", None)
    with pytest.raises(ConnectionRefusedError) as refused:
        conns.admit("c", "10.0.0.3", {"table": "t1", "token": "whatever"})
    assert refused.value.error_args["data"]["code"] == "limit/table_connections"
    conns.admit("d", "10.0.0.3", {"table": "t2"})


def test_connections_past_the_limit_are_refused_and_the_others_keep_playing():
    harness = harness_with(connections_per_address=3)
    table, token = harness.create_table()
    anna = connect_from(harness, "10.0.0.7", {"table": table, "token": token})
    watchers = [connect_from(harness, "10.0.0.7", {"table": table}) for _ in range(2)]
    refused = connect_from(harness, "10.0.0.7", {"table": table})
    assert all(c.is_connected() for c in [anna, *watchers]) and not refused.is_connected()
    assert connect_from(harness, "10.0.0.8", {"table": table}).is_connected()
    assert anna.emit("sync", {}, callback=True) == {"ok": True}
    watchers[0].disconnect()
    assert connect_from(harness, "10.0.0.7", {"table": table}).is_connected()


# -- event budgets and the cut-off -----------------------------------------------------------


def test_more_connections_with_one_seat_token_share_one_event_budget():
    harness = harness_with(events_burst=6, events_per_second=0, cut_off_after=0)
    table, token = harness.create_table()
    tabs = [harness.connect(table, token) for _ in range(3)]
    acks = [tab.emit("sync", {}, callback=True) for _ in range(4) for tab in tabs]
    assert sum(ack["ok"] for ack in acks) == 6
    assert {ack["code"] for ack in acks if not ack["ok"]} == {"rate/limited"}
    ben, _ = harness.join(table, "Ben")
    assert ben.emit("sync", {}, callback=True) == {"ok": True}


def test_a_spectator_spending_its_budget_leaves_another_spectator_of_its_address_its_own():
    harness = harness_with(events_burst=3, events_per_second=0, cut_off_after=0)
    table, _ = harness.create_table()
    greedy, friend = (connect_from(harness, "10.0.0.7", {"table": table}) for _ in range(2))
    assert [greedy.emit("sync", {}, callback=True)["ok"] for _ in range(4)] == [True, True, True, False]
    assert friend.emit("join", {"name": "Ben"}, callback=True)["ok"]


def test_a_connection_that_keeps_sending_past_its_budget_is_cut_off_and_the_others_keep_playing():
    harness = harness_with(events_burst=5, events_per_second=0, cut_off_after=10)
    table, token = harness.create_table()
    anna = harness.connect(table, token)
    flooder = harness.connect(table)
    for _ in range(5):
        assert flooder.emit("sync", {}, callback=True) == {"ok": True}
    acks = [flooder.emit("sync", {}, callback=True) for _ in range(9)]
    assert {ack["code"] for ack in acks} == {"rate/limited"} and flooder.is_connected()
    last = flooder.emit("sync", {}, callback=True)
    assert last["code"] == "rate/cut_off" and last["message"]
    assert not flooder.is_connected()
    last_state(anna)
    assert anna.emit("sync", {}, callback=True) == {"ok": True}
    assert last_state(anna)["table"]["spectators"] == 0
    other, other_token = harness.create_table("Ben")
    assert harness.connect(other, other_token).emit("sync", {}, callback=True) == {"ok": True}
    assert not harness.connect(table).is_connected()
    assert harness.connect(table, token).is_connected()


def test_after_a_cut_off_the_same_token_or_address_is_refused_for_a_while_and_nobody_else():
    now = [0.0]
    conns = Connections(Limits(events_burst=1, events_per_second=0, cut_off_after=1, cut_off_s=10),
                        clock=lambda: now[0])
    conns.admit("a", "10.0.0.7", {"table": "t1", "token": "anna"})
    seated = conns.add("a", "t1", 0, token_digest=token_digest("anna"))
    conns.admit("b", "10.0.0.7", {"table": "t1"})
    watching = conns.add("b", "t1", None)
    for conn in (seated, watching):
        assert conns.spend(conn) and not conns.spend(conn) and conns.is_flooding(conn)
        conns.penalize(conn)
        conns.remove(conn.sid)
    for auth in ({"table": "t1", "token": "anna"}, {"table": "t1"}):
        with pytest.raises(ConnectionRefusedError) as refused:
            conns.admit("c", "10.0.0.7", auth)
        assert refused.value.error_args["data"]["code"] == "rate/cut_off"
    conns.admit("d", "10.0.0.7", {"table": "t1", "token": "ben"})
    conns.admit("e", "10.0.0.7", {"table": "t2"})
    conns.admit("f", "10.0.0.8", {"table": "t1"})
    now[0] = 10.5
    conns.admit("g", "10.0.0.7", {"table": "t1", "token": "anna"})
    conns.admit("h", "10.0.0.7", {"table": "t1"})


def test_the_cut_off_counts_only_refusals_within_its_window():
    now = [0.0]
    conns = Connections(Limits(events_burst=1, events_per_second=0, cut_off_after=3, cut_off_window_s=10),
                        clock=lambda: now[0])
    conn = conns.add("sid", "t1", None)
    assert conns.spend(conn)
    verdicts = []
    for moment in (1.0, 2.0, 15.0, 16.0, 17.0):
        now[0] = moment
        verdicts.append((conns.spend(conn), conns.is_flooding(conn)))
    assert verdicts == [(False, False)] * 4 + [(False, True)]


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_one_limited():
    harness = harness_with(tables_burst=1, tables_per_minute=0, trusted_proxies=1)
    proxy = http_from(harness, "127.0.0.1")

    def create(forwarded_for: str) -> int:
        return proxy.post("/api/tables", json={"name": "Anna"}, headers={"X-Forwarded-For": forwarded_for}).status_code

    assert [create("203.0.113.5"), create("203.0.113.5"), create("198.51.100.7")] == [201, 429, 201]


def test_without_a_trusted_proxy_a_forwarded_address_is_ignored():
    harness = harness_with(tables_burst=1, tables_per_minute=0)
    home = http_from(harness, "10.0.0.7")
    statuses = [home.post("/api/tables", json={"name": "Anna"}, headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
                for n in (1, 2)]
    assert statuses == [201, 429]
