"""Does a flood at one table cost another table anything? p95 action latency, quiet and flooded.

    .venv/bin/python bench/flood.py [--actions 150] [--flooders 8] [--rate 1000] [--reconnect-s 1.0] [--runs 2]

A real ``referee serve`` (gevent, SQLite in a temporary folder, default ``[limits]``) serves two
tables. At the measured table two seated players (python-socketio clients) alternate raises;
one sample is the time from a ``bid`` emit until both players hold the ``state`` of the new
version. Each run measures ``--actions`` samples with nobody else on the server (quiet), then
as many while ``--flooders`` raw websockets (websocket-client, a thread each), all connected
first, watch the other table and each send ``sync`` ``--rate`` times a second, nearly all past
their budget. A flooder
that the server cuts off (``rate/cut_off``) or refuses connects again after ``--reconnect-s``,
as a Socket.IO client's reconnection would, and floods again. Printed per run: p50 and p95
quiet and flooded, the ratio of the p95s (target: at most 2), the load average, and what the
flooders did (events sent, connections, cut-offs, refused connects).

The flooders and the players share this process and the machine's cores with the server, so a
busy machine skews both series alike; the load average says how busy it was.
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
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import websocket  # noqa: E402 - websocket-client

from bench._common import pct  # noqa: E402
from tests.support.client import Player, create_table  # noqa: E402
from tests.support.server import running_server  # noqa: E402

PLAYER_GAP_S = 0.12
"""One player's events at most ~8 a second: under the default budget of 10 a second."""
FLOOD_EVENT = '42["sync",{}]'
"""A Socket.IO EVENT packet without an acknowledgement: the cheapest thing to send a lot of."""


@dataclass
class FloodStats:
    """What the flooders did, summed over all of them."""

    sent: int = 0
    connects: int = 0
    cut_offs: int = 0
    refused: int = 0
    lock: threading.Lock = threading.Lock()

    def add(self, **counts: int) -> None:
        with self.lock:
            for name, value in counts.items():
                setattr(self, name, getattr(self, name) + value)


def flood(ws_url: str, table: str, rate: float, reconnect_s: float, stop: threading.Event,
          stats: FloodStats, start: threading.Barrier) -> None:
    """One flooder: connect as a spectator of ``table``, send ``rate`` events a second until
    closed, then connect again after ``reconnect_s``; until ``stop``. The first connections
    of all flooders are open before any of them sends (``start``)."""
    first = True
    while not stop.is_set():
        try:
            ws = websocket.create_connection(ws_url, timeout=5, skip_utf8_validation=True)
        except (OSError, websocket.WebSocketException):
            stop.wait(reconnect_s)
            continue
        try:
            admitted = connected(ws, table)
            if first:
                first = False
                start.wait(10)
            if admitted:
                stats.add(connects=1)
                stats.add(sent=send_until_closed(ws, rate, stop, stats))
            else:
                stats.add(refused=1)
        except (OSError, websocket.WebSocketException, threading.BrokenBarrierError):
            pass
        finally:
            ws.close()
        stop.wait(reconnect_s)


def connected(ws: websocket.WebSocket, table: str) -> bool:
    """Open the Socket.IO session as a spectator of ``table``; False when the server refuses it."""
    ws.recv()  # the Engine.IO open packet
    ws.send("40" + json.dumps({"table": table}))
    while True:  # the first state may come before the CONNECT answer
        frame = ws.recv()
        if frame.startswith(("40", "44")):
            return frame.startswith("40")


def send_until_closed(ws: websocket.WebSocket, rate: float, stop: threading.Event, stats: FloodStats) -> int:
    """Send ``rate`` events a second until the server closes the socket or ``stop``; how many were sent."""
    closed = threading.Event()
    threading.Thread(target=drain, args=(ws, closed, stats), daemon=True).start()
    sent, due = 0, time.perf_counter()
    while not stop.is_set() and not closed.is_set():
        ws.send(FLOOD_EVENT)
        sent += 1
        due += 1 / rate
        pause = due - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
    return sent


def drain(ws: websocket.WebSocket, closed: threading.Event, stats: FloodStats) -> None:
    """Read everything the server sends (answering its pings) until the socket closes."""
    try:
        while True:
            frame = ws.recv()
            if frame == "2":
                ws.send("3")
            elif frame.startswith("41") or frame == "":
                stats.add(cut_offs=1)
                break
    except (OSError, websocket.WebSocketException):
        pass
    closed.set()


def measure(host: Player, guest: Player, actions: int) -> list[float]:
    """``actions`` bids, alternating; each sample is ms until both players saw its version."""
    samples: list[float] = []
    by_seat = {0: host, 1: guest}
    last_emit = {0: 0.0, 1: 0.0}
    while len(samples) < actions:
        game = host.state["game"]
        version = max(host.state["version"], guest.state["version"])
        if game["phase"] == "revealed":
            host.call("next_round", {})
            host.wait_for(lambda s, v=version: s["version"] > v and s["game"]["phase"] == "bidding")
            guest.wait_for(lambda s, v=host.state["version"]: s["version"] >= v)
            continue
        seat = game["turn"]
        bids = game["bids"]
        quantity, face = (1, 2) if not bids else (bids[-1]["quantity"], bids[-1]["face"] + 1)
        if face > 6:
            quantity, face = quantity + 1, 2
        pause = last_emit[seat] + PLAYER_GAP_S - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        last_emit[seat] = time.perf_counter()
        if quantity > game["total_dice"]:
            by_seat[seat].call("liar", {})
            host.wait_for(lambda s, v=version: s["version"] > v and s["game"]["phase"] != "bidding")
            continue
        started = time.perf_counter()
        ack = by_seat[seat].call("bid", {"quantity": quantity, "face": face})
        if not ack.get("ok"):
            raise RuntimeError(f"the measured table refused a bid: {ack}")
        for player in (host, guest):
            player.wait_for(lambda s, v=version: s["version"] > v)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def one_run(base_url: str, args: argparse.Namespace) -> None:
    """A quiet series, then a flooded one, at a fresh pair of tables; prints one line each and the ratio."""
    measured = create_table(base_url, "Anna", dice_per_player=10)
    flooded = create_table(base_url, "Mallory")
    host = Player(base_url, measured["table"], measured["token"])
    guest = Player(base_url, measured["table"])
    assert guest.call("join", {"name": "Ben"}).get("ok")
    assert host.call("start", {}).get("ok")
    host.wait_for(lambda s: (s["game"] or {}).get("phase") == "bidding")
    guest.wait_for(lambda s: (s["game"] or {}).get("phase") == "bidding")
    try:
        load = os.getloadavg()[0]
        quiet = measure(host, guest, args.actions)
        stop, stats, start = threading.Event(), FloodStats(), threading.Barrier(args.flooders)
        ws_url = base_url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket"
        flooders = [threading.Thread(target=flood, args=(ws_url, flooded["table"], args.rate, args.reconnect_s,
                                                         stop, stats, start), daemon=True)
                    for _ in range(args.flooders)]
        for thread in flooders:
            thread.start()
        time.sleep(0.3)  # let the flood start before the first flooded sample (a bench, not a test)
        started = time.perf_counter()
        noisy = measure(host, guest, args.actions)
        flood_s = time.perf_counter() - started
        stop.set()
        for thread in flooders:
            thread.join(10)
        ratio = pct(noisy, 95) / pct(quiet, 95)
        print(f"quiet   p50 {pct(quiet, 50):7.2f} ms  p95 {pct(quiet, 95):7.2f} ms  n {len(quiet)}"
              f"  (load average {load:.2f})")
        print(f"flooded p50 {pct(noisy, 50):7.2f} ms  p95 {pct(noisy, 95):7.2f} ms  n {len(noisy)}"
              f"  (load average {os.getloadavg()[0]:.2f})")
        print(f"ratio   p95 flooded/quiet {ratio:.2f} ({'within' if ratio <= 2 else 'OVER'} the 2x target);"
              f" mean flooded {statistics.mean(noisy):.2f} ms")
        print(f"flood   {args.flooders} sockets at {args.rate:.0f}/s for {flood_s:.1f} s: {stats.sent} events sent,"
              f" {stats.connects} connections, {stats.cut_offs} cut off, {stats.refused} connects refused")
    finally:
        host.close()
        guest.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=150, help="measured bids per series (default 150)")
    parser.add_argument("--flooders", type=int, default=8, help="flooding sockets (default 8)")
    parser.add_argument("--rate", type=float, default=1000.0, help="events a second per flooder (default 1000)")
    parser.add_argument("--reconnect-s", type=float, default=1.0,
                        help="a cut-off flooder connects again after this (default 1.0, Socket.IO's own delay)")
    parser.add_argument("--runs", type=int, default=2, help="quiet + flooded pairs (default 2)")
    args = parser.parse_args()
    print(f"# another table's bid latency while {args.flooders} sockets flood; {os.cpu_count()} CPUs shared by the"
          f" server and this process; python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory(prefix="tj-flood-") as tmp:
        with running_server(Path(tmp), fairness={"seed_wait_s": 0}) as server:
            try:
                for run in range(1, args.runs + 1):
                    print(f"# run {run}", flush=True)
                    one_run(server.base_url, args)
            except Exception:
                lines = server.log_path.read_text(errors="replace").splitlines()
                print("\n".join([line for line in lines if '"msg": "entry"' not in line][-40:]), file=sys.stderr)
                raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
