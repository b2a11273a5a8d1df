"""House-rule evenings played through the in-process app (tests/audit/games.py): a client per seat sends
its seed or lets the deadline pass, bids, and calls as browsers would over Socket.IO, and any seat the
view names in ``callers`` may call Liar (out of turn under ``challenge = anyone``) or say spot on where
the table plays it; the host changes the rules between games with ``set_rules``."""
from __future__ import annotations

import random
from typing import Any

from referee.config import Limits
from referee.games.liars_dice.rules import Settings
from referee.table.table import Table as ServerTable
from tests.support.app import Harness, make_harness

from .games import SEED_WAIT_S, Table, export_of
from .house_logs import SeededDealer
from .play_logs import Forger

CALL_BIAS = 0.3


def house_harness(seed: int) -> Harness:
    """An app dealing committed dice signed by ``SIGNER`` from secrets of ``random.Random(seed)`` (with the
    players' seeds from the table's generator, an evening is the same on every run), whose clients may
    send events as fast as a test plays (no per-connection event budget: an evening sends hundreds of seeds)."""
    return make_harness(SeededDealer(seed), seed_wait_s=SEED_WAIT_S, limits=Limits(tables_burst=0, events_burst=0))


class HouseTable(Table):
    """A table whose players also call out of turn and say spot on, whenever the rules let them."""

    def step(self) -> None:
        game = self.game
        if game["phase"] == "bidding" and game["callers"] and self.rng.random() < CALL_BIAS:
            seat = self.rng.choice(game["callers"])
            spot_on = Settings.from_dict(game["rules"]).spot_on and self.rng.random() < 0.5
            self.emit(seat, "spot_on" if spot_on else "liar")
        else:
            super().step()

    @property
    def server_table(self) -> ServerTable:
        """The app's own table (its log holds every secret, for a ``Forger``)."""
        table: ServerTable = self.harness.app.extensions["tavern"].tables.get(self.id)
        return table

    def export(self) -> dict[str, Any]:
        """``GET /t/<table>/audit.json``, parsed: what a browser's audit page fetches."""
        return export_of(self.harness, self.id)

    def forger(self) -> Forger:
        """A dishonest server's copy of the table's log."""
        return Forger(self.server_table)

    def play_game(self, first: bool) -> None:
        """Start (the first game) or start the next game, and play it to the end."""
        self.emit(0, "start" if first else "new_game")
        while self.game["phase"] != "over":
            self.step()


def app_evening(rules: dict[str, Any], seed: int, players: int, games: int = 2) -> HouseTable:
    """``players`` play ``games`` games through the app at a table of ``rules`` (dice included)."""
    table = HouseTable.seat(house_harness(seed), random.Random(seed), players, rules["dice_per_player"],
                            **{**rules, "turn_timer_s": 0})
    for number in range(games):
        table.play_game(first=number == 0)
    return table


def app_evening_with_rule_changes(seed: int, players: int, changes: list[dict[str, Any]]) -> HouseTable:
    """A tavern game of two dice, then for each of ``changes`` (a ``set_rules`` payload) the host changes
    the rules and the table plays one more game."""
    table = HouseTable.seat(house_harness(seed), random.Random(seed), players, 2, turn_timer_s=0)
    table.play_game(first=True)
    for change in changes:
        table.emit(0, "set_rules", change)
        table.play_game(first=False)
    return table
