"""Runs the browser's verifier (static/js/fairness.js and its game half static/js/audit_play.js) in node
on many exports at once (tests/audit/js/play_check.mjs), for the tests that compare it with the Python
verifier check for check."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

NODE = shutil.which("node")
CHECK = Path(__file__).parent / "js" / "play_check.mjs"


def node_verdicts(exports: dict[str, dict[str, Any]], folder: Path) -> dict[str, dict[str, Any]]:
    """Each export's verdict in node, by name: ``ok``, ``all`` (every check as ``[step, ok, message]``),
    ``play`` (the game checks alone), ``rounds`` and ``throws`` (what the audit page shows)."""
    if NODE is None:
        pytest.fail("node is not installed: run `make test`, which installs Debian's nodejs")
    path = folder / "job.json"
    path.write_text(json.dumps({"exports": {name: json.dumps(export) for name, export in exports.items()}}))
    done = subprocess.run([NODE, str(CHECK), str(path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    verdicts: dict[str, dict[str, Any]] = json.loads(done.stdout)
    return verdicts
