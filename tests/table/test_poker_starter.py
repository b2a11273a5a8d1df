"""A poker-dice match's first game draws its starter (RULES.md B2, docs/rules.md): a uniform choice of one
of the two players, seeded by both, committed and revealed before the first roll; the table refuses a
starter draw that serves nothing, one at a Liar's Dice table, a second one, and a starter it does not name;
over many seeded evenings the host does not always start."""
from __future__ import annotations

from collections import Counter

import pytest

from referee.fairness.keys import Signer
from referee.fairness.purposes import starter_items
from referee.games.poker_bluff.rules import HIGHEST
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.errors import TableError
from referee.table.registry import Tables
from referee.table.fair_dealer import FairDealer
from tests.audit.house_logs import SeededDealer

SIGNER = Signer.from_private_bytes(bytes(range(32)))
EVENINGS = 400


def poker_table(seed: int | None = None, players: int = 2, seed_wait_s: float = 0.0, **rules):
    dealer = SeededDealer(seed) if seed is not None else FairDealer(SIGNER)
    events = EventLog(":memory:")
    table = Tables(events, dealer, ManualScheduler(), seed_wait_s=seed_wait_s).create({"game": "poker_bluff", **rules})
    for seat in range(players):
        table.join(f"P{seat}", f"d{seat}")
    return table, events


def starters(events, table):
    return [entry.public for entry in events.entries(table.id) if entry.kind == "starter_drawn"]


def test_over_many_seeded_evenings_either_player_starts_about_as_often():
    first = Counter()
    for seed in range(EVENINGS):
        table, events = poker_table(seed)
        table.start(0)  # the host (seat 0) starts the evening
        first[table.game.holder] += 1
        assert starters(events, table) == [{"game": 1, "draw": 1, "seat": table.game.holder}]
    # 400 fair coin flips fall within 200 ± 40 (4 standard deviations) but for 1 in 15,000 seeds;
    # these seeds are fixed, so the test gives the same answer every run
    assert set(first) == {0, 1} and abs(first[0] - EVENINGS // 2) <= 40, first


def test_a_bracket_of_five_draws_the_starter_of_every_match_and_no_other_game():
    table, events = poker_table(seed=3, players=5, tokens=1, two_games=True)
    while not (table.current.family_state.evening and table.current.family_state.evening.ended):
        table.start(0)
        while table.game.winner is None:
            holder = table.game.holder
            table.play.declare(holder, HIGHEST)
            table.play.doubt(table.game.other(holder))
    started = [e.public for e in events.entries(table.id) if e.kind == "game_started"]
    drawn = {s["game"] for s in starters(events, table)}
    firsts = {s["game"] for s in started if s["opener"] is None}
    assert drawn == firsts and len(firsts) == 4  # five entrants: four matches, each drawn once
    assert all(s["opener"] is not None for s in started if s["game"] not in drawn)


def test_a_starter_draw_of_a_liars_dice_table_is_refused():
    table = Tables(EventLog(":memory:"), FairDealer(SIGNER), ManualScheduler(), seed_wait_s=0).create(
        {"dice_per_player": 2})
    for seat in range(2):
        table.join(f"P{seat}", f"d{seat}")
    table.start(0)
    with pytest.raises(TableError) as refused:
        with table.changing():
            number, _ = table.draw("poker_starter", 1, starter_items((0, 1)))
            table.commit("starter_drawn", {"game": 1, "draw": number, "seat": 0})
    assert refused.value.code == "draw/kind"
    assert "draw 1 (poker_starter of game 1) is not a draw of a liars_dice game" in str(refused.value)


def test_a_starter_draw_that_serves_nothing_a_second_one_and_a_starter_it_does_not_name_are_refused():
    table, events = poker_table(seed_wait_s=5.0, tokens=1)
    table.set_connected(0, True), table.set_connected(1, True)
    table.start(0)  # the starter draw waits for the players' seeds
    before = (table.state, table.version, len(events.entries(table.id)))
    with pytest.raises(TableError) as unused:
        with table.changing():
            table.draw("poker_starter", 1, starter_items((0, 1)))
            table.draw("poker_roll", 1, [("die", 6)] * 5)
    assert unused.value.code == "draw/unused"
    assert "draw 1 (poker_starter of game 1) serves nothing" in str(unused.value)
    with pytest.raises(TableError) as misnamed:
        with table.changing():
            number, values = table.draw("poker_starter", 1, starter_items((0, 1)))
            table.commit("draw_revealed", table._dealer.reveal_draw(
                (table.current.fairness.opening_public, table.current.fairness.opening_secret),
                table.current.fairness.draw_at(number)[1]))
            table.commit("starter_drawn", {"game": 1, "draw": number, "seat": 2 - values[0]})
    assert misnamed.value.code == "starter/draw"
    assert (table.state, table.version, len(events.entries(table.id))) == before
    table.contribute_draw_seed(0, 1, "0a" * 32)
    table.contribute_draw_seed(1, 1, "0b" * 32)
    assert len(starters(events, table)) == 1
    with pytest.raises(TableError) as again:
        table.draw("poker_starter", 1, starter_items((0, 1)))
    assert again.value.code == "draw/repeated"
    assert str(again.value).endswith("poker_starter of game 1 is drawn once at most in a game: a second draw is a retry")


def test_a_table_logged_before_starters_were_drawn_folds_and_its_next_evening_draws_them():
    from referee.fairness.verify import verify_export
    from tests.audit.poker_logs import poker_evening

    old = poker_evening(seed=2, players=3, settle=True)  # the seat order's starters, as logged before
    assert all("starters" not in e.public for e in old.events.entries(old.table_id) if e.kind == "evening_started")
    table = Tables(old.events, SeededDealer(9), ManualScheduler(), seed_wait_s=0).get(old.table_id)
    assert table.current.family_state.evening.ended and not table.current.family_state.evening.starters_drawn
    assert verify_export(old.forger().export()).ok
    table.start(0)
    evenings = [e.public for e in old.events.entries(old.table_id) if e.kind == "evening_started"]
    assert evenings[-1] == {"evening": 2, "entrants": [0, 1, 2], "starters": "drawn", "bracket": "drawn"}
    assert starters(old.events, table)[0]["seat"] == table.game.holder
    report = verify_export(old.forger().export())  # the old evening as before, the new one with its draw
    assert report.ok, [str(c) for c in report.failures]
    assert any("starts, as the draw names" in c.message for c in report.checks)
