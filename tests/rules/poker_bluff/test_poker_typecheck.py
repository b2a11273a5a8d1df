"""The poker-dice family type-checks strictly: its rules, its views, its bots and its arena."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
MODULES = ["referee/games/poker_bluff/rules", "referee/games/poker_bluff/views.py", "referee/games/poker_bluff/bots", "referee/games/poker_bluff/arena.py", "referee/games/poker_bluff/arena_book.py"]


def test_the_poker_dice_modules_type_check_strictly() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=silent", *MODULES],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
