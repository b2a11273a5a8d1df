"""The round history of a table's game: finished rounds with their bids and revealed cups, moves a bot
made for a person marked, the same history from the log on replay, bounded for a long game."""
from __future__ import annotations

import random

from hypothesis import given, settings as hsettings, strategies as st

from referee.games.liars_dice.rules import Phase
from referee.games.liars_dice.round_history import KEPT_ROUNDS
from referee.table.fold import fold
from referee.views import table_view
from tests.support.properties import examples
from tests.table.test_autoplay import THINK_S, Room


def seated(*, bots: int = 0, **rules):
    room = Room(**rules)
    table = room.table
    table.join("Anna", "d0")
    table.join("Ben", "d1")
    for _ in range(bots):
        table.add_bot(0, "easy")
    table.set_connected(0, True)
    table.set_connected(1, True)
    table.start(0)
    return room, table


def game_of(table, seat=None):
    return table_view(table.current, version=table.version, seat=seat, connected={0, 1}, spectators=0)["game"]


def refolded(room):
    state = None
    for entry in room.events.entries(room.table.id):
        state = fold(state, entry.kind, entry.public, entry.secret)
    return state


def test_a_bid_a_bot_made_for_a_timed_out_person_is_marked_and_the_persons_own_is_not():
    room, table = seated(turn_timer_s=60, dice_per_player=3)
    room.clock.advance(60)
    standing = table.game.bids[-1].bid
    table.play.bid(1, standing.quantity + 1, standing.face)
    assert room.entries("bid")[0]["by_bot"] is True
    assert game_of(table, 1)["stand_ins"] == [True, False]
    assert game_of(table)["stand_ins"] == [True, False]


def test_a_bots_own_seat_is_no_stand_in():
    room, table = seated(bots=1, dice_per_player=2)
    table.play.bid(0, 1, 6)
    table.play.bid(1, 2, 6)
    assert table.game.turn == 2
    room.clock.advance(THINK_S)
    bot_moves = [e for e in room.entries("bid") + room.entries("liar") if e["seat"] == 2]
    assert bot_moves and all(e["by_bot"] for e in bot_moves)
    game = game_of(table)
    rounds = game["history"]["rounds"]
    assert not any(game["stand_ins"]) and not any(r["stand_in"] or any(b["stand_in"] for b in r["bids"]) for r in rounds)


def test_a_call_closes_the_round_into_the_history_with_its_bids_cups_count_and_loser():
    _room, table = seated(dice_per_player=2)
    table.play.bid(0, 1, 5)
    table.play.bid(1, 2, 5)
    table.play.liar(0)
    result = table.game.result
    game = game_of(table, 1)
    (done,) = game["history"]["rounds"]
    assert done["round"] == 1 and done["call"] == "liar" and done["caller"] == 0 and done["bidder"] == 1
    assert [(b["seat"], b["quantity"], b["face"]) for b in done["bids"]] == [(0, 1, 5), (1, 2, 5)]
    assert done["cups"] == {str(seat): list(hand) for seat, hand in result.hands}
    assert (done["count"], done["loser"], done["dice_lost"]) == (result.count, result.loser, result.dice_lost)
    assert game["stand_ins"] == [False, False] and game["history"]["earlier"] == 0
    table.next_round(0)
    game = game_of(table, 0)
    assert [r["round"] for r in game["history"]["rounds"]] == [1] and game["bids"] == game["stand_ins"] == []


def test_a_new_game_starts_with_an_empty_history():
    _room, table = seated(dice_per_player=1)
    table.play.bid(0, 1, 5)
    table.play.liar(1)
    assert table.game.phase is Phase.OVER
    table.start(1)
    assert game_of(table)["history"] == {"rounds": [], "earlier": 0}


def test_a_long_game_keeps_only_its_last_rounds_and_counts_the_others():
    _room, table = seated(dice_per_player=10)
    rounds = 0
    while table.game.phase is not Phase.OVER:
        if table.game.phase is Phase.REVEALED:
            table.next_round(0)
            continue
        opener = table.game.turn
        table.play.bid(opener, 1, 2)
        table.play.liar(1 - opener)
        rounds += 1
    history = game_of(table)["history"]
    assert rounds > KEPT_ROUNDS
    assert len(history["rounds"]) == KEPT_ROUNDS and history["earlier"] == rounds - KEPT_ROUNDS
    assert [r["round"] for r in history["rounds"]] == list(range(rounds - KEPT_ROUNDS + 1, rounds + 1))


def test_the_log_folds_to_the_same_history_and_a_log_without_by_bot_marks_nothing():
    room, table = seated(turn_timer_s=60, dice_per_player=2)
    room.clock.advance(60)
    table.play.liar(1)
    assert refolded(room).family_state.round_history == table.current.family_state.round_history
    assert table.current.family_state.round_history.rounds[0].bids[0].stand_in is True
    state = None
    for entry in room.events.entries(room.table.id):
        public = {k: v for k, v in entry.public.items() if k != "by_bot"}
        state = fold(state, entry.kind, public, entry.secret)
    assert state.game == table.current.game
    assert not any(b.stand_in for done in state.family_state.round_history.rounds for b in done.bids)


@hsettings(max_examples=examples(12), deadline=None)
@given(st.integers(0, 10_000))
def test_the_history_holds_only_revealed_rounds_and_exactly_their_reveals(seed):
    rng = random.Random(seed)
    _room, table = seated(dice_per_player=2, challenge="anyone", spot_on=True)
    revealed = {}
    for _ in range(200):
        game = table.game
        if game.phase is Phase.OVER:
            break
        if game.phase is Phase.REVEALED:
            revealed[game.round_no] = game_of(table)
            table.next_round(0)
        elif game.bids and (rng.random() < 0.4 or game.bids[-1].bid.quantity >= game.total_dice):
            (table.play.spot_on if rng.random() < 0.3 else table.play.liar)(1 - game.bids[-1].seat)
        else:
            standing = game.bids[-1].bid if game.bids else None
            table.play.bid(game.turn, (standing.quantity if standing else 0) + 1, rng.choice([2, 3, 4, 5, 6]))
        view = game_of(table, 0)
        for done in view["history"]["rounds"]:
            assert done["round"] < view["round"] or view["phase"] in ("revealed", "over")
            if done["round"] in revealed:
                shown = revealed[done["round"]]["result"]
                assert (shown["hands"], shown["count"], shown["loser"], shown["caller"]) == \
                       (done["cups"], done["count"], done["loser"], done["caller"])
