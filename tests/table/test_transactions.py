"""One command is one transaction: its entries are appended in one call, or none of them, and
nobody (no listener, no other thread) sees a command's entries before they are stored."""
from __future__ import annotations

import threading

import pytest

from referee.table import desk
from referee.gm.settings import GmSettings
from referee.games.liars_dice.rules import Phase, RulesError
from referee.store.base import StoreConflict
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.errors import TableError
from referee.table.registry import Tables
from referee.table.fair_dealer import FairDealer
from tests.gm.support import ALWAYS, NEVER, SIGNER


class RecordingStore(EventLog):
    """An in-memory SQLite store that remembers the kinds of every ``append`` call, and can refuse the next ones."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.calls: list[list[str]] = []
        self.refuse = False

    def append(self, table, entries, expected_seq):
        if self.refuse:
            raise StoreConflict(table, expected_seq, expected_seq + 1)
        stored = super().append(table, entries, expected_seq)
        self.calls.append([entry.kind for entry in entries])
        return stored


def seated(n=2, seed_wait_s=0.0, rules=None, dealer=None):
    store = RecordingStore()
    tables = Tables(store, dealer or FairDealer(SIGNER), ManualScheduler(), seed_wait_s=seed_wait_s)
    table = tables.create({"dice_per_player": 2, **(rules or {})})
    for seat in range(n):
        table.join(f"P{seat}", f"digest{seat}")
    store.calls.clear()
    return table, store


def test_a_start_opens_and_deals_the_game_in_one_append():
    table, store = seated()
    table.start(0)
    assert store.calls == [["game_started", "game_opened", "round_dealt"]]


def test_a_call_of_liar_and_its_reveal_are_one_append():
    table, store = seated()
    table.start(0)
    table.play.bid(table.game.turn, 1, 2)
    store.calls.clear()
    table.play.liar(table.game.turn)
    assert store.calls == [["liar", "round_revealed"]]


def test_the_last_call_of_a_game_reveals_its_draws_in_the_same_append():
    store = RecordingStore()
    table = Tables(store, FairDealer(SIGNER), ManualScheduler(), seed_wait_s=0).create({"dice_per_player": 1})
    desk.name_referee(table, "Мастер", "rd", GmSettings(cheating=True))
    for seat in range(2):
        table.join(f"P{seat}", f"digest{seat}")
    table.start_game()
    attempt = desk.submit_attempt(table, 0, {"kind": "telekinesis", "die": 0, "value": 6, "target": None,
                                              "description": "…"})
    desk.judge(table, attempt, NEVER, 0)  # a failed check: its draw stays sealed until the game ends
    table.play.bid(table.game.turn, 1, 2)
    store.calls.clear()
    table.play.liar(table.game.turn)
    assert store.calls == [["liar", "round_revealed", "draw_revealed", "game_settled"]]
    assert table.game.phase is Phase.OVER


def test_a_judged_attempt_is_one_append_from_its_draw_to_its_effect():
    store = RecordingStore()
    table = Tables(store, FairDealer(SIGNER), ManualScheduler(), seed_wait_s=0).create({"dice_per_player": 2})
    desk.name_referee(table, "Мастер", "rd", GmSettings(cheating=True))
    for seat in range(2):
        table.join(f"P{seat}", f"digest{seat}")
    table.start_game()
    attempt = desk.submit_attempt(table, 0, {"kind": "telekinesis", "die": 0, "value": 6, "target": None,
                                              "description": "…"})
    store.calls.clear()
    desk.judge(table, attempt, ALWAYS, 0)
    assert store.calls == [["attempt_judged", "draw_committed", "attempt_checked"]]
    desk.apply_attempt(table, attempt)  # a succeeded telekinesis waits for the referee: one more command
    assert store.calls[1:] == [["die_changed", "attempt_resolved"]]


def test_a_command_that_commits_a_draw_no_entry_uses_is_refused_whole():
    table, store = seated()
    table.start(0)
    before = (table.state, table.version, len(store.entries(table.id)))
    with pytest.raises(TableError) as refused:
        table.draw("roll_off", 1, [("seat 0", 6), ("seat 0", 6), ("seat 1", 6), ("seat 1", 6)])
    assert refused.value.code == "draw/unused"
    assert str(refused.value).endswith("draw 1 (roll_off of game 1 (roll 1)) serves nothing: the command ends before any entry used it")
    assert (table.state, table.version, len(store.entries(table.id))) == before


def test_a_draw_of_another_games_kind_is_refused():
    table, store = seated()
    table.start(0)
    with pytest.raises(TableError) as refused:
        with table.changing():
            number, _ = table.draw("poker_roll", 1, [("die", 6)])
            table.commit("cup_rolled", {"game": 1, "draw": number})
    assert refused.value.code == "draw/kind"
    assert "draw 1 (poker_roll of game 1 (roll 1)) is not a draw of a liars_dice game" in str(refused.value)
    assert table.current.fairness.draws == ()


def test_a_failed_append_changes_nothing_and_tells_nobody():
    table, store = seated()
    table.start(0)
    heard = []
    table.subscribe(lambda t: heard.append(t.version))
    before = (table.state, table.version, len(store.entries(table.id)))
    store.refuse = True
    with pytest.raises(TableError) as refused:
        table.play.bid(table.game.turn, 1, 2)
    assert refused.value.code == "store/conflict"
    assert (table.state, table.version, len(store.entries(table.id))) == before
    assert heard == []


def test_a_command_refused_half_way_stores_none_of_its_entries():
    table, store = seated()
    table.start(0)
    store.calls.clear()
    before = (table.state, table.version)
    with pytest.raises(RulesError) as refused:
        with table.changing():
            table.commit("chat_posted", {"by": "player", "seat": 0, "text": "hello"})
            table.commit("bid", {"seat": table.game.turn, "quantity": 99, "face": 2})
    assert refused.value.code == "bid/quantity"
    assert (table.state, table.version) == before and store.calls == []


def test_listeners_hear_of_a_command_once_its_entries_are_stored():
    table, store = seated()
    seen = []
    table.subscribe(lambda t: seen.append((t.version, len(store.entries(t.id)), t.current.game_no)))
    table.start(0)
    assert seen and all(version == stored for version, stored, _ in seen)
    assert seen[-1][2] == 1


def test_another_thread_sees_the_stored_state_until_the_command_ends():
    table, _ = seated()
    stored = table.state
    seen = []
    with table.changing():
        table.commit("chat_posted", {"by": "player", "seat": 0, "text": "hello"})
        assert table.current is not stored  # the command's own thread sees its working state
        reader = threading.Thread(target=lambda: seen.append((table.current, table.version)))
        reader.start()
        reader.join()
    assert seen == [(stored, 3)]
    assert table.version == 4 and table.current.gm.chat[-1].text == "hello"


def test_a_bot_seated_by_the_host_is_one_append_and_heard_after_it_is_stored():
    table, store = seated(1)
    seen = []
    table.subscribe(lambda t: seen.append(len(t.current.seats)))
    table.add_bot(0, "easy")
    assert store.calls == [["seat_taken"]] and seen == [2]
