"""The memory settings ``referee serve`` applies under gevent are applied (referee/serve_memory.py).

Each check runs in a fresh interpreter: the settings are process-wide (gevent's config must be
set before its hub starts, and monkey-patching cannot be undone in the test process).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

SETTINGS = """
import json, logging
from referee.serve import _patch
_patch("gevent")
import gevent
seen = []
def child():
    seen.append(gevent.getcurrent().spawning_stack)
    logging.getLogger("referee.test").warning("from a greenlet")
gevent.spawn(child).join()
import threading
print(json.dumps({"tree": gevent.config.track_greenlet_tree, "stack": seen[0] is not None,
                  "log_threads": logging.logThreads, "dummies": sum(isinstance(t, threading._DummyThread)
                                                                    for t in threading.enumerate())}))
"""

READS = """
import json, socket
from gevent import monkey; monkey.patch_all()
from referee.serve_memory import READ_BUFFER_BYTES, lean_handler
ours, theirs = socket.socketpair()
theirs.sendall(b"x" * 20000)
handler = lean_handler()(ours, ("127.0.0.1", 1), None)
print(json.dumps({"peeked": len(handler.rfile.peek()), "limit": READ_BUFFER_BYTES,
                  "read": len(handler.rfile.read(20000))}))
"""


def _run(code: str, **env: str) -> dict[str, object]:
    environ = {k: v for k, v in os.environ.items() if k != "GEVENT_TRACK_GREENLET_TREE"}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**environ, **env}, capture_output=True,
                          text=True, timeout=60, check=True)
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_serve_under_gevent_keeps_no_spawn_stacks_and_no_thread_per_logging_greenlet():
    seen = _run(SETTINGS)
    assert seen == {"tree": False, "stack": False, "log_threads": False, "dummies": 0}


def test_the_operator_can_turn_greenlet_trees_back_on_through_gevents_own_variable():
    seen = _run(SETTINGS, GEVENT_TRACK_GREENLET_TREE="1")
    assert seen["tree"] is True and seen["stack"] is True and seen["log_threads"] is False


def test_each_connection_is_read_through_the_small_buffer_and_a_large_read_still_comes_whole():
    seen = _run(READS)
    assert 0 < seen["peeked"] <= seen["limit"] < 8192 and seen["read"] == 20000
