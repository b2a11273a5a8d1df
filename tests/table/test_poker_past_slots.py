"""A poker-dice game that rolls more often than its manifest's draw slots plays on (its draws go on
in announced blocks, docs/fairness.md section 6), where it used to be refused every roll past
them (``draw/invalid``) and stall; its evening exports clean in Python and in the browser."""
from __future__ import annotations

from typing import Any

from referee.fairness import kinds
from referee.fairness.verify import verify_export
from referee.table.fair_dealer import FairDealer
from tests.audit import test_poker_tables_verify as evenings
from tests.audit.node_verifier import node_verdicts

SLOTS = 64


class FewSlotsDealer(FairDealer):
    """The committed dealer, opening every game with 64 draw slots whatever the table asks."""

    def open_game(self, table_id: str, game_no: int, rules: dict[str, Any], seats: list[int], people: list[int],
                  draw_slots: int = SLOTS) -> tuple[dict[str, Any], dict[str, Any]]:
        return super().open_game(table_id, game_no, rules, seats, people, draw_slots=SLOTS)


def test_a_poker_game_past_its_draw_slots_plays_on_and_verifies_in_python_and_the_browser(monkeypatch, tmp_path):
    monkeypatch.setattr(evenings, "FairDealer", lambda signer: FewSlotsDealer(signer))
    export = evenings.play_evening(seed=7, players=2, tokens=8)
    opened = [e["public"] for e in export["entries"] if e["kind"] == kinds.GAME_OPENED]
    draws = [e["public"]["draw"] for e in export["entries"] if e["kind"] == kinds.DRAW_COMMITTED]
    assert {m["draw_slots"] for m in opened} == {SLOTS} and max(draws) > SLOTS
    assert any(e["kind"] == "evening_ended" for e in export["entries"])
    report = verify_export(export)
    assert report.ok, [str(c) for c in report.failures][:5]
    verdict = node_verdicts({"long": export}, tmp_path)["long"]
    assert verdict["ok"] is True and verdict["all"] == [[c.step, c.ok, c.message] for c in report.checks]
