"""One load generator process of bench/load.py: whole tables of python-socketio clients on gevent.

bench/load.py starts it as ``python bench/_load_generator.py`` and talks JSON lines: it writes the
orders ``{"kind": "tavern"|"bare", "url", "tables", "seats", "seed", "think_s": [lo, hi],
"sizes": [int]}``; this process sets the tables up (tavern: ``POST /api/tables``, the host
connects with its token, every other client connects and ``join``s; bare: the clients connect
with ``auth {"table": …}``) and answers ``{"ready": clients}``; bench/load.py then writes
``{"start", "end"}`` (``time.monotonic`` values: the measured window, the same clock in every
process), the games start at once (each table after a random 0–2 s), and after the window this
process answers one report (``Report``) and exits.

Every client is a python-socketio ``Client``; gevent's monkey-patching turns its threads into
greenlets, so one process holds thousands of them. A tavern seat behaves as the table page with
a person: on ``state`` in phase rolling it sends its ``seed`` at once (bench/_load_seat.py), and
when it has a move it sends it after a think time drawn from ``think_s`` (a seeded ``Random`` per
table). A bare table's seats take turns: after a think time one sends ``ping`` and the bare
server broadcasts one ``state`` of the next size from ``sizes`` (the tavern's bytes, each table from
its own place in the list) to the table.
One sample is the time from a move's emit until every seat of its table holds a ``state`` of a
newer version. ``lag_ms`` is how late a 50 ms sleep of this process wakes: when it grows, this
process, not the server, is what is being measured. Twice a second a newcomer opens a random
table's page as a spectator (at the bare server, asking for a first ``state``): ``first_state_ms``
is how long from its connecting until its first ``state``.
Once set up, the clients are frozen out of the collector (``gc.freeze``), as ``referee serve``
freezes its start-up: a full pass over a thousand clients' objects held this process's loop for
tens of milliseconds, and the samples with it. Then the collector is off until the process
exits: each seat holds the merged state of its table (a few hundred objects), and at 2,000
players the collector's passes over them, young or old, stalled the loop by 30-80 ms (the
tavern's generator lagged 51-82 ms at p99, the bare server's, whose states hold two values,
9-21; a page is one client in its own heap). The garbage left to reference cycles meanwhile
is ~0.7 MB a second at 2,000 players. The clients read their packets as a page does
(bench/_page_client.py).
"""
from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import gc  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import gevent  # noqa: E402
import gevent.pool  # noqa: E402
import socketio  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._load_seat import decide, seed_for  # noqa: E402
from bench._page_client import PageClient, SizedClient  # noqa: E402
from referee.state_parts import FEED_EVENTS, StateFeed  # noqa: E402
from tests.support.client import create_table  # noqa: E402

ANSWER_S = 5.0        # a move whose state has not reached every seat by then is lost
SETUP_AT_ONCE = 32    # tables set up concurrently
LAG_TICK_S = 0.05
FIRST_STATE_EVERY_S = 0.5  # a newcomer opens a table's page this often (tavern only)


@dataclass
class Report:
    """What one generator measured in the window (``samples_ms`` and ``sizes`` are per move)."""

    samples_ms: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    moves: Counter[str] = field(default_factory=Counter)
    events: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    lost: int = 0
    lag_ms: list[float] = field(default_factory=list)
    first_state_ms: list[float] = field(default_factory=list)
    cpu_s: float = 0.0


class Window:
    """The measured window; counts only what happens inside it."""

    def __init__(self) -> None:
        self.start = self.end = float("inf")
        self.report = Report()

    def inside(self, stamp: float) -> bool:
        """True when ``stamp`` (time.monotonic) falls in the window."""
        return self.start <= stamp < self.end

    def sent(self, stamp: float) -> None:
        """Count one client event sent at ``stamp``."""
        if self.inside(stamp):
            self.report.events += 1


class Move:
    """One move in flight: its emit's stamp and the seats that already hold a newer state."""

    def __init__(self, event: str, version: int, seats: int) -> None:
        self.event, self.version, self.seats = event, version, seats
        self.mono = time.monotonic()
        self.t0 = time.perf_counter()
        self.reached: dict[int, float] = {}
        self.sizes: list[int] = []


class Seat:
    """One client at a table: keeps the newest state and hands every new one to its table."""

    def __init__(self, table: "Table", index: int, url: str, auth: dict[str, Any]) -> None:
        self.table, self.index = table, index
        self.state: dict[str, Any] | None = None
        self.version = -1
        self.sio = SizedClient()
        self.feed = StateFeed()
        self.wire_bytes = 0
        for event in FEED_EVENTS:
            self.sio.on(event, lambda payload, event=event: self._on_part(event, payload))
        self.sio.on("error", self._on_error)
        self.sio.connect(url, auth=auth, transports=["websocket"], wait_timeout=10)

    def _on_part(self, event: str, payload: dict[str, Any]) -> None:
        """A ``state``, ``seat`` or ``public`` event, merged as the page merges it (``referee.state_parts``)."""
        state, sync = self.feed.take(event, payload)
        self.wire_bytes = self.sio.last_bytes  # what the bare server is to send: the part that completed it
        if sync:
            self.sio.emit("sync", {})
        if state is not None:
            self._on_state(state)

    def _on_state(self, state: dict[str, Any]) -> None:
        now = time.perf_counter()
        version = state.get("version", -1)
        if version < self.version:
            return
        self.version, self.state = version, state
        self.table.seen(self, version, now, state)

    def _on_error(self, error: dict[str, Any]) -> None:
        window = self.table.window
        if window.inside(time.monotonic()):
            window.report.errors[str(error.get("code"))] += 1

    def emit(self, event: str, data: dict[str, Any], callback: Any = None) -> None:
        """Send one event (counted in the window)."""
        self.table.window.sent(time.monotonic())
        self.sio.emit(event, data, callback=callback)

    def close(self) -> None:
        """Disconnect (best effort)."""
        try:
            self.sio.disconnect()
        except Exception:  # noqa: BLE001 - on the way out
            pass


class Table:
    """The seats of one table and the move in flight there; the tavern and bare kinds below."""

    room: str
    """The table's id at the tavern, its room at the bare server: what a newcomer's ``auth`` names."""

    def __init__(self, window: Window, rng: random.Random, think_s: tuple[float, float]) -> None:
        self.window, self.rng, self.think_s = window, rng, think_s
        self.seats: list[Seat] = []
        self.move: Move | None = None
        self.running = False

    def think(self) -> float:
        """One think time, in seconds."""
        return self.rng.uniform(*self.think_s)

    def seen(self, seat: Seat, version: int, now: float, state: dict[str, Any]) -> None:
        """A seat got ``state``: count it toward the move in flight; when every seat has it, a sample."""
        move = self.move
        if move is not None and version > move.version and seat.index not in move.reached:
            move.reached[seat.index] = now
            move.sizes.append(seat.wire_bytes)
            if len(move.reached) == move.seats:
                self.move = None
                self._done(move)
        self.react(seat, state)

    def _done(self, move: Move) -> None:
        report = self.window.report
        if self.window.inside(move.mono):
            report.samples_ms.append((max(move.reached.values()) - move.t0) * 1000)
            report.sizes.append(round(sum(move.sizes) / len(move.sizes)))
            report.moves[move.event] += 1
        self.after_move()

    def send_move(self, seat: Seat, event: str, data: dict[str, Any]) -> None:
        """Emit a move from ``seat`` and watch it reach every seat within ANSWER_S."""
        move = self.move = Move(event, max(s.version for s in self.seats), len(self.seats))
        seat.emit(event, data, callback=lambda *ack: self._acked(seat, move, ack))
        gevent.spawn_later(ANSWER_S, self._expire, move)

    def _acked(self, seat: Seat, move: Move, ack: tuple[Any, ...]) -> None:
        if ack and isinstance(ack[0], dict) and not ack[0].get("ok") and self.move is move:
            self.move = None  # the error event counted it; the seat thinks again on what it holds
            self.refused(seat)

    def _expire(self, move: Move) -> None:
        if self.move is move:
            self.move = None
            if self.window.inside(move.mono):
                self.window.report.lost += 1
            self.after_move()

    def react(self, seat: Seat, state: dict[str, Any]) -> None:
        """What the kind does when a seat gets a state."""

    def refused(self, seat: Seat) -> None:
        """What the kind does when the server refused ``seat``'s move."""

    def after_move(self) -> None:
        """What the kind does once a move reached every seat (or was lost)."""


class TavernTable(Table):
    """A real table: seeds at once, every move after a think time, as a person at the page."""

    def __init__(self, window: Window, rng: random.Random, think_s: tuple[float, float], url: str, seats: int) -> None:
        super().__init__(window, rng, think_s)
        created = create_table(url, "Host", max_players=seats)
        self.room = created["table"]
        self.seats.append(Seat(self, 0, url, {"table": created["table"], "token": created["token"]}))
        for index in range(1, seats):
            seat = Seat(self, index, url, {"table": created["table"]})
            joined = seat.sio.call("join", {"name": f"Seat {index}"}, timeout=10)
            if not joined.get("ok"):
                raise RuntimeError(f"join refused: {joined}")
            self.seats.append(seat)
        self.planned: dict[int, int] = {}  # seat index -> the version its pending move answers
        self.seeded: set[tuple[int, int, int]] = set()  # (seat index, game, round) seeds sent

    def begin(self) -> None:
        """The host presses Start after a random 0–2 s."""
        self.running = True
        gevent.spawn_later(self.rng.uniform(0, 2), self.seats[0].emit, "start", {})

    def react(self, seat: Seat, state: dict[str, Any]) -> None:
        """Send the seed at once (once per seat and round); plan the seat's move after a think time."""
        if not self.running or state.get("you") is None:
            return
        seed = seed_for(state)
        if seed is not None and (seat.index, state["game"]["game"], state["game"]["round"]) not in self.seeded:
            self.seeded.add((seat.index, state["game"]["game"], state["game"]["round"]))
            seat.emit(*seed)
        if decide(state) is not None and self.planned.get(seat.index) != seat.version:
            self.planned[seat.index] = seat.version
            gevent.spawn_later(self.think(), self._act, seat, seat.version)

    def _act(self, seat: Seat, version: int) -> None:
        if time.monotonic() >= self.window.end or seat.version != version:
            return
        if self.move is not None:  # the last move has not reached every seat yet
            gevent.spawn_later(0.05, self._act, seat, version)
            return
        action = decide(seat.state or {})
        if action is not None:
            self.send_move(seat, *action)

    def refused(self, seat: Seat) -> None:
        """The seat thinks again over the state it holds."""
        self.planned.pop(seat.index, None)
        self.react(seat, seat.state or {})


class BareTable(Table):
    """Clients of the bare server in one room; they ping in turn, each after a think time."""

    def __init__(self, window: Window, rng: random.Random, think_s: tuple[float, float], url: str, seats: int,
                 room: str, sizes: list[int]) -> None:
        super().__init__(window, rng, think_s)
        self.room = room
        self.seats = [Seat(self, index, url, {"table": room}) for index in range(seats)]
        self.sizes = sizes
        self.turn = 0
        self.seq = rng.randrange(len(sizes))  # each table walks the tavern's sizes from its own place

    def begin(self) -> None:
        """The first ping after a random 0–2 s."""
        self.running = True
        gevent.spawn_later(self.rng.uniform(0, 2), self._ping)

    def after_move(self) -> None:
        """The next seat pings after a think time."""
        self.turn = (self.turn + 1) % len(self.seats)
        gevent.spawn_later(self.think(), self._ping)

    def _ping(self) -> None:
        if time.monotonic() >= self.window.end:
            return
        self.seq += 1
        size = self.sizes[self.seq % len(self.sizes)]
        self.send_move(self.seats[self.turn], "ping", {"seq": self.seq, "size": size})


def lag_ticker(window: Window) -> None:
    """Record how late each LAG_TICK_S sleep wakes, inside the window."""
    while time.monotonic() < window.end:
        before = time.perf_counter()
        gevent.sleep(LAG_TICK_S)
        if window.inside(time.monotonic()):
            window.report.lag_ms.append(max(0.0, (time.perf_counter() - before - LAG_TICK_S) * 1000))


def first_states(window: Window, rooms: list[str], url: str, rng: random.Random, bare: bool) -> None:
    """Every FIRST_STATE_EVERY_S of the window a newcomer opens a random table's page (a spectator;
    at the bare server it asks for a first ``state``): record how long from its connecting until
    its first ``state``; one that gets none within ANSWER_S counts as lost."""
    while time.monotonic() < window.end:
        gevent.sleep(FIRST_STATE_EVERY_S)
        if not window.inside(time.monotonic()):
            continue
        got = threading.Event()
        arrived: list[float] = []
        sio = PageClient()
        sio.on("state", lambda *_: (arrived.append(time.perf_counter()), got.set()))
        began = time.perf_counter()
        window.sent(time.monotonic())
        try:
            auth = {"table": rng.choice(rooms), **({"first_state": True} if bare else {})}
            sio.connect(url, auth=auth, transports=["websocket"], wait_timeout=10)
            got.wait(ANSWER_S)
        except socketio.exceptions.ConnectionError:
            pass
        finally:
            sio.disconnect()
        if arrived:
            window.report.first_state_ms.append((arrived[0] - began) * 1000)
        else:
            window.report.lost += 1


def set_up(orders: dict[str, Any], window: Window) -> list[Table]:
    """Every table of the orders, SETUP_AT_ONCE at a time."""
    think = (float(orders["think_s"][0]), float(orders["think_s"][1]))
    base = int(orders["seed"]) * 100_003

    def one(index: int) -> Table:
        rng = random.Random(base + index)
        if orders["kind"] == "tavern":
            return TavernTable(window, rng, think, orders["url"], orders["seats"])
        return BareTable(window, rng, think, orders["url"], orders["seats"], f"{orders['seed']}-{index}",
                         orders["sizes"])

    return list(gevent.pool.Pool(SETUP_AT_ONCE).imap(one, range(orders["tables"])))


def say(message: dict[str, Any]) -> None:
    """One JSON line to bench/load.py."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> int:
    orders = json.loads(sys.stdin.readline())
    window = Window()
    tables = set_up(orders, window)
    gc.collect()
    gc.freeze()  # the clients live to the end: a full collector pass no longer walks them (see the module)
    gc.disable()  # no collector pass during the window (see the module): its garbage waits until the process exits
    say({"ready": sum(len(t.seats) for t in tables)})
    times = json.loads(sys.stdin.readline())
    window.start, window.end = float(times["start"]), float(times["end"])
    cpu0 = time.process_time()
    ticker = gevent.spawn(lag_ticker, window)
    for table in tables:
        table.begin()
    prober = gevent.spawn(first_states, window, [table.room for table in tables], orders["url"],
                          random.Random(orders["seed"]), orders["kind"] == "bare")
    gevent.sleep(max(0.0, window.end - time.monotonic()))
    window.report.cpu_s = time.process_time() - cpu0
    landed = time.monotonic() + ANSWER_S + 0.5  # the moves sent before the end land or are lost by then
    while any(t.move is not None for t in tables) and time.monotonic() < landed:
        gevent.sleep(0.05)
    ticker.join(1)
    prober.join(ANSWER_S + 1)
    report = {**vars(window.report), "moves": dict(window.report.moves), "errors": dict(window.report.errors)}
    say({"report": report})
    gevent.pool.Pool(SETUP_AT_ONCE).map(lambda seat: seat.close(), [s for t in tables for s in t.seats])
    return 0


if __name__ == "__main__":
    sys.exit(main())
