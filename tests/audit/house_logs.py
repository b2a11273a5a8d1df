"""Real table logs under the house rules for the game verifier's tests: whole games on a real ``Table``
(the committed dealer, a fixed key, its secrets from a seeded generator so that an evening is the
same on every run), every move picked among the engine's legal actions, so calls come out of turn
under ``challenge = anyone`` and spot on is said where the table plays it."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from referee.fairness import dealer as fair
from referee.games.liars_dice.rules import CallLiar, MakeBid, Phase, Settings, SpotOn, callers, legal_actions
from referee.store.log import EventLog
from referee.table.scheduler import ManualScheduler
from referee.table.table import Table
from referee.table.fair_dealer import FairDealer

from .play_logs import SIGNER


class SeededDealer(FairDealer):
    """The committed dealer whose games' secrets come from ``random.Random(seed)``: the same dice every run."""

    def __init__(self, seed: int) -> None:
        super().__init__(SIGNER)
        self._random = random.Random(seed)

    def open_game(self, table_id: str, game_no: int, rules: dict[str, Any], seats: list[int],
                  people: list[int], draw_slots: int = 512) -> tuple[dict[str, Any], dict[str, Any]]:
        opening = fair.open_game(self.signer, table_id, game_no, rules, seats, people=people,
                                 entropy=self._random.randbytes, draw_slots=draw_slots)
        return opening.manifest, opening.secret


def play_house_game(table: Table, rng: random.Random, moves: Counter[str], call_bias: float = 0.35) -> None:
    """Play the running game to its end: raises low, calls (of any caller the rules allow) often."""
    while table.game.winner is None:
        game = table.game
        if game.phase is Phase.REVEALED:
            table.next_round(min(table.current.seats))
            continue
        actions = legal_actions(game)
        calls = [a for a in actions if not isinstance(a, MakeBid)]
        bids = [a for a in actions if isinstance(a, MakeBid)]
        against = (table.current.game_no, game.round_no, len(game.bids))
        if calls and (not bids or rng.random() < call_bias):
            call = rng.choice(calls)
            moves["out_of_turn" if call.seat != game.turn else "in_turn"] += 1
            if isinstance(call, SpotOn):
                moves["spot_on"] += 1
                table.play.spot_on(call.seat, against=against)
            else:
                assert isinstance(call, CallLiar) and call.seat in callers(game)
                table.play.liar(call.seat, against=against)
        else:
            bid = rng.choice(bids[:4])
            table.play.bid(bid.seat, bid.bid.quantity, bid.bid.face, against=against)
        if table.game.palifico:
            moves["palifico"] += 1


def house_evening(rules: dict[str, Any], seed: int = 1, players: int = 3, games: int = 2,
                  call_bias: float = 0.35) -> tuple[Table, Counter[str]]:
    """People at a table with ``rules`` (A2 switches, the turn timer off) play ``games`` whole games;
    the counter says how many calls were made in and out of turn, spot ons and palifico moves."""
    rng = random.Random(seed)
    table = Table.create(f"house-{seed}", Settings.from_dict({**rules, "turn_timer_s": 0}).to_dict(),
                         EventLog(":memory:"), SeededDealer(seed), ManualScheduler(), seed_wait_s=0)
    for seat in range(players):
        table.join(f"P{seat}", f"digest-{seat}")
    moves: Counter[str] = Counter()
    for _ in range(games):
        table.start(0)
        play_house_game(table, rng, moves, call_bias)
    return table, moves


def preset(name: str, **overrides: Any) -> dict[str, Any]:
    """A preset's switches (RULES.md A3) with ``overrides``, as a table's rules."""
    return Settings.from_preset(name, overrides).to_dict()
