"""CPU of the server's whole handler path per client event, in process: parse, table, log, views, parts.

    .venv/bin/python bench/handler_cost.py [--events 3000] [--tables 20] [--code DIR]

``--tables`` tables of five people (``tests.support.app``: the app, the fair dealer, the SQLite
store in a temporary file, no network) play as bench/load.py's players do, table after table:
each seat sends its seed while the round waits for seeds, the seat to act bids or calls
(bench/_load_seat.py's ``decide``), the host presses "Next round" and "New game". The turn timer
is off. Every emit of the broadcaster is encoded as the socket server would send it
(``frames.GuardedPacket``) and then dropped, and ``fsync`` does nothing: the figure is what the
server's own code costs a client event (the socket layer's per-connection work is what the bare
Flask-SocketIO server of bench/load.py pays too; the WAL's fsync runs in a thread pool and is
shared between commits there). It prints the process CPU per event in the socket handler (µs,
mean and median), per kind of event, and the load average. ``--code DIR`` measures the tree at
``DIR`` (e.g. a ``git archive`` of another revision); run it and this tree alternately, twice.

>>> figures = measure(events=60, tables=2)
>>> figures["events"] >= 60 and figures["us_mean"] > 0 and {"seed", "bid"} <= set(figures["by_kind"])
True
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if __name__ == "__main__" and "--code" in sys.argv:
    sys.path.insert(0, sys.argv[sys.argv.index("--code") + 1])
else:
    sys.path.insert(0, str(REPO))

from bench._load_seat import decide  # noqa: E402
from bench.broadcast_cost import Packets  # noqa: E402
from referee.config import Config, Limits  # noqa: E402
from referee.fairness.keys import Signer  # noqa: E402
from referee.table.scheduler import ManualScheduler  # noqa: E402
from referee.table.fair_dealer import FairDealer  # noqa: E402
from referee.web import sockets  # noqa: E402
from referee.web.app import create_app  # noqa: E402
from referee.views import table_view  # noqa: E402
from tests.support.app import Harness  # noqa: E402


def measure(events: int, tables: int) -> dict[str, Any]:
    """Play until ``events`` client events were answered; the handler's CPU per event, overall and by kind."""
    spent: dict[str, list[float]] = defaultdict(list)
    kind = ["start"]  # the event being sent
    answer = sockets.answer_event

    def timed(*args: Any) -> Any:
        started = time.process_time()
        result = answer(*args)
        spent[kind[0]].append(time.process_time() - started)
        return result

    fsync = os.fsync
    sockets.answer_event, os.fsync = timed, lambda _fd: None
    try:
        with tempfile.TemporaryDirectory() as folder:
            _play(events, tables, folder, kind)
    finally:
        sockets.answer_event, os.fsync = answer, fsync
    every = [us for costs in spent.values() for us in costs]
    return {"events": len(every), "us_mean": statistics.mean(every) * 1e6, "us_median": statistics.median(every) * 1e6,
            "by_kind": {name: statistics.mean(us) * 1e6 for name, us in sorted(spent.items())}}


def _play(events: int, tables: int, folder: str, kind: list[str]) -> None:
    config = Config(async_mode="threading", database=str(Path(folder) / "tavern.db"), signing_key="unused",
                    seed_wait_s=1.5, limits=Limits(tables_burst=0, events_burst=0, connections_per_address=0))
    clock = ManualScheduler()
    harness = Harness(create_app(config, dealer=FairDealer(Signer.from_private_bytes(bytes(range(32)))),
                                 scheduler=clock), clock)
    broadcaster = harness.app.extensions["tavern"].broadcaster
    broadcaster._socketio = Packets(broadcaster._socketio.server)
    seated = []
    for _ in range(tables):
        table_id, token = harness.create_table("P0", turn_timer_s=0)
        clients = {0: harness.connect(table_id, token)}
        for seat in range(1, 5):
            clients[seat], _ = harness.join(table_id, f"P{seat}")
        seated.append((clients, harness.app.extensions["tavern"].tables.get(table_id)))
        kind[0] = "start"
        assert clients[0].emit("start", {}, callback=True)["ok"]
    done = 0
    while done < events:
        for clients, table in seated:
            for seat, client in clients.items():
                client.get_received()
                state = _seen(table, seat)
                action = ("seed", {"round": state["game"]["round"], "seed": os.urandom(32).hex()}) \
                    if state["game"]["phase"] == "rolling" and seat in state["game"]["seats_in_game"] else decide(state)
                if action is None:
                    continue
                kind[0] = action[0]
                ack = client.emit(*action, callback=True)
                assert ack["ok"], (action, ack)
                done += 1


def _seen(table: Any, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of ``table`` now (its view, as ``sync`` answers it), for ``decide``."""
    fairness = table.current.fairness
    return table_view(table.current, version=table.version, seat=seat, connected=set(table.connected), spectators=0,
                      commitment=fairness.deal_public if fairness else None, private=table.private_for(seat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=3000)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--code", help="measure the tree at this folder instead of this one")
    args = parser.parse_args()
    figures = measure(args.events, args.tables)
    print(f"code {args.code or REPO}  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"events {figures['events']}  cpu per event {figures['us_mean']:.0f} µs mean, {figures['us_median']:.0f} µs median")
    print("by kind: " + "  ".join(f"{kind} {us:.0f} µs" for kind, us in figures["by_kind"].items()))


if __name__ == "__main__":
    main()
