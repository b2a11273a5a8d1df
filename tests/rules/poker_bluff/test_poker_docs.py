"""docs/rules.md's poker-dice section names every error code the family's rules raise."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_every_error_code_of_the_poker_rules_is_documented() -> None:
    raised = set()
    for path in (ROOT / "referee" / "games" / "poker_bluff" / "rules").glob("*.py"):
        raised |= set(re.findall(r'(?:MalformedAction|IllegalAction)\(\s*"([a-z_]+/[a-z_]+)"', path.read_text("utf-8")))
    section = (ROOT / "docs" / "rules.md").read_text("utf-8").split("## Poker-dice bluff", 1)[1]
    documented = set(re.findall(r"`([a-z_]+/[a-z_]+)`", section))
    assert len(raised) > 20 and raised <= documented, sorted(raised - documented)
