"""``require_seeds`` at a Liar's Dice table: a round no person's seed came for is never dealt by the server
alone; it waits for the first seed of a person in the game, and turned off it is dealt as any other."""
from __future__ import annotations

from referee.fairness.verify import verify_export

from .test_draw_seeds import WAIT, export_of, kinds_of, table_of


def paused_round():
    """A table requiring seeds whose first round nobody connected could seed: long past any wait, not dealt."""
    table, scheduler, events = table_of({})
    table.set_require_seeds(True, by=0)
    table.start(0)
    scheduler.advance(10 * WAIT)
    assert "round_dealt" not in kinds_of(events, table)
    return table, scheduler, events


def test_a_round_nobody_seeds_waits_for_the_first_persons_seed():
    table, scheduler, events = paused_round()
    assert table.draw_parts()["deal_paused"] is True
    table.set_connected(1, True)
    assert table.draw_parts()["deal_paused"] is False  # a page is here: its seed is on its way
    table.play.contribute_seed(1, 1, "0b" * 32)
    assert kinds_of(events, table)[-2:] == ["seed_contributed", "round_dealt"]
    dealt = events.entries(table.id)[-1].public
    assert dealt["seeds"] == {"1": "0b" * 32} and dealt["seeds_missing"] == {"0": "not_connected"}
    assert verify_export(export_of(events, table)).ok


def test_the_first_seed_gives_the_other_connected_people_the_usual_wait():
    table, scheduler, events = table_of({})
    table.set_require_seeds(True, by=0)
    table.set_connected(0, True), table.set_connected(1, True)
    table.start(0)
    scheduler.advance(WAIT)  # both pages silent: nothing is dealt
    assert "round_dealt" not in kinds_of(events, table)
    table.play.contribute_seed(0, 1, "0a" * 32)
    assert "round_dealt" not in kinds_of(events, table)
    scheduler.advance(WAIT)
    public = events.entries(table.id)[-1].public
    assert public["seeds"] == {"0": "0a" * 32} and public["seeds_missing"] == {"1": "late"}


def test_turned_off_a_paused_round_is_dealt_and_said_to_be_the_servers_alone():
    table, scheduler, events = paused_round()
    table.set_require_seeds(False, by=0)
    assert kinds_of(events, table)[-2:] == ["seeds_required", "round_dealt"]
    assert table.draw_parts()["deal_paused"] is False
    report = verify_export(export_of(events, table))
    assert report.ok
    assert "game 1 round 1: note: this round's dice were dealt by the server alone: nobody was connected" in \
        [str(check) for check in report.checks]


def test_without_the_option_a_round_nobody_can_seed_is_dealt_at_once():
    table, scheduler, events = table_of({})
    table.start(0)
    assert kinds_of(events, table)[-1] == "round_dealt" and table.draw_parts()["deal_paused"] is False
