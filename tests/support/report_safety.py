"""A failing test's report always reaches the run: one red test never takes the run down.

pytest-xdist's workers send each report to the controller through execnet, which writes text as
strict UTF-8: a report holding a lone surrogate (a hypothesis example such as ``'\\ud800'``, an
assertion quoting one) killed the worker while sending it, and the controller stopped the whole
run with ``INTERNALERROR`` after ~1,650 passed tests. A huge report (a diff of two 10 MB texts)
crawls through the channel and floods the terminal. So every text of a report is made safe on
its way out of the worker: a lone surrogate is written as its escape (``\\ud800``), and a text
longer than ``LIMIT`` characters keeps its head and tail with a note of what was cut.

tests/conftest.py loads this plugin; tests/test_suite_safety.py runs a deliberately failing
example under xdist in a subprocess and proves that it fails alone, readably.

>>> carried("a\\ud800b")
'a\\\\ud800b'
>>> carried({"sections": [("Captured stdout", "x" * 20)]}, limit=16)
{'sections': [('Captured stdout', 'xxxxxxxx\\n[... 4 characters cut from this report text ...]\\nxxxxxxxx')]}
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

LIMIT = 200_000
"""The most characters one text of a report keeps (a page of output is a few thousand)."""


def carried(value: Any, limit: int = LIMIT) -> Any:
    """``value`` (a report as ``pytest_report_to_serializable`` makes it) with every text safe to send."""
    if isinstance(value, str):
        if len(value) > limit:
            half = limit // 2
            value = f"{value[:half]}\n[... {len(value) - 2 * half} characters cut from this report text ...]\n{value[-half:]}"
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            value = value.encode("utf-8", "backslashreplace").decode("utf-8")
        return value
    if isinstance(value, dict):
        return {carried(key, limit): carried(item, limit) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(carried(item, limit) for item in value)
    return value


@pytest.hookimpl(wrapper=True)
def pytest_report_to_serializable(report: Any) -> Generator[None, Any, Any]:
    """The report as xdist sends it, every text made safe to carry."""
    serialized = yield
    return carried(serialized)
