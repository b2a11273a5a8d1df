"""The browser's verifier (static/js/fairness.js with its game half static/js/audit_play.js, run
through node) and the Python one agree check for check: the same steps, verdicts and messages,
in the same order, on real evenings and on every forgery of tests/audit/tampers.py."""
from __future__ import annotations

import pytest

from referee.fairness.verify import verify_export

from .node_verifier import node_verdicts
from .play_logs import Forger, cheating_evening, finish, plain_evening, refereed_table
from .tampers import NO_CHEATING, PLAIN, REFEREED
from .test_play import play_checks

FORGERIES = [("plain", PLAIN), ("refereed", REFEREED), ("no_cheating", NO_CHEATING)]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Every export (clean and forged) with both verifiers' verdicts."""
    no_cheating = refereed_table(dice=2, cheating=False)
    finish(no_cheating)
    tables = {"plain": plain_evening(seed=6, players=3, dice=2, games=2), "refereed": cheating_evening(),
              "no_cheating": no_cheating}
    exports = {f"clean {name}": Forger(table).export() for name, table in tables.items()}
    for table, tampers in FORGERIES:
        for name, tamper in tampers.items():
            forger = Forger(tables[table])
            tamper(forger)
            exports[name] = forger.export()
    return {"js": node_verdicts(exports, tmp_path_factory.mktemp("play-js")), "exports": exports}


NAMES = [f"clean {name}" for name, _ in FORGERIES] + [name for _, tampers in FORGERIES for name in tampers]


@pytest.mark.parametrize("name", NAMES)
def test_js_and_python_make_the_same_game_checks(results, name):
    export = results["exports"][name]
    python = [[c.step, c.ok, c.message] for c in play_checks(export).checks]
    js = results["js"][name]

    assert js["play"] == python
    assert js["ok"] is verify_export(export).ok is name.startswith("clean")


@pytest.mark.parametrize("name", NAMES)
def test_js_and_python_verify_an_export_with_the_same_checks_in_the_same_order(results, name):
    python = [[c.step, c.ok, c.message] for c in verify_export(results["exports"][name]).checks]
    assert results["js"][name]["all"] == python


def test_js_keeps_each_rounds_bids_and_call_for_the_page(results):
    export = results["exports"]["clean plain"]
    rounds = results["js"]["clean plain"]["rounds"]
    calls = [e for e in export["entries"] if e["kind"] == "liar"]
    bids = [e for e in export["entries"] if e["kind"] == "bid"]

    assert [r["call"]["seq"] for r in rounds] == [e["seq"] for e in calls]
    assert [b["seq"] for r in rounds for b in r["bids"]] == [e["seq"] for e in bids]
    assert all(r["call"]["loser"] in (r["call"]["caller"], r["call"]["bidder"]) for r in rounds)
