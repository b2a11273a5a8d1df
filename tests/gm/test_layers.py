"""The game master's package sits below the table: it imports neither the table nor the web layer."""
from __future__ import annotations

import ast
from pathlib import Path

GM = Path(__file__).resolve().parents[2] / "referee" / "gm"


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports (docstring examples are not imports)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_the_game_master_package_never_imports_the_table_or_the_web():
    modules = sorted(GM.glob("*.py"))
    assert modules
    upward = {path.name: sorted(name for name in imported_modules(path)
                                if name.startswith(("referee.table", "referee.web")))
              for path in modules}
    assert {name: found for name, found in upward.items() if found} == {}


def test_the_import_reader_sees_an_upward_import(tmp_path):
    module = tmp_path / "sample.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from referee.table.state import X\n")
    assert "referee.table.state" in imported_modules(module)
