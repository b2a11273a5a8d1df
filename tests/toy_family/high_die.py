"""Higher die wins: a third rules family written outside the project, through the shared floors alone.

Each seated player in turn asks for their throw (``throw``): one die, a committed draw seeded by the
table's people (kind ``high_die``, declared here), revealed at once; once everyone has thrown, the
highest die wins (the first of a tie). Everything below is the family's own; it reaches the house only
through ``referee.table.families.Family`` and is registered by one line (``registry.load``, or the
server's ``[games] extra = "tests.toy_family.high_die:HIGH_DIE"``). docs/families.md walks through it.

>>> game = Game(seats=(0, 1), thrown=(3, 5))
>>> game.turn, game.winner, Game(seats=(0, 1), thrown=(6,)).turn
(None, 1, 1)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from referee.fairness import kinds
from referee.fairness.draw_uses import Use
from referee.fairness.purposes import DrawKind
from referee.family_views import FamilyViews
from referee.fields import fields_of, int_field
from referee.fairness.report import Report
from referee.fairness.secrets_chain import MIN_DRAW_SLOTS
from referee.rules.errors import MalformedAction
from referee.table.against import Turn, require_current
from referee.table.errors import TableError
from referee.table.families import DueDraw, people
from referee.table.game_play import GamePlay

NAME, DRAW, DIE = "high_die", "high_die", [("die", 6)]


@dataclass(frozen=True)
class Settings:
    max_players: int = 4
    turn_timer_s: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"max_players": self.max_players, "turn_timer_s": self.turn_timer_s}

    @classmethod
    def from_dict(cls, rules: dict[str, Any]) -> Settings:
        rules = fields_of(rules, "max_players", "turn_timer_s")
        return cls(int_field({"max_players": rules.get("max_players", 4)}, "max_players", 2, 6),
                   int_field({"turn_timer_s": rules.get("turn_timer_s", 0)}, "turn_timer_s", 0, 600))


@dataclass(frozen=True)
class Game:
    seats: tuple[int, ...]
    thrown: tuple[int, ...] = ()
    asking: bool = False
    round_no: int = 1

    @property
    def in_game(self) -> tuple[int, ...]:
        return self.seats

    @property
    def turn(self) -> int | None:
        return self.seats[len(self.thrown)] if len(self.thrown) < len(self.seats) else None

    @property
    def winner(self) -> int | None:
        return None if self.turn is not None else self.seats[self.thrown.index(max(self.thrown))]


@dataclass(frozen=True)
class Keeps:
    """What the family keeps besides the game: nothing; no series holds a seat."""

    busy: bool = False

    def may_leave(self, seat: int) -> None:
        """Any seat out of a running game may leave."""


def _game(state: Any) -> Game:
    if not isinstance(state.game, Game):
        raise TableError("game/not_started", "no game is running at this table")
    return state.game


def _started(state: Any, public: dict[str, Any], _secret: dict[str, Any]) -> Any:
    if state.game_running or public["seats"] != sorted(state.seats) or len(state.seats) < 2:
        raise TableError("start/order", f"a game seats every seated player, two or more: not {public['seats']}")
    return state.evolve(game_no=public["game"], game=Game(tuple(public["seats"])), fairness=None)


def _asked(state: Any, public: dict[str, Any], _secret: dict[str, Any]) -> Any:
    game = _game(state)
    if game.asking or public["seat"] != game.turn:
        raise TableError("action/not_your_turn", f"seat {public['seat']} is not the one to throw")
    strikes = state.strikes if public.get("by_bot") else {**state.strikes, public["seat"]: 0}
    return state.evolve(game=replace(game, asking=True), strikes=strikes)


def _thrown(state: Any, public: dict[str, Any], _secret: dict[str, Any]) -> Any:
    game, fairness, number = _game(state), state.fairness, public["draw"]
    drawn = fairness.draw_at(number) if fairness is not None else None
    if (drawn is None or not fairness.is_revealed(number) or not game.asking or public["seat"] != game.turn
            or drawn[1]["results"][0]["value"] != public["value"]):
        raise TableError("throw/draw", f"draw {number} is not seat {public['seat']}'s revealed throw")
    return state.evolve(game=replace(game, thrown=game.thrown + (public["value"],), asking=False))


class Play(GamePlay):
    def throw(self, seat: int, *, by_bot: bool = False, against: Turn | None = None) -> None:
        with self.command():
            self._require_seat(seat)
            require_current(self._turn(), against, moves="throw(s)", idle="no throw being asked")
            self._commit("throw_asked", {"seat": seat, **({"by_bot": True} if by_bot else {})})
            self.await_draw()
        self.notify()

    def start(self) -> None:
        seats, number = sorted(self.current.seats), self.current.game_no + 1
        self._commit("game_started", {"game": number, "seats": seats})
        rules = {"game": NAME, **self.current.settings.to_dict()}
        self._commit("game_opened", *self._dealer.open_game(self.id, number, rules, seats, self.current.humans(),
                                                             draw_slots=MIN_DRAW_SLOTS))

    def begin_round(self) -> None:
        raise TableError("round/none", "a game of higher die wins is one round")

    def drawn(self, number: int) -> None:
        fairness = self.current.fairness
        secret = fairness.draw_at(number)[1]  # type: ignore[union-attr]
        self._commit(kinds.DRAW_REVEALED, self._dealer.reveal_draw((fairness.opening_public,  # type: ignore[union-attr]
                                                                     fairness.opening_secret), secret))  # type: ignore[union-attr]
        self._commit("thrown", {"game": self.current.game_no, "seat": self.game.turn, "draw": number,
                                "value": secret["results"][0]["value"]})

    def act(self, seat: int, action: dict[str, Any], against: Turn) -> None:
        if action != {"type": "throw"}:
            raise MalformedAction("action/unknown", f"a seat of higher die wins only throws, not {action!r}")
        self.throw(seat, by_bot=True, against=against)


def _view(state: Any) -> dict[str, Any]:
    game = _game(state)
    return {"game": state.game_no, "seats": list(game.seats), "turn": game.turn, "winner": game.winner,
            "thrown": {str(seat): value for seat, value in zip(game.seats, game.thrown)}}


class Bot:
    def act(self, view: dict[str, Any]) -> dict[str, Any]:
        return {"type": "throw"}


def check_high_die(entries: list[dict[str, Any]], report: Report) -> None:
    """Re-derive every game: each throw is its revealed draw's value, in seat order; the highest wins."""
    revealed = {(e["public"]["game"], e["public"]["draw"]): e["public"]["results"][0]["value"]
                for e in entries if e["kind"] == "draw_revealed"}
    games: dict[int, Game] = {}
    for entry in entries:
        public = entry["public"]
        if entry["kind"] == "game_started":
            games[public["game"]] = Game(tuple(public["seats"]))
        elif entry["kind"] == "thrown":
            game = games[public["game"]]
            ok = public["seat"] == game.turn and revealed.get((public["game"], public["draw"])) == public["value"]
            report.add(f"game {public['game']}", ok, f"seat {public['seat']} threw {public['value']} (draw {public['draw']})")
            games[public["game"]] = replace(game, thrown=game.thrown + (public["value"],))
    report.summary.extend(f"game {number}: seat {game.winner} wins" for number, game in games.items() if game.winner is not None)


class HighDie:
    """The family's one object: what the shared floors ask of it."""

    name, settings_type, cheating, arena = NAME, Settings, None, None
    handlers = {"game_started": _started, "throw_asked": _asked, "thrown": _thrown}
    draws = ((DrawKind(DRAW, None, lambda shape: shape == DIE, '("die", 6) once'), Use(NAME, "thrown", "game")),)
    views = FamilyViews(lambda state, seats: {seat: _view(state) for seat in seats} if state.game else {},
                        lambda state, blind: _view(state) if state.game else None, lambda state: {},
                        lambda state, blind: (None, {}))
    events = {"throw": lambda table, seat, data: table.play.throw(seat, against=None)}
    verifier = staticmethod(check_high_die)
    new_rules = staticmethod(lambda data: Settings.from_dict(data.get("rules", {})))
    set_rules = staticmethod(lambda data, current: Settings.from_dict({**current.to_dict(), **data.get("rules", {})}))

    def settings_from(self, rules: dict[str, Any]) -> Settings:
        return Settings.from_dict(rules)

    def new_state(self) -> Keeps:
        return Keeps()

    def play_for(self, table: Any) -> Play:
        return Play(table)

    def turn(self, state: Any) -> Turn | None:
        game = state.game
        return (state.game_no, 1, len(game.thrown)) if isinstance(game, Game) and game.turn is not None \
            and not game.asking else None

    def seat_view(self, state: Any, seat: int) -> dict[str, Any]:
        return _view(state)

    def make_bot(self, level: str, seed: int) -> Bot:
        return Bot()

    def fallback(self, view: dict[str, Any]) -> dict[str, Any]:
        return {"type": "throw"}

    def obvious(self, view: dict[str, Any]) -> bool:
        return True

    def out_of_turn(self, state: Any) -> tuple[int, ...]:
        return ()

    def due_draw(self, state: Any) -> DueDraw | None:
        game = state.game
        asking = isinstance(game, Game) and game.asking
        return DueDraw(DRAW, state.game_no, DIE, tuple(people(state))) if asking else None


HIGH_DIE = HighDie()
