"""Imports point down (the developers' brief; issue 25): no import circle in the Python package, at run time
or through type annotations (``if TYPE_CHECKING:`` imports), and none among the page modules.
The families keep to their folders, on both sides: a shared module (referee/ outside games/, static/js
outside games/) reaches a family only through its side's registry (referee/games/registry.py, and for the
network bot, which loads no server, referee/netbot/families.py; static/js/games/registry.js), and no
family's module imports another family's folder."""
from __future__ import annotations

from pathlib import Path

from tests.support.import_graph import cycles, family_crossings, js_graph, python_graph, python_paths

REPO = Path(__file__).resolve().parents[1]


def test_the_package_has_no_import_circle_at_run_time():
    graph = python_graph(REPO, "referee")
    assert len(graph) > 200 and "referee.table.families" in graph["referee.table.table"]
    assert cycles(graph) == []


def test_the_package_has_no_import_circle_even_through_type_annotations():
    graph = python_graph(REPO, "referee", typed=True)
    assert "referee.table.state" in graph["referee.games.liars_dice.fold"]  # a family's fold names TableState
    assert cycles(graph) == []


def test_the_shared_floors_reach_a_family_only_through_a_registry_and_no_family_another():
    graph = python_paths(python_graph(REPO, "referee", typed=True), "referee")
    families = {name.split("/")[1] for name in graph if name.count("/") >= 2 and name.startswith("games/")}
    assert families == {"liars_dice", "poker_bluff"}
    assert {"games/liars_dice/family", "games/poker_bluff/family"} <= graph["games/registry"]
    assert "games/registry" in graph["table/table"] and "table/state" in graph["games/poker_bluff/fold"]
    assert family_crossings(graph, registries=("games/registry", "netbot/families")) == []


def test_the_family_check_reads_python_modules_by_their_paths():
    graph = python_paths({"referee.games.dice.rules": {"referee.rules.errors"}, "referee.games": set(),
                          "referee.table.table": {"referee.games", "referee.games.dice.rules"}}, "referee")
    assert family_crossings(graph, registries=("games/registry",)) == ["table/table -> games/dice/rules"]


def test_the_page_modules_import_no_circle():
    graph = js_graph(REPO / "static" / "js")
    assert len(graph) > 90 and "fair_inputs.js" in graph["games/poker_bluff/play.js"]
    assert cycles(graph) == []


def test_the_shared_page_modules_reach_a_family_only_through_the_registry_and_no_family_another():
    graph = js_graph(REPO / "static" / "js")
    families = {name.split("/")[1] for name in graph if name.count("/") == 2 and name.startswith("games/")}
    assert families == {"liars_dice", "poker_bluff"}
    assert {"games/liars_dice/table.js", "games/poker_bluff/table.js"} <= graph["games/registry.js"]
    assert "games/registry.js" in graph["families.js"] and "dice.js" in graph["games/poker_bluff/table.js"]  # "../../dice.js"
    assert family_crossings(graph) == []


def test_the_family_check_names_a_shared_module_that_imports_a_family_and_a_family_that_imports_another(tmp_path):
    pages = tmp_path / "js"
    (pages / "games" / "dice").mkdir(parents=True)
    (pages / "games" / "coins").mkdir()
    (pages / "dom.js").write_text("export const byId = (id) => id;\n")
    (pages / "games" / "registry.js").write_text('export const load = { dice: () => import("./dice/view.js"), coins: () => import("./coins/view.js") };\n')
    (pages / "games" / "dice" / "view.js").write_text('import { byId } from "../../dom.js";\nimport { rules } from "./rules.js";\n')
    (pages / "games" / "dice" / "rules.js").write_text("export const rules = {};\n")
    (pages / "games" / "coins" / "view.js").write_text('import { byId } from "../../dom.js";\n')
    (pages / "table.js").write_text('import { load } from "./games/registry.js";\n')
    assert family_crossings(js_graph(pages)) == []
    (pages / "table.js").write_text('import { load } from "./games/registry.js";\nimport { rules } from "./games/dice/rules.js";\n')
    (pages / "games" / "coins" / "view.js").write_text('import { rules } from "../dice/rules.js";\nimport { load } from "../registry.js";\n')
    assert family_crossings(js_graph(pages)) == ["games/coins/view.js -> games/dice/rules.js",
                                                  "games/coins/view.js -> games/registry.js",
                                                  "table.js -> games/dice/rules.js"]


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
