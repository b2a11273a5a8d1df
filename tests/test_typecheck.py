"""The rules engine and the views type-check strictly (ARCHITECTURE.md: habits)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_rules_and_views_type_check_strictly():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "referee/rules", "referee/views.py"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
