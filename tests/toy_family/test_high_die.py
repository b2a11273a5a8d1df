"""A third rules family joins through its own folder and one registry line (issue 25, docs/families.md):
"higher die wins" (tests/toy_family/high_die.py) is served by a real server that loads it from its config,
played there by a person and a regular of the server, and its export verifies with the shared verifier,
its throws re-derived from their committed, seeded and revealed draws. It imports no game of the house."""
from __future__ import annotations

import json
import secrets
import urllib.request
from pathlib import Path

import pytest

from referee.fairness import draw_uses, purposes
from referee.fairness.keys import Signer
from referee.fairness.verify import verify_export
from referee.games.registry import FAMILIES, load
from referee.store.log import EventLog
from referee.table.errors import TableError
from referee.table.fair_dealer import FairDealer
from referee.table.registry import Tables
from referee.table.scheduler import ManualScheduler
from tests.support.client import Player
from tests.rules.poker_bluff.test_poker_layers import project_imports
from tests.support.server import running_server

SPEC = "tests.toy_family.high_die:HIGH_DIE"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def family():
    """The toy family registered in this process, as the server's ``[games] extra`` does at start, and taken
    out again after this module's tests: the other tests of this worker see the house's two families only."""
    kept = [(table, dict(table)) for table in (FAMILIES, purposes.DRAWS_PER_REFERENCE, purposes.DECLARED,
                                               draw_uses.USES, draw_uses.KIND_OF_ENTRY)]
    yield load(SPEC)
    for table, before in kept:
        table.clear()
        table.update(before)


def export_of(base_url: str, table_id: str) -> dict:
    with urllib.request.urlopen(f"{base_url}/t/{table_id}/audit.json", timeout=10) as reply:
        return json.loads(reply.read())


def test_the_house_plays_two_families_until_a_third_is_registered():
    assert sorted(FAMILIES) == ["liars_dice", "poker_bluff"] and "high_die" not in purposes.DRAWS_PER_REFERENCE


def test_the_toy_family_imports_only_the_shared_floors():
    toy = project_imports(REPO / "tests" / "toy_family" / "high_die.py")
    assert "referee.table.families" in toy and "referee.fairness.purposes" in toy
    assert not [module for module in toy if module.startswith("referee.games")]


def test_a_table_of_the_toy_family_plays_a_game_whose_log_verifies(family):
    signer = Signer.from_private_bytes(bytes(32))
    tables = Tables(EventLog(":memory:"), FairDealer(signer), ManualScheduler(), seed_wait_s=0)
    table = tables.create({"game": "high_die"})
    table.join("Anna", "d0"), table.join("Ben", "d1")
    table.start(0)
    with pytest.raises(TableError) as refused:
        table.play.throw(1)
    assert refused.value.code == "action/not_your_turn" and table.game.thrown == ()
    table.play.throw(0)
    table.play.throw(1)
    game = table.game
    assert len(game.thrown) == 2 and game.winner == game.seats[game.thrown.index(max(game.thrown))]
    assert not table.current.game_running
    with pytest.raises(TableError) as again:  # the game is over: nobody is to throw
        table.play.throw(0)
    assert again.value.code == "action/not_your_turn"


def test_the_server_serves_the_toy_family_a_regular_plays_it_and_its_export_verifies(tmp_path, family):
    with running_server(tmp_path, games={"extra": SPEC}, fairness={"seed_wait_s": 60}) as server:
        body = json.dumps({"name": "Anna", "game": "high_die", "bots": {"count": 1, "level": "easy"}}).encode()
        request = urllib.request.Request(server.base_url + "/api/tables", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as reply:
            host = json.loads(reply.read())
        anna = Player(server.base_url, host["table"], host["token"])
        anna.wait_for(lambda s: len(s["table"]["seats"]) == 2, 30)
        assert anna.call("start")["ok"]
        state = anna.wait_for(lambda s: s["game"] is not None and s["game"]["turn"] == 0, 30)
        assert state["table"]["family"] == "high_die"
        assert anna.call("bid", {"quantity": 1, "face": 2})["code"] == "game/wrong_family"
        thrown = anna.call("throw", {})
        assert thrown["ok"], thrown
        seeded = set()
        while True:  # each throw waits for the seed of the table's one person (a minute at most)
            state = anna.wait_for(lambda s: s["game"]["winner"] is not None or (
                s["draws"]["waiting"] is not None and s["draws"]["waiting"]["draw"] not in seeded), 30)
            if state["game"]["winner"] is not None:
                break
            seeded.add(state["draws"]["waiting"]["draw"])
            assert anna.call("draw_seed", {"draw": state["draws"]["waiting"]["draw"], "seed": secrets.token_hex(32)})["ok"]
        over = state  # the regular threw in its turn
        assert set(over["game"]["thrown"]) == {"0", "1"}
        export = export_of(server.base_url, host["table"])
    assert FAMILIES["high_die"] is family
    report = verify_export(export)
    assert report.ok, [str(check) for check in report.failures]
    throws = [str(check) for check in report.checks if check.step == "game 1" and "threw" in check.message]
    assert len(throws) == 2 and report.summary == [f"game 1: seat {over['game']['winner']} wins"]
    kinds = [entry["kind"] for entry in export["entries"]]
    assert kinds.count("draw_committed") == 2 and kinds.count("thrown") == 2 and kinds.count("draw_seed") == 2
    assert seeded == {1, 2}
