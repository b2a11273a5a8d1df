"""The sample nginx config in deploy/ is what ``referee nginx-config`` prints for two workers."""
from __future__ import annotations

import subprocess
import sys

from tests.support.server import REPO


def test_the_shipped_sample_is_what_the_command_prints():
    printed = subprocess.run([sys.executable, "-m", "referee.cli", "nginx-config", "--workers", "2", "--port", "5000"],
                             cwd=REPO, capture_output=True, text=True, timeout=60, check=True).stdout
    assert (REPO / "deploy" / "nginx.conf").read_text(encoding="utf-8") == printed
    assert "server 127.0.0.1:5000 " in printed and "server 127.0.0.1:5001 " in printed
    assert "client_max_body_size 64k;" in printed  # [limits] http_body_bytes
