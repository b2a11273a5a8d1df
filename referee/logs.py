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

_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """Formats a record as JSON with its extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        data = {"level": record.levelname, "logger": record.name, "msg": record.getMessage(),
                "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))}
        data.update({key: value for key, value in vars(record).items() if key not in _STANDARD})
        if record.exc_info:
            data["exc"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False, default=str)


def configure_logging(level: str) -> None:
    """Send every log record of the process to stderr as JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
