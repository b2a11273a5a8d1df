"""Where this process runs a long piece of work that waits on neither a socket nor a lock: a file read and
decoded, say. A gevent server runs every table in one thread, so such work done in a greenlet stops every
table until it ends; ``referee.serve`` hands it to the async library's pool of native threads instead
(``run_blocking_with``), and the calling greenlet waits there while the others play on. Everywhere else
(tests, the arena, the command line) it runs right where it is asked for.

A game asks here; it never starts a thread of its own. The work must not touch anything a greenlet may
change meanwhile: it gets its inputs and returns its result.

>>> run_blocking(lambda: 6 * 7)
42
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

T = TypeVar("T")


class Runner(Protocol):
    """Runs ``call`` where it stops nothing else, and returns what it returned."""

    def __call__(self, call: Callable[[], T]) -> T: ...


def inline(call: Callable[[], T]) -> T:
    """The runner of a process without an event loop: ``call`` right here."""
    return call()


_RUNNER: list[Runner] = [inline]


def run_blocking(call: Callable[[], T]) -> T:
    """``call``'s result, computed by this process's runner (``inline`` unless the server set another)."""
    return _RUNNER[0](call)


def run_blocking_with(runner: Runner) -> None:
    """From now on, in this process, run blocking work with ``runner`` (``referee.serve``: gevent's or
    eventlet's pool of native threads)."""
    _RUNNER[0] = runner
