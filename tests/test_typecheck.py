"""The rules engines and the views type-check strictly (ARCHITECTURE.md: habits): the shared rules
parts, every family's rules and views, and the shared views. Modules they import are read for their
types but judged by their own checks (``--follow-imports=silent``)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_rules_and_views_type_check_strictly():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent", "referee/rules",
         *sorted(str(path.relative_to(REPO)) for path in (REPO / "referee" / "games").glob("*/rules")),
         *sorted(str(path.relative_to(REPO)) for path in (REPO / "referee" / "games").glob("*/views.py")),
         "referee/views.py", "referee/family_views.py"],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
