"""The HTTP status of a refused API request: 503 for a refusal that passes by itself, 400 otherwise.

A refusal *passes* when nothing is wrong with the request: the database is briefly away or
locked, or the table is moving between server processes. It is worth retrying as it is
(``static/js/retry.js`` retries the same codes for a connection).

>>> status_of("store/unavailable"), status_of("table/moving"), status_of("table/full")
(503, 503, 400)
"""
from __future__ import annotations

PASSING = frozenset({"store/unavailable", "store/busy", "table/moving"})
"""Refusals to retry as they are, a moment later."""


def status_of(code: str) -> int:
    """503 for a passing refusal, 400 for a request the client must change."""
    return 503 if code in PASSING else 400
