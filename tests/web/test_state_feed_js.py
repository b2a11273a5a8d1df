"""The page's merge (static/js/state_feed.js) and the Python clients' (referee/state_parts.py) agree:
the same events of a random game, fed to both, give the same states, and a missed seat part makes
both ask ``sync`` at the same event."""
from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

from referee.state_parts import FEED_EVENTS, StateFeed
from tests.web.test_leaks import actor_of, random_action
from tests.web.test_state_parts import trio

FEED_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "state_feed.js"
RUN = """
const { stateFeed } = await import(process.argv[1]);
const events = JSON.parse(require("fs").readFileSync(0, "utf8"));
const handlers = {}, out = [];
const feed = stateFeed({ on: (name, f) => { handlers[name] = f; }, emit: (name) => out.push({ sync: name }) });
feed.onState((state) => out.push({ state }));
for (const [name, payload] of events) { out.push({ event: name }); handlers[name](payload); }
console.log(JSON.stringify(out));
"""


def run_js(events: list[tuple[str, dict]]) -> list[dict]:
    done = subprocess.run(["/usr/bin/node", "--input-type=commonjs", "-e", f"(async () => {{{RUN}}})()", str(FEED_JS)],
                          input=json.dumps(events), capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def run_py(events: list[tuple[str, dict]]) -> list[dict]:
    feed, out = StateFeed(), []
    for name, payload in events:
        out.append({"event": name})
        state, sync = feed.take(name, payload)
        if state is not None:
            out.append({"state": state})
        if sync:
            out.append({"sync": "sync"})
    return out


def game_events(seed: int) -> dict[object, list[tuple[str, dict]]]:
    """Every part each client of a random three-player game received, in order."""
    rng = random.Random(seed)
    _, _, clients = trio()
    events: dict[object, list[tuple[str, dict]]] = {seat: [] for seat in clients}
    newest: dict[object, dict] = {}
    for _ in range(40):
        for seat, client in clients.items():
            got = [(m["name"], m["args"][0]) for m in client.get_received() if m["name"] in FEED_EVENTS]
            events[seat] += got
            newest[seat] = run_py(events[seat])[-1].get("state", newest.get(seat))
        actor = actor_of(rng, newest[0], [0, 1, 2])
        event, payload = random_action(rng, newest[actor])
        assert clients[actor].emit(event, payload, callback=True)["ok"]
    return events


def test_the_page_and_the_python_clients_merge_every_part_alike():
    for seat, events in game_events(3).items():
        assert run_js(events) == run_py(events), seat


def test_both_ask_sync_at_the_same_event_when_seat_parts_are_lost():
    events = [event for event in game_events(4)[1] if event[0] != "seat" or event[1]["version"] < 12]
    py = run_py(events)
    assert {"sync": "sync"} in py
    assert run_js(events) == py
