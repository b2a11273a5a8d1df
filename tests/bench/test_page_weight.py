"""bench/page_weight.py works: a real run in Chromium counts the cold load's requests and bytes, and
the warm load fetches fewer. Never a size check: the figures are the bench's output."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.browser
def test_the_page_weight_bench_counts_a_cold_and_a_warm_visit() -> None:
    run = subprocess.run([sys.executable, str(REPO / "bench" / "page_weight.py"), "--lang", "ru", "--json"],
                         cwd=REPO, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    figures = json.loads(run.stdout)["ru"]["table"]
    cold, warm = figures["cold"], figures["warm"]
    assert cold["requests"] > warm["requests"] > 0
    assert cold["total_bytes"] == cold["http_bytes"] + cold["websocket_bytes"]
    assert 0 < cold["header_bytes"] < cold["http_bytes"]
    assert any(name.startswith("table.liars_dice.ru.") and name.endswith(".json") for name in cold["by_url"]), cold["by_url"]
    assert not any(name.endswith((".js", ".css")) for name in warm["by_url"]), warm["by_url"]
