"""Action-to-all-seats latency of a real ``referee serve``, beside a bare Flask-SocketIO broadcast.

    .venv/bin/python bench/latency.py [--actions 200] [--clients 10,100] [--client wire|socketio] [--slowest N]

For each K in ``--clients``: one table of the real server (gevent, SQLite in a temporary
folder, 127.0.0.1 only) with 2 seated players and K-2 spectators, every one a Socket.IO client
over a real websocket. The two players alternate raises (``dice_per_player`` 10, so a
round lasts about 100 bids); when no raise is left the player to act calls Liar and the next
round is dealt (those steps are not measured). One sample is the time from a player's ``bid``
emit until EVERY one of the K clients has received the ``state`` of the resulting version
(``time.perf_counter`` taken as each client's frame is read).

Beside it, in the same run, a bare Flask-SocketIO server on gevent (bench/_bare_server.py, a
subprocess of this Python, TCP_NODELAY on its listener like referee/serve.py) is measured with
the same K clients and the same pacing: a ``ping`` emit makes it broadcast one ``state`` to all
K clients, of the same byte size action by action as the real table's (the mean over the K
recipients of that action's ``state`` JSON). The ratio tavern/bare is the figure.

Client side: all K clients live in this one process and share the machine's cores with the
server. By default they are minimal Socket.IO v5 clients written here on websocket-client (the
same frames on the same websocket as the browser's client; one reader thread selects over all K
sockets, stamps a frame with ``time.perf_counter`` as soon as it is read and parses only its
``version``). ``--client socketio`` uses python-socketio ``Client``s instead: a reader thread
each, plus a thread python-engineio starts per received message; at K=100 they cost this
process ~0.2 ms of CPU per message, so the fan-out to 100 of them measures the clients more
than the server (websocket-client's pure-Python UTF-8 check alone was ~0.1 ms a KB: it is
skipped in both modes). ``first_ms`` (p50 until the FIRST client got the state) and ``cpu_ms``
(this process's CPU per action) show how much of a sample is the client side. Actions are
paced (each player at most ~9 events a second, under the server's 10/s rate limit) and never
overlap: each waits until the previous one has reached every client. ``--slowest N`` lists the
worst samples; when ``first`` is close to ``all`` the server sent nothing for that long.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


from bench._common import BareServer, pct  # noqa: E402
from bench._latency_clients import PLAYER_GAP_S, Clients, Hub, Probe  # noqa: E402
from tests.support.client import create_table  # noqa: E402
from tests.support.server import running_server  # noqa: E402

DICE = 10
WAIT_S = 5.0              # one action must reach every client within this
WARMUP = 10               # first samples of each series are dropped
DEADLINE_S = 170.0        # the whole run stops by itself after this


def wait_until(predicate, timeout: float, what: str) -> None:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        time.sleep(0.01)


def settle(probes: list[Probe], quiet_s: float = 0.3, timeout: float = 20.0) -> None:
    """Wait until every client has a state and no new state arrived for ``quiet_s``."""
    wait_until(lambda: all(p.last is not None for p in probes), timeout, "a first state on every client")
    deadline = time.monotonic() + timeout
    seen = None
    while time.monotonic() < deadline:
        now = [(id(p.last), p.version) for p in probes]
        if now == seen:
            return
        seen = now
        time.sleep(quiet_s)
    raise TimeoutError("clients never went quiet")


def close_all(probes: list[Probe]) -> None:
    threads = [threading.Thread(target=p.close, daemon=True) for p in probes]
    for t in threads:
        t.start()
    for t in threads:
        t.join(5)


# -- one series ------------------------------------------------------------------------------


@dataclass
class Series:
    clients: int
    server: str
    samples_ms: list[float] = field(default_factory=list)
    first_ms: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)          # per sample: mean state bytes over the K recipients
    player_bytes: list[int] = field(default_factory=list)
    spectator_bytes: list[int] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    versions: list[int] = field(default_factory=list)
    timeouts: int = 0


def measure(hub: Hub, probes: list[Probe], actor: Probe, event: str, data: dict[str, Any], target: int,
            series: Series | None) -> bool:
    """One action: emit, wait until every probe reached ``target``; record a sample in ``series``."""
    if actor.last_emit + PLAYER_GAP_S > time.perf_counter():
        time.sleep(max(0.0, actor.last_emit + PLAYER_GAP_S - time.perf_counter()))
    hub.arm(target, probes)
    cpu0 = time.process_time()
    t0 = actor.emit_paced(event, data)
    if not hub.done.wait(WAIT_S):
        if series is not None:
            series.timeouts += 1
        return False
    cpu = time.process_time() - cpu0
    if series is not None:
        stamps = [p.reached for p in probes]
        series.samples_ms.append((max(stamps) - t0) * 1000)
        series.first_ms.append((min(stamps) - t0) * 1000)
        series.cpu_ms.append(cpu * 1000)
        series.versions.append(target)
    return True


def run_tavern(clients: "Clients", base_url: str, k: int, actions: int, deadline: float) -> Series:
    series = Series(k, "tavern")
    hub = Hub()
    created = create_table(base_url, "Anna", dice_per_player=DICE, max_players=8)
    table = created["table"]
    probes: list[Probe] = []
    try:
        host = clients.connect(hub, base_url, {"table": table, "token": created["token"]})
        probes.append(host)
        guest = clients.connect(hub, base_url, {"table": table})
        probes.append(guest)
        joined = guest.call("join", {"name": "Ben"})
        assert joined.get("ok"), joined
        for _ in range(k - 2):
            probes.append(clients.connect(hub, base_url, {"table": table}))
        started = host.call("start", {})
        assert started.get("ok"), started
        settle(probes)
        by_seat = {0: host, 1: guest}
        spectator = probes[-1] if k > 2 else None
        done = 0
        steps = 0
        while done < actions + WARMUP and time.monotonic() < deadline and steps < 4 * (actions + WARMUP):
            steps += 1
            state = host.last or {}
            game = state.get("game") or {}
            version = max(p.version for p in probes)
            phase = game.get("phase")
            if phase == "bidding":
                actor = by_seat[game["turn"]]
                low = 2 if game["rules"].get("wild_ones", True) else 1
                bids = game["bids"]
                if not bids:
                    quantity, face = 1, low
                else:
                    quantity, face = bids[-1]["quantity"], bids[-1]["face"]
                    quantity, face = (quantity, face + 1) if face < 6 else (quantity + 1, low)
                if quantity > game["total_dice"]:
                    measure(hub, probes, actor, "liar", {}, version + 1, None)
                    continue
                ok = measure(hub, probes, actor, "bid", {"quantity": quantity, "face": face}, version + 1,
                             series if done >= WARMUP else None)
                if ok:
                    got = host.last["game"]["bids"][-1]
                    assert (got["quantity"], got["face"]) == (quantity, face), (got, quantity, face)
                    if done >= WARMUP:
                        players = [len(json.dumps(p.last)) for p in (host, guest)]
                        watching = len(json.dumps(spectator.last)) if spectator else 0
                        series.player_bytes.append(round(statistics.mean(players)))
                        series.spectator_bytes.append(watching)
                        series.sizes.append(round((sum(players) + watching * (k - 2)) / k))
                    done += 1
                else:
                    errors = [e for p in (host, guest) for e in p.errors]
                    print(f"  warning: bid {quantity}x{face} did not reach all {k} clients in {WAIT_S}s; "
                          f"errors {errors[-3:]}", file=sys.stderr)
                    settle(probes)
            elif phase == "revealed":
                measure(hub, probes, host, "next_round", {}, version + 1, None)
            elif phase == "over":
                measure(hub, probes, host, "new_game", {}, version + 1, None)
            else:  # rolling (waiting for seeds) or not started yet: let the server catch up
                time.sleep(0.05)
                settle(probes, quiet_s=0.05)
        return series
    finally:
        close_all(probes)


def run_bare(clients: "Clients", base_url: str, k: int, sizes: list[int], deadline: float) -> Series:
    series = Series(k, "bare")
    hub = Hub()
    probes: list[Probe] = []
    try:
        for _ in range(k):
            probes.append(clients.connect(hub, base_url, {"table": "bare"}))
        pingers = probes[:2]
        # first state so that settle() sees one on every client
        measure(hub, probes, pingers[0], "ping", {"seq": 0, "size": sizes[0]}, 0, None)
        settle(probes, quiet_s=0.1)
        plan = sizes[:1] * WARMUP + sizes
        for i, size in enumerate(plan, start=1):
            if time.monotonic() > deadline:
                break
            measure(hub, probes, pingers[i % 2], "ping", {"seq": i, "size": size}, i,
                    series if i > WARMUP else None)
            if i > WARMUP:
                series.sizes.append(size)
        return series
    finally:
        close_all(probes)


# -- report ----------------------------------------------------------------------------------


def row(s: Series) -> str:
    v = s.samples_ms
    mean = statistics.mean(v) if v else float("nan")
    size = round(statistics.mean(s.sizes)) if s.sizes else 0
    cpu = statistics.mean(s.cpu_ms) if s.cpu_ms else float("nan")
    return (f"{s.clients:<8} {s.server:<7} {pct(v, 50):>7.2f} {pct(v, 99):>7.2f} {mean:>8.2f} {len(v):>4}"
            f" {pct(s.first_ms, 50):>9.2f} {cpu:>11.2f} {size:>6} {s.timeouts:>4}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=200, help="measured bids per series (default 200)")
    parser.add_argument("--clients", default="10,100", help="comma-separated K values (default 10,100)")
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="also list each series' N slowest samples (version, all_ms, first_ms)")
    parser.add_argument("--client", choices=("wire", "socketio"), default="wire",
                        help="wire: minimal Socket.IO clients on websocket-client, one reader thread (default); "
                             "socketio: python-socketio Clients, threads")
    args = parser.parse_args()
    ks = [int(x) for x in args.clients.split(",")]
    if any(k < 2 for k in ks):
        parser.error("every K must be at least 2 (two seated players)")
    deadline = time.monotonic() + DEADLINE_S
    load = os.getloadavg()
    results: list[tuple[Series, Series]] = []
    with tempfile.TemporaryDirectory(prefix="tj-bench-") as tmp:
        folder = Path(tmp)
        bare = BareServer(folder)
        clients = Clients(args.client)
        try:
            # all K clients share 127.0.0.1: lift [limits] connections_per_address (64 by default)
            with running_server(folder, fairness={"seed_wait_s": 0},
                                limits={"connections_per_address": 0}) as server:
                for k in ks:
                    t = time.monotonic()
                    tavern = run_tavern(clients, server.base_url, k, args.actions, deadline)
                    if not tavern.sizes:
                        raise RuntimeError(f"no tavern samples for K={k}; see the server log")
                    baseline = run_bare(clients, bare.base_url, k, tavern.sizes, deadline)
                    results.append((tavern, baseline))
                    print(f"# K={k}: done in {time.monotonic() - t:.1f}s", file=sys.stderr)
        finally:
            clients.stop()
            bare.stop()

    how = ("minimal Socket.IO clients on websocket-client, one reader thread" if args.client == "wire"
           else "python-socketio Clients, a thread each plus one per message")
    print(f"# action-to-all-seats latency; {os.cpu_count()} CPUs shared by the server and the K clients "
          f"(one process: {how}); python {sys.version.split()[0]}")
    print(f"# load average at start {load[0]:.2f}, at end {os.getloadavg()[0]:.2f} (other work on the machine "
          f"skews p99 of both servers)")
    print("# tavern: real `referee serve` (gevent, SQLite WAL), 2 players + K-2 spectators, dice_per_player 10")
    print("# bare:   Flask-SocketIO gevent, one broadcast of a same-size payload to all K")
    print("# first_p50: p50 until the first client got it; cpu_ms: this (client) process's CPU per action")
    print(f"{'clients':<8} {'server':<7} {'p50_ms':>7} {'p99_ms':>7} {'mean_ms':>8} {'n':>4}"
          f" {'first_p50':>9} {'cpu_ms':>11} {'bytes':>6} {'lost':>4}")
    for tavern, baseline in results:
        print(row(tavern))
        print(row(baseline))
    for series in (s for pair in results for s in pair) if args.slowest else ():
        worst = sorted(zip(series.samples_ms, series.first_ms, series.versions), reverse=True)[:args.slowest]
        print(f"# slowest K={series.clients} {series.server}: "
              + ", ".join(f"v{v} {all_:.1f}/{first:.1f}" for all_, first, v in worst))
    for tavern, baseline in results:
        p50 = pct(tavern.samples_ms, 50) / pct(baseline.samples_ms, 50)
        p99 = pct(tavern.samples_ms, 99) / pct(baseline.samples_ms, 99)
        print(f"ratio K={tavern.clients:<4} tavern/bare  p50 {p50:.2f}  p99 {p99:.2f}"
              f"   (state bytes: player {statistics.mean(tavern.player_bytes):.0f},"
              f" spectator {statistics.mean(tavern.spectator_bytes or [0]):.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
