"""CPU the broadcaster spends per change at a table of five and a spectator, and what it emits.

    .venv/bin/python bench/broadcast_cost.py [--moves 400] [--code DIR]

An in-process table (``tests.support.app``: the app, the fair dealer, no network): five players
and a spectator play Liar's Dice through their socket events (each seat to act raises by one
until the third bid or the dice in play, then calls Liar; the host presses "Next round" and "New game"). Every emit
of the broadcaster is encoded as the socket server would send it (``frames.GuardedPacket``) and
then dropped, so the figure is what the broadcaster costs (views, splitting, encoding, the
packets), not the transport's per-recipient work. It prints the process CPU per change in
``Broadcaster.table_changed`` (µs, mean and median), the emits and the bytes encoded per change,
and the load average. ``--code DIR`` measures the tree at ``DIR`` (e.g. a ``git archive`` of
another revision) instead of this one.

>>> figures = measure(moves=30)
>>> figures["changes"] > 20 and figures["emits_per_change"] >= 1 and figures["us_mean"] > 0
True
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if __name__ == "__main__" and "--code" in sys.argv:
    sys.path.insert(0, sys.argv[sys.argv.index("--code") + 1])
else:
    sys.path.insert(0, str(REPO))

from socketio import packet as sio_packet  # noqa: E402

from referee.config import Limits  # noqa: E402
from referee.fairness.keys import Signer  # noqa: E402
from referee.table.fair_dealer import FairDealer  # noqa: E402
from referee.web.broadcast import Broadcaster  # noqa: E402
from referee.web.frames import GuardedPacket  # noqa: E402
from tests.support.app import make_harness  # noqa: E402


class Packets:
    """Stands in for the socket server: encodes every emit as it would be sent, counts it, drops it."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.emits = 0
        self.bytes = 0

    def emit(self, event: str, data: Any, to: Any = None) -> None:
        self.emits += 1
        self.bytes += len(GuardedPacket(sio_packet.EVENT, data=[event, data]).encode())


def measure(moves: int) -> dict[str, Any]:
    """Play ``moves`` moves; the broadcaster's CPU per change and its emits and bytes per change."""
    spent: list[float] = []
    original = Broadcaster.table_changed

    def timed(self: Broadcaster, table: Any) -> None:
        started = time.process_time()
        original(self, table)
        spent.append(time.process_time() - started)

    Broadcaster.table_changed = timed  # type: ignore[method-assign]
    try:
        return _play(moves, spent)
    finally:
        Broadcaster.table_changed = original  # type: ignore[method-assign]


def _play(moves: int, spent: list[float]) -> dict[str, Any]:
    harness = make_harness(FairDealer(Signer.from_private_bytes(bytes(range(32)))),
                           limits=Limits(tables_burst=0, events_burst=0))
    table_id, token = harness.create_table("P0", turn_timer_s=0)
    clients = {0: harness.connect(table_id, token)}
    for seat in range(1, 5):
        clients[seat], _ = harness.join(table_id, f"P{seat}")
    harness.connect(table_id)
    broadcaster = harness.app.extensions["tavern"].broadcaster
    packets = broadcaster._socketio = Packets(broadcaster._socketio.server)
    table = harness.app.extensions["tavern"].tables.get(table_id)
    assert clients[0].emit("start", {}, callback=True)["ok"]
    spent.clear()
    packets.emits = packets.bytes = 0
    for _ in range(moves):
        game = table.current.game
        if game.phase.value == "bidding":
            bids = game.bids
            if len(bids) >= 3 or (bids and bids[-1].bid.quantity >= game.total_dice):
                event, payload = "liar", {}
            else:
                quantity = bids[-1].bid.quantity + 1 if bids else 1
                event, payload = "bid", {"quantity": quantity, "face": 3}
            seat = game.turn
        else:
            event, payload, seat = ("next_round" if game.phase.value == "revealed" else "new_game"), {}, 0
        ack = clients[seat].emit(event, payload, callback=True)
        assert ack["ok"], (event, payload, ack)
    changes = len(spent)
    return {"changes": changes, "us_mean": statistics.mean(spent) * 1e6, "us_median": statistics.median(spent) * 1e6,
            "emits_per_change": packets.emits / changes, "bytes_per_change": packets.bytes / changes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--code", help="measure the tree at this folder instead of this one")
    args = parser.parse_args()
    figures = measure(args.moves)
    print(f"code {args.code or REPO}  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"changes {figures['changes']}  cpu per change {figures['us_mean']:.0f} µs mean, "
          f"{figures['us_median']:.0f} µs median  emits/change {figures['emits_per_change']:.2f}  "
          f"bytes/change {figures['bytes_per_change']:.0f}")


if __name__ == "__main__":
    main()
