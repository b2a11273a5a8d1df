"""Imports point down (the developers' brief; issue 25): no import circle in the Python package, at run time
or through type annotations (``if TYPE_CHECKING:`` imports), and none among the page modules."""
from __future__ import annotations

from pathlib import Path

from tests.support.import_graph import cycles, js_graph, python_graph

REPO = Path(__file__).resolve().parents[1]


def test_the_package_has_no_import_circle_at_run_time():
    graph = python_graph(REPO, "referee")
    assert len(graph) > 200 and "referee.table.families" in graph["referee.table.table"]
    assert cycles(graph) == []


def test_the_package_has_no_import_circle_even_through_type_annotations():
    graph = python_graph(REPO, "referee", typed=True)
    assert "referee.table.state" in graph["referee.games.liars_dice.fold"]  # a family's fold names TableState
    assert cycles(graph) == []


def test_the_page_modules_import_no_circle():
    graph = js_graph(REPO / "static" / "js")
    assert len(graph) > 90 and "fair_inputs.js" in graph["play_poker_bluff.js"]
    assert cycles(graph) == []


def test_the_readers_see_a_circle_through_a_package_a_lazy_import_and_a_page_module(tmp_path):
    package = tmp_path / "pkg"
    (package / "inner").mkdir(parents=True)
    (package / "__init__.py").write_text("from .inner import worker\nVERSION = 1\n")
    (package / "inner" / "__init__.py").write_text("")
    (package / "inner" / "worker.py").write_text("def work():\n    from pkg import VERSION, helper\n")
    (package / "helper.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.inner import worker\n")
    assert cycles(python_graph(tmp_path, "pkg")) == [["pkg", "pkg.inner.worker"]]
    assert cycles(python_graph(tmp_path, "pkg", typed=True)) == [["pkg", "pkg.helper", "pkg.inner.worker"]]
    pages = tmp_path / "js"
    pages.mkdir()
    (pages / "a.js").write_text('import { b } from "./b.js";\n')
    (pages / "b.js").write_text('export const b = 1;\nconst later = () => import("./a.js");\n')
    assert cycles(js_graph(pages)) == [["a.js", "b.js"]]
