"""Blocking work a game asks ``referee.blocking`` for runs, in a gevent server, where the server's other
greenlets go on meanwhile (``referee.serve`` sets gevent's pool of native threads as the runner)."""
from __future__ import annotations

import threading

import gevent

from referee.blocking import inline, run_blocking, run_blocking_with
from referee.games.liars_dice.bots.endgame import strategy_table
from referee.games.liars_dice.bots.recall import solved, use_directory
from referee.serve import offload_of


def test_under_gevent_the_other_greenlets_run_while_blocking_work_runs():
    """The work waits for a greenlet to have run: it returns only if that greenlet ran meanwhile."""
    ran = threading.Event()
    run_blocking_with(offload_of("gevent"))
    try:
        other = gevent.spawn(ran.set)
        assert run_blocking(lambda: ran.wait(timeout=30)) is True
        other.join()
    finally:
        run_blocking_with(inline)


def test_without_an_event_loop_blocking_work_runs_right_here():
    assert offload_of("threading") is inline
    assert run_blocking(threading.get_ident) == threading.get_ident()


def test_the_strong_bots_solved_files_are_read_as_blocking_work():
    read: list[str] = []

    def recording(call):
        read.append(type(result := call()).__name__)
        return result

    use_directory(None)                      # empties the cache of read rounds
    strategy_table.cache_clear()
    run_blocking_with(recording)
    try:
        assert solved("1v1-wild") is not None and strategy_table("1v1-wild") is not None
        solved("1v1-wild")                   # read once
    finally:
        run_blocking_with(inline)
    assert read == ["SparsePolicy", "dict"]
