"""Imports point down for the poker-dice family: its rules import nothing of the project beyond
the shared errors and event, its bots only the rules, its views only the rules."""
from __future__ import annotations

import ast
from pathlib import Path

REFEREE = Path(__file__).resolve().parents[3] / "referee"


def project_imports(path: Path) -> set[str]:
    """Every module of the project ``path`` imports, relative imports made absolute."""
    package = ".".join(path.relative_to(REFEREE.parent).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            names.add(".".join(base + ([node.module] if node.module else [])))
    return {name for name in names if name.startswith("referee")}


def imports_of(folder: str) -> dict[str, set[str]]:
    files = sorted((REFEREE / folder).glob("*.py")) if not folder.endswith(".py") else [REFEREE / folder]
    assert files
    return {path.name: project_imports(path) for path in files}


def test_the_rules_import_only_their_family_and_the_shared_errors_and_event() -> None:
    for name, found in imports_of("games/poker_bluff/rules").items():
        assert found <= {"referee.rules.errors", "referee.rules.event"} | {
            m for m in found if m.startswith("referee.games.poker_bluff.rules")}, name


def test_the_bots_import_only_the_rules_and_each_other() -> None:
    for name, found in imports_of("games/poker_bluff/bots").items():
        assert all(m.startswith(("referee.games.poker_bluff.rules", "referee.games.poker_bluff.bots")) for m in found), (name, found)


def test_the_views_import_only_the_rules_and_the_shared_view_parts() -> None:
    """The views read the rules' state and what every family's views share (their interface, the
    pot's figures): no table, no web, no other family."""
    found = imports_of("games/poker_bluff/views.py")["views.py"]
    shared = ("referee.family_views", "referee.gm.stakes")
    assert found and all(m.startswith("referee.games.poker_bluff.rules") or m in shared for m in found)


def test_the_reader_makes_relative_imports_absolute() -> None:
    assert "referee.rules.errors" in project_imports(REFEREE / "games" / "poker_bluff" / "rules" / "engine.py")
    assert "referee.games.poker_bluff.bots.dice" in project_imports(REFEREE / "games" / "poker_bluff" / "bots" / "tables.py")
