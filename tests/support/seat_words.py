"""A verifier's line as the audit and replay pages show it in English: every seat counted from 1 (the
log and both verifiers count from 0; the page shifts them as it words the line,
static/js/check_wording.js ``seatsFromOne``). An implementation of its own, not the page's.

>>> from_one("seq 5: seats 0, 1 (seat 1 opens) play; draw 2 orders the bracket 2, 0, 1; die 0 of seat 0")
'seq 5: seats 1, 2 (seat 2 opens) play; draw 2 orders the bracket 3, 1, 2; die 0 of seat 1'
"""
from __future__ import annotations

import re


def _up(found: re.Match[str]) -> str:
    return re.sub(r"\d+", lambda n: str(int(n.group()) + 1), found.group())


def from_one(message: str) -> str:
    """``message`` with every seat number shifted up by one; dice, counts, seqs, draws and rounds unchanged."""
    message = re.sub(r"\bseats (\d+(, |–| and ))*\d+", _up, message)
    message = re.sub(r"\bseat \d+( or \d+)?", _up, message)
    message = re.sub(r"\b(seats|entrants|order is|gives) \[[\d, ]*\]", _up, message)
    return re.sub(r"\b(the seat order is|orders the bracket|the seated players are) [\d, ]+", _up, message)
