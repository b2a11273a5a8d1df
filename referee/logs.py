"""Structured logs: one JSON object a line, with the fields a record was given.

Nothing secret is ever passed to a logger: no seat token, no unrevealed die. Records name
tables, seats, entry kinds and error codes only.

>>> import logging
>>> record = logging.LogRecord("referee", logging.INFO, __file__, 1, "entry", None, None)
>>> record.table = "t1"
>>> JsonFormatter().format(record)[:48]
'{"level": "INFO", "logger": "referee", "msg": "e'
"""
from __future__ import annotations

import json
import logging
import time

_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}
_encode = json.JSONEncoder(ensure_ascii=False, default=str).encode
"""One encoder for every line (``json.dumps`` with options builds a new one each call)."""


class JsonFormatter(logging.Formatter):
    """Formats a record as JSON with its extra fields; the time to the second (written once a second);
    ``worker`` (the process's name, ``store.leases.new_owner``) on every line when given.

    >>> record = logging.LogRecord("referee", logging.INFO, __file__, 1, "serving", None, None)
    >>> JsonFormatter(worker="host:41:5001:ab12").format(record).endswith('"worker": "host:41:5001:ab12"}')
    True
    """

    def __init__(self, worker: str | None = None) -> None:
        super().__init__()
        self._second = -1
        self._stamp = ""
        self._worker = worker

    def format(self, record: logging.LogRecord) -> str:
        second = int(record.created)
        if second != self._second:
            self._second, self._stamp = second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
        data = {"level": record.levelname, "logger": record.name, "msg": record.getMessage(), "time": self._stamp}
        data.update({key: value for key, value in vars(record).items() if key not in _STANDARD})
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        if self._worker is not None:
            data["worker"] = self._worker
        return _encode(data)


def configure_logging(level: str, worker: str | None = None) -> None:
    """Send every log record of the process to stderr as JSON lines, each naming ``worker`` when given
    (with ``serve --workers`` every worker writes to the same stderr)."""
    # A line shows neither the thread, the process nor the caller's file and line: no record looks them
    # up (the logging HOWTO's "Optimization"; the caller's look-up walks the stack each record).
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
    logging._srcfile = None
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter(worker))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
