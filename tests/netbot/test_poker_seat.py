"""The network bot at a poker-dice table, without a server: the family comes from the ``state``, the
bot is a poker-dice bot, its moves are the family's events with the view's ``against`` echoed, it
seeds the cup's draws but sends no round seed, and its bot observes the game's public events."""
from __future__ import annotations

from pathlib import Path

from referee.bot import Bot
from referee.games.poker_bluff.bots.registry import make_poker_bot
from referee.netbot.args import parse_options
from referee.netbot.families import FAMILIES, family_of
from referee.netbot.loop import SLOW_DOWN_S, Session
from referee.netbot.seat import TRIES, Seat, Send
from referee.netbot.tokens import SeatTokens

POKER = FAMILIES["poker_bluff"]
AGAINST = {"game": 1, "round": 1, "step": 0}


def view(phase: str = "declaring", turn: int | None = 1, **game: object) -> dict:
    return {"family": "poker_bluff", "game": 1, "round": 1, "phase": phase, "seat": 1, "seats": [0, 1],
            "tokens": {"0": 2, "1": 2}, "starter": 1, "holder": 1, "turn": turn,
            "cup": [6, 6, 6, 2, 3] if phase == "declaring" and turn == 1 else [], "set_aside": [],
            "declarations": [], "can_doubt": False, "can_believe": False, "must_doubt": False, "keepable": [],
            "result": None, "winner": None, "rules": {"tokens": 2}, "against": dict(AGAINST), **game}


def state(game: dict, **more: object) -> dict:
    return {"table": {"family": "poker_bluff"}, "you": {"seat": 1}, "game": game, **more}


class Recorder:
    """Declares three sixes, believes, keeps its pair; remembers what it observed."""

    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[str] = []

    def policy(self, game: dict) -> list:
        return [(self.act(game), 1.0)]

    def act(self, game: dict) -> dict:
        if game["phase"] == "declaring":
            return {"type": "declare", "declaration": {"kind": "three", "faces": [6, 2, 3]}}
        if game["phase"] == "keeping":
            return {"type": "reroll", "keep": [4, 4]}
        return {"type": "believe"}

    def observe(self, event: dict) -> None:
        self.seen.append(event["kind"])


def test_a_poker_seat_declares_once_a_turn_with_the_views_against_and_sends_no_round_seed():
    seat = Seat(Recorder(), family=POKER)
    assert seat.on_state(state(view("rolling", turn=None))) == []
    sent = seat.on_state(state(view()))
    assert sent == [Send("declare", {"declaration": {"kind": "three", "faces": [6, 2, 3]}, "against": AGAINST},
                         "think")]
    assert seat.on_state(state(view())) == []
    keeping = view("keeping", keepable=[4, 4], against={**AGAINST, "step": 2})
    assert seat.on_state(state(keeping)) == [Send("keep", {"keep": [4, 4], "against": {**AGAINST, "step": 2}}, "think")]
    waiting = {"waiting": {"draw": 3, "kind": "poker_roll", "seats": [1]}, "recent": []}
    assert [s.event for s in seat.on_state(state(view("rolling", turn=None), draws=waiting))] == ["draw_seed"]


def test_a_poker_seat_not_to_act_sends_nothing_and_a_reveal_is_answered_by_next_round():
    seat = Seat(Recorder(), family=POKER)
    assert seat.on_state(state(view("responding", turn=0))) == []
    result = {"declarer": 0, "doubter": 1, "declaration": {"seat": 0, "kind": "pair", "faces": [4, 6], "text": "4,4+6"},
              "cup": [4, 4, 6, 2, 1], "held": True, "winner": 0, "loser": 1}
    revealed = view("revealed", turn=None, result=result,
                    declarations=[{"seat": 0, "kind": "pair", "faces": [4, 6], "text": "4,4+6"}])
    assert seat.on_state(state(revealed)) == [Send("next_round", {"game": 1, "round": 1}, "reveal")]


def test_a_stale_poker_move_is_dropped_and_another_refusal_asks_for_a_fresh_state_a_few_times():
    seat = Seat(Recorder(), family=POKER)
    (move,) = seat.on_state(state(view()))
    assert seat.refused(move, "action/stale") == [] and seat.on_state(state(view())) == []
    seat = Seat(Recorder(), family=POKER)
    for _ in range(TRIES - 1):
        (move,) = seat.on_state(state(view()))
        assert seat.refused(move, "declaration/not_higher") == [Send("sync", {}, "now")]
    (move,) = seat.on_state(state(view()))
    assert seat.refused(move, "declaration/not_higher") == []


def test_the_bot_observes_the_public_events_of_the_views_in_the_rules_order():
    bot = Recorder()
    seat = Seat(bot, family=POKER)
    declared = {"seat": 0, "kind": "pair", "faces": [4, 6], "text": "4,4+6"}
    mine = {"seat": 1, "kind": "three", "faces": [4, 2, 3], "text": "4,4,4+2,3"}
    for game in [view("declaring", turn=0, holder=0), view("responding", turn=1, holder=0, declarations=[declared]),
                 view("keeping", turn=1, declarations=[declared]),
                 view("declaring", turn=1, set_aside=[4, 4], declarations=[declared]),
                 view("over", turn=None, declarations=[declared, mine], winner=0,
                      result={"declarer": 1, "doubter": 0, "declaration": mine, "cup": [4, 4, 1, 2, 3],
                              "held": False, "winner": 0, "loser": 1})]:
        seat.on_state(state(game))
    assert bot.seen == ["rolled", "declared", "believed", "rolled", "declared", "doubted", "revealed", "game_over"]
    assert seat.games_over == {1: 0}


def test_the_strong_poker_bot_is_a_bot_and_plays_a_legal_move_through_the_seat():
    bot = make_poker_bot("strong", seed=3)
    assert isinstance(bot, Bot)
    (move,) = Seat(bot, family=POKER).on_state(state(view()))
    assert move.event == "declare" and move.payload["against"] == AGAINST


def test_the_session_makes_the_bot_of_the_tables_family_and_leaves_when_the_family_has_no_such_bot(tmp_path: Path):
    said: list[str] = []
    options = parse_options(["--table", "http://127.0.0.1:1/t/abc", "--level", "binomial",
                             "--token-file", str(tmp_path / "seats.json")])
    session = Session(options, SeatTokens(options.token_file), lambda key, **_: said.append(key))
    assert session.on_state(state(view())) == [] and session.result == 1 and session.seat is None
    assert said == ["netbot.seated", "netbot.no_bot", "netbot.leaving"]
    liars = parse_options(["--table", "http://127.0.0.1:1/t/abc", "--token-file", str(tmp_path / "seats.json")])
    session = Session(liars, SeatTokens(liars.token_file), lambda key, **_: None)
    session.on_state(state(view()))
    assert session.seat is not None and session.seat.family is POKER and session.result is None
    assert family_of({"table": {"family": "liars_dice"}}) is FAMILIES["liars_dice"]


def test_a_bracket_draw_before_the_first_game_is_seeded_once_and_again_after_a_reconnect():
    seat = Seat(Recorder(), seed_source=lambda: "cd" * 32, family=POKER)
    bracket = {"game": 1, "waiting": {"draw": 1, "kind": "bracket", "seats": [0, 1, 2], "paused": False}, "recent": []}
    waiting = {"table": {"family": "poker_bluff"}, "you": {"seat": 1}, "game": None, "draws": bracket}
    assert seat.on_state(waiting) == [Send("draw_seed", {"draw": 1, "seed": "cd" * 32}, "now")]
    assert seat.on_state(waiting) == []
    seat.reconnected()
    assert seat.on_state(waiting) == [Send("draw_seed", {"draw": 1, "seed": "cd" * 32}, "now")]
    assert seat.on_state({**waiting, "draws": {**bracket, "waiting": None}}) == []


def test_a_message_the_table_found_too_fast_is_sent_again_the_same_after_a_pause_and_not_printed(tmp_path: Path):
    said: list[str] = []
    options = parse_options(["--table", "http://127.0.0.1:1/t/abc", "--token-file", str(tmp_path / "seats.json")])
    session = Session(options, SeatTokens(options.token_file), lambda key, **_: said.append(key))
    session.on_state(state(view()))
    seed = Send("draw_seed", {"draw": 3, "seed": "ab" * 32}, "now")
    again = session.on_ack(seed, {"ok": False, "code": "rate/limited"})
    assert again == [Send("draw_seed", seed.payload, "slow")] and session.pause_of(again[0]) == SLOW_DOWN_S
    move = Send("declare", {"declaration": {"kind": "pair", "faces": [4, 6]}, "against": AGAINST}, "think")
    assert session.on_ack(move, {"ok": False, "code": "rate/limited"}) == [Send("declare", move.payload, "slow")]
    assert session.on_ack(Send("join", {"name": "x"}, "now"), {"ok": False, "code": "rate/limited"})[0].event == "join"
    assert session.result is None and said == ["netbot.seated"]
    assert session.on_ack(move, {"ok": False, "code": "action/stale"}) == [] and said[-1] == "netbot.refused"


def test_a_seed_that_came_after_its_draw_is_logged_and_not_printed(tmp_path: Path):
    said: list[str] = []
    options = parse_options(["--table", "http://127.0.0.1:1/t/abc", "--token-file", str(tmp_path / "seats.json")])
    session = Session(options, SeatTokens(options.token_file), lambda key, **_: said.append(key))
    session.on_state(state(view()))
    session.on_ack(Send("draw_seed", {"draw": 3, "seed": "ab" * 32}, "now"), {"ok": False, "code": "seed/late"})
    assert session.result is None and said == ["netbot.seated"]
