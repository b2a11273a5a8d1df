"""The in-process fuzzer: every socket event fed hostile input by players, the referee, a
spectator and another table's host, mixed with legal moves sent in order, out of order and
again (the HTTP routes: test_fuzz_http.py).

Each event is refused cleanly — ``{"ok": false}`` with a stable code (never ``server/error``),
an ``error`` event to the sender only, both tables' state and log untouched — or accepted; after
every run of events the table's log folds back to the live state, no ERROR was logged and every
connection is still served. With test_fuzz_wire.py's batch this is 10,000 events.
"""
from __future__ import annotations

import logging
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask_socketio import SocketIOTestClient
from hypothesis import HealthCheck, Phase as Phases, given, settings, strategies as st

from referee.games.liars_dice.rules import Phase
from referee.table.scheduler import ManualScheduler
from referee.table.table import Table
from referee.table.fair_dealer import FairDealer
from tests.gm.support import SIGNER, Evening, create
from tests.support.app import Harness, make_harness
from tests.support.properties import examples
from tests.web.fuzzing import PLAYER_EVENTS, REFEREE_ONLY, hostile_events, legal_move, resolve

pytestmark = pytest.mark.slow

CODE = re.compile(r"[a-z_]+/[a-z_]+")
STEPS = 100
EXAMPLES = examples(32)
"""Three socket fuzzers of 32 runs of 100 events: 9,600 events in process (time passes now and then
between two events, so that the regulars seated by ``add_bot`` play their turns)."""


class ErrorRecords(logging.Handler):
    """Every record of level ERROR or above, from any logger."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class Bench:
    """A refereed evening with two players, a spectator, a referee; another table with its host."""

    night: Evening
    other: Table
    other_host: SocketIOTestClient
    other_token: str
    spectator: SocketIOTestClient
    logged: ErrorRecords
    joined: list[SocketIOTestClient] = field(default_factory=list)
    history: list[tuple[str, str, tuple[Any, ...]]] = field(default_factory=list)

    @property
    def slots(self) -> dict[str, str]:
        """What the fuzzer's slots stand for at this run's tables."""
        return {"<this table>": self.night.table_id, "<other table>": self.other.id, "<other token>": self.other_token,
                "<referee token>": self.night.token, "<seat token>": self.night.tokens[0]}

    def client(self, who: str) -> SocketIOTestClient:
        if who == "referee":
            return self.night.referee
        if who == "spectator":
            return self.spectator
        if who == "other":
            return self.other_host
        return self.night.players[int(who) % len(self.night.players)]

    def everyone(self) -> list[SocketIOTestClient]:
        return [self.night.referee, self.spectator, self.other_host, *self.night.players.values(), *self.joined]

    def refill(self) -> None:
        """Fuzzing spends every connection's event budget: it refills before each event."""
        connections = self.night.harness.app.extensions["tavern"].connections
        manager = self.night.harness.socketio.server.manager
        for client in self.everyone():
            conn = connections.get(manager.sid_from_eio_sid(client.eio_sid, "/"))
            if conn is not None:
                conn.bucket.tokens = conn.bucket.capacity

    def send(self, who: str, event: str, args: tuple[Any, ...]) -> dict[str, Any]:
        """Send one event and check its answer; returns the acknowledgement."""
        tables = (self.night.table, self.other)
        before = [(table.state, table.version) for table in tables]
        sender = self.client(who)
        for client in self.everyone():
            client.get_received()
        self.refill()
        ack = sender.emit(event, *args, callback=True)
        received = {id(client): client.get_received() for client in self.everyone()}
        assert isinstance(ack, dict) and isinstance(ack.get("ok"), bool), (who, event, args, ack)
        if ack["ok"]:
            self.history.append((who, event, args))
            if sender is not self.other_host:
                assert (self.other.state, self.other.version) == before[1]
            if sender is self.spectator and "seat" in ack:
                self.joined.append(self.spectator)
                self.spectator = self.night.harness.connect(self.night.table_id)
            return ack
        code = ack.get("code")
        assert isinstance(code, str) and CODE.fullmatch(code) and code != "server/error", (who, event, args, ack)
        assert isinstance(ack.get("message"), str) and ack["message"], ack
        assert [(table.state, table.version) for table in tables] == before, (who, event, args, ack)
        assert [(m["name"], m["args"][0]["code"]) for m in received.pop(id(sender))] == [("error", code)]
        assert not any(received.values()), (who, event, args, ack)
        return ack

    def close(self) -> None:
        """Disconnect every client of this bench (the app serves the next run)."""
        for client in self.everyone():
            if client.is_connected():
                client.disconnect()

    def settle(self) -> None:
        """After a run: nothing logged an error, the log folds to the live state, everyone is served."""
        assert not self.logged.records, [record.getMessage() for record in self.logged.records]
        live = self.night.table
        assert live.game is None or live.game.phase is not Phase.ROLLING, "with no seed wait a round is dealt at once"
        folded = Table.load(live.id, live._events, live._dealer, ManualScheduler(), 0)  # a second reader of the log
        assert folded.current == live.current and folded.version == live.version
        for client in self.everyone():
            self.refill()
            sync = "referee_sync" if client is self.night.referee else "sync"
            assert client.emit(sync, {}, callback=True) == {"ok": True}


@pytest.fixture(scope="module")
def rig() -> Iterator[tuple[Harness, ErrorRecords]]:
    """One app for every run (a run gets fresh tables), and the ERROR records of every logger."""
    logged = ErrorRecords()
    logging.getLogger().addHandler(logged)
    try:
        yield make_harness(FairDealer(SIGNER)), logged
    finally:
        logging.getLogger().removeHandler(logged)


def new_bench(harness: Harness, logged: ErrorRecords) -> Bench:
    """A refereed table with game 1 running (two players, a spectator, the referee) and another table."""
    table_id, token, _ = create(harness, {"cheating": True}, dice_per_player=2, turn_timer_s=0)
    referee = harness.socketio.test_client(harness.app, auth={"table": table_id, "referee_token": token})
    players, tokens = {}, {}
    for seat, name in enumerate(["Анна", "Бен"]):
        players[seat], tokens[seat] = harness.join(table_id, name)
    night = Evening(harness, table_id, token, referee, players, tokens)
    assert night.ref("referee_start")["ok"]
    other_id, other_token = harness.create_table("Чужой")
    other_host = harness.connect(other_id, other_token)
    spectator = harness.connect(table_id)
    other = harness.app.extensions["tavern"].tables.get(other_id)
    return Bench(night, other, other_host, other_token, spectator, logged)


def steps(roles: list[str]) -> st.SearchStrategy[list[tuple[str, Any, Any]]]:
    """Runs of ``STEPS`` events: hostile sends, legal moves, and replays of an earlier accepted event."""
    own = REFEREE_ONLY if "referee" in roles else PLAYER_EVENTS
    hostile = st.tuples(st.just("send"), st.sampled_from(roles), hostile_events(own))
    move = st.tuples(st.just("move"), st.just(""), st.none())
    replay = st.tuples(st.just("replay"), st.just(""), st.integers(0, 10 ** 6))
    return st.lists(st.one_of(hostile, hostile, hostile, move, replay), min_size=STEPS, max_size=STEPS)


def run(rig: tuple[Harness, ErrorRecords], data: st.DataObject, roles: tuple[str, ...]) -> None:
    """Draw a run for ``roles`` (with fresh tables' ids and tokens to try), send it with the clock
    moving forward before some events, then settle."""
    harness, logged = rig
    bench = new_bench(harness, logged)
    plan = data.draw(PLANS[roles], label="plan")
    rng = random.Random(data.draw(st.integers(0, 2 ** 32), label="moves"))
    ticks = data.draw(st.sets(st.integers(0, STEPS - 1), max_size=STEPS // 10), label="ticks")
    for step, (kind, who, detail) in enumerate(plan):
        if step in ticks:
            harness.clock.advance(5.0)  # time passes: the regulars seated by add_bot play their turns
        if kind == "send":
            event, args = detail
            bench.send(who, event, resolve(args, bench.slots))
        elif kind == "move":
            mover, event, payload = legal_move(bench.night.table, rng)
            bench.send(mover, event, (payload,))
        elif bench.history:
            bench.send(*bench.history[detail % len(bench.history)])
        else:
            bench.send("0", "sync", ({},))
    bench.settle()
    bench.close()


ROLES = (("0", "1"), ("referee",), ("spectator", "other", "0"))
PLANS = {roles: steps(list(roles)) for roles in ROLES}

fuzz = settings(max_examples=EXAMPLES, deadline=None, database=None, phases=[Phases.generate],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
"""No shrinking: a run is long and stateful; a failure names the event, payload and answer at once."""


@fuzz
@given(data=st.data())
def test_players_fed_anything_are_refused_cleanly_or_play_legally(rig, data):
    run(rig, data, ROLES[0])


@fuzz
@given(data=st.data())
def test_the_referee_fed_anything_is_refused_cleanly_or_referees_legally(rig, data):
    run(rig, data, ROLES[1])


@fuzz
@given(data=st.data())
def test_a_spectator_or_another_tables_host_fed_anything_changes_nothing_here_by_a_refusal(rig, data):
    run(rig, data, ROLES[2])
