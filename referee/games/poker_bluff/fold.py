"""The poker-dice entries of a table's fold (docs/protocol.md, "A poker-dice table's log").

``evening_started`` begins a bracket of the seated players (``"starters": "drawn"``: each match's
first game has its starter drawn; ``"bracket": "drawn"``, three entrants or more: the bracket order
is drawn first, in a game of its own whose manifest names every entrant, and ``bracket_drawn``
``{evening, game, draw, order}`` gives the shuffle its revealed ``bracket`` draw makes: ``bracket/draw``
otherwise); ``game_started`` must name the pair and starter the bracket and
its match say (``evening/order``; no starter, ``null``, for a match whose starter is drawn), and
``starter_drawn`` names the starter the match's revealed ``poker_starter`` draw gives (``starter/draw``)
before the first roll; ``cup_rolled`` applies the
values of the game's next ``poker_roll`` draw as the rules' ``Roll`` (no die is public: they
come from the draw's secret); ``declared``, ``believed``, ``kept`` and ``doubted`` are the
players' moves; a doubt that ends the game records its winner in the evening, and
``evening_ended`` confirms the bracket's champion; ``next_round`` follows a doubt that did not.

>>> from referee.table.fold import fold
>>> state = fold(None, "table_created", {"id": "t1", "rules": {"game": "poker_bluff"}}, None)
>>> for seat, name in enumerate(("Anna", "Ben")):
...     state = fold(state, "seat_taken", {"seat": seat, "name": name, "kind": "human"}, None)
>>> state = fold(state, "evening_started", {"evening": 1, "entrants": [0, 1]}, None)
>>> fold(state, "game_started", {"game": 1, "seats": [1, 0], "opener": 1}, None)
Traceback (most recent call last):
...
referee.table.errors.TableError: evening 1 plays seats [0, 1] now, seat 0 starting: not [1, 0] with seat 1
>>> fold(state, "game_started", {"game": 1, "seats": [0, 1], "opener": 0}, None).game.holder
0
>>> drawn = fold(state.with_family(evening=None), "evening_started",
...              {"evening": 1, "entrants": [0, 1], "starters": "drawn"}, None)
>>> fold(drawn, "game_started", {"game": 1, "seats": [0, 1], "opener": None}, None).family_state.evening.drawing
True
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from referee.fairness.purposes import (BRACKET, POKER_CUP, POKER_ROLL, POKER_STARTER, ROLL_OFF_SIDES, bracket_items,
                                       bracket_order, purpose, starter_items)
from referee.games.poker_bluff.evening import Evening
from referee.games.poker_bluff.rules import (Believe, Declare, Doubt, GameState, NextRound, Reroll, Roll, Step, apply,
                                             from_dict, pending_roll)
from referee.rules.event import Event
from referee.table.errors import TableError

if TYPE_CHECKING:
    from referee.table.state import TableState

Handler = Callable[["TableState", dict[str, Any], dict[str, Any]], "TableState"]


@dataclass(frozen=True, slots=True)
class PokerState:
    """What a poker-dice table keeps besides the game (``TableState.family_state``)."""

    evening: Evening | None = None
    """The table's last evening (its bracket, matches and champion), None before the first."""
    moves: int = 0
    """Moves of the running round (the ``against`` step of a move)."""
    rolls: int = 0
    """Rolls of the running game (the counter of the next ``poker_roll`` draw)."""

    @property
    def busy(self) -> bool:
        """True while an evening has no champion: the rules change only after it."""
        return self.evening is not None and not self.evening.ended

    def may_leave(self, seat: int) -> None:
        """A seat still in a running evening's bracket stays (``evening/running``)."""
        if self.busy and self.evening is not None and seat in self.evening.contenders:
            raise TableError("evening/running", f"seat {seat} is still in this evening's bracket: it can leave "
                                                "once it is out or the evening has a champion")


def roll_items(count: int) -> list[tuple[str, int]]:
    """The items of a poker-dice roll of ``count`` dice: ``("die", 6)`` each.

    >>> roll_items(2)
    [('die', 6), ('die', 6)]
    """
    return [("die", ROLL_OFF_SIDES)] * count


def _evening_started(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    last = state.family_state.evening
    number = last.number + 1 if last is not None else 1
    if state.game_running or state.series_running or public["evening"] != number:
        raise TableError("evening/order", f"evening {public['evening']} cannot begin now: the next is evening "
                                          f"{number}, once no game or evening is running")
    entrants = list(public["entrants"])
    if entrants != sorted(state.seats):
        raise TableError("evening/order", f"an evening's entrants are every seated player in seat order "
                                          f"({sorted(state.seats)}), not {entrants}")
    if (set(public) - {"evening", "entrants", "starters", "bracket"} or public.get("starters", "drawn") != "drawn"
            or public.get("bracket", "drawn") != "drawn" or ("bracket" in public and len(entrants) < 3)):
        raise TableError("evening/order", f"evening_started is {{evening, entrants, starters: \"drawn\"}} and, for "
                                          f"three entrants or more, bracket: \"drawn\"; not {public}")
    evening = Evening.begin(number, entrants, starters_drawn="starters" in public, bracket_drawn="bracket" in public,
                            brackets_before=last.brackets if last is not None else 0)
    return state.evolve(events=(Event("evening_started", dict(public)),)).with_family(evening=evening)


def _bracket_drawn(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """The evening's revealed bracket draw, in its own game (the next game number), gives the bracket order."""
    evening, fairness = state.family_state.evening, state.fairness
    game_no = state.game_no + 1
    if (evening is None or not evening.drawing_bracket or fairness is None or public.get("game") != game_no
            or fairness.opening_public.get("game") != game_no or public.get("evening") != evening.number):
        raise TableError("bracket/draw", f"no bracket is being drawn in game {public.get('game')}")
    entrants = list(evening.bracket.entrants)
    number = public["draw"]
    draw = fairness.draw_at(number)
    request = draw[1].get("request", {}) if draw is not None else {}
    items = [(item.get("label"), item.get("sides")) for item in request.get("items", [])]
    if (draw is None or not fairness.is_revealed(number) or request.get("purpose") != purpose(BRACKET, game_no)
            or items != bracket_items(len(entrants))):
        raise TableError("bracket/draw", f"draw {number} is not the revealed bracket draw of game {game_no}")
    order = bracket_order(entrants, [result["value"] for result in draw[1]["results"]])
    if public.get("order") != order:
        raise TableError("bracket/draw", f"draw {number} orders the bracket {order}, not {public.get('order')}")
    return state.evolve(game_no=game_no, events=(Event("bracket_drawn", dict(public)),)).with_family(
        evening=evening.paired(order))


def _game_started(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    evening = state.family_state.evening
    match = evening.next_match(state.settings.two_games) if evening is not None and not evening.ended else None
    if match is None or state.game_running:
        raise TableError("evening/order", "no evening has a game to play now: start an evening first")
    expected = {"game": state.game_no + 1, "seats": list(match.seats), "opener": evening.opener_of(match)}  # type: ignore[union-attr]
    if dict(public) != expected:
        raise TableError("evening/order", f"evening {evening.number if evening else '?'} plays seats "
                                          f"{expected['seats']} now, seat {expected['opener']} starting: not "
                                          f"{public.get('seats')} with seat {public.get('opener')}")
    game = match.next_game(state.settings)  # type: ignore[arg-type]  (to be re-made once a drawn starter is known)
    return state.evolve(game_no=expected["game"], game=game, fairness=None).with_family(
        evening=evening.playing(match) if evening else None, moves=0, rolls=0)


def _starter_drawn(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """The match's starter draw, revealed, names who starts its first game: the button is theirs."""
    evening, fairness = state.family_state.evening, state.fairness
    if evening is None or not evening.drawing or fairness is None or public.get("game") != state.game_no:
        raise TableError("starter/draw", f"no starter is being drawn in game {public.get('game')}")
    match = evening.matches[-1]
    number = public["draw"]
    draw = fairness.draw_at(number)
    request = draw[1].get("request", {}) if draw is not None else {}
    items = [(item.get("label"), item.get("sides")) for item in request.get("items", [])]
    if (draw is None or not fairness.is_revealed(number) or request.get("purpose") != purpose(POKER_STARTER, state.game_no)
            or items != starter_items(match.seats)):
        raise TableError("starter/draw", f"draw {number} is not the revealed starter draw of game {state.game_no}")
    starter = sorted(match.seats)[int(draw[1]["results"][0]["value"]) - 1]
    if public["seat"] != starter:
        raise TableError("starter/draw", f"draw {number} names seat {starter} to start, not seat {public['seat']}")
    evening = evening.started_by(starter)
    game = evening.matches[-1].next_game(state.settings)
    return state.evolve(game=game, events=(Event("starter_drawn", dict(public)),)).with_family(evening=evening)


def _cup_rolled(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    game, fairness = _poker_game(state), state.fairness
    counter = state.family_state.rolls + 1
    number = public["draw"]
    if fairness is None or public["game"] != state.game_no:
        raise TableError("roll/order", f"roll {counter} belongs to game {state.game_no}, not {public['game']}")
    draw = fairness.draw_at(number)
    request = draw[1].get("request", {}) if draw is not None else {}
    items = [(item.get("label"), item.get("sides")) for item in request.get("items", [])]
    wanted = purpose(POKER_ROLL, state.game_no, counter)
    if (draw is None or fairness.is_revealed(number) or request.get("purpose") != wanted
            or items != roll_items(pending_roll(game)) or not 1 <= len(items) <= POKER_CUP):
        raise TableError("roll/draw", f"draw {number} is not roll {counter} of game {state.game_no} "
                                      f"({pending_roll(game)} dice, committed and not revealed)")
    values = tuple(int(result["value"]) for result in draw[1]["results"])
    step = apply(game, Roll(values))
    return state.evolve(game=step.state, events=_public_events(step)).with_family(rolls=counter)


def _require_unpaused(state: TableState) -> None:
    if state.gm.paused:
        raise TableError("game/paused", "the referee has paused the game")


def _declared(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    _require_unpaused(state)
    return _played(state, public, Declare(public["seat"], from_dict(public["declaration"])))


def _believed(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    _require_unpaused(state)
    return _played(state, public, Believe(public["seat"]))


def _kept(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    _require_unpaused(state)
    keep = public["keep"]
    if not isinstance(keep, list):
        raise TableError("reroll/malformed", f"the dice to keep are a list of faces, got {keep!r}")
    return _played(state, public, Reroll(public["seat"], tuple(keep)))


def _doubted(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """A doubt: the cup is shown; a doubt that ends the game gives its winner the game of the match."""
    _require_unpaused(state)
    after = _played(state, public, Doubt(public["seat"]))
    game = _poker_game(after)
    evening = after.family_state.evening
    if game.winner is None or evening is None:
        return after
    return after.with_family(evening=evening.record(game.winner))


def _next_round(state: TableState, _public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    """The next round; the last round's draws, all revealed by its doubt, are forgotten (the log keeps them)."""
    _require_unpaused(state)
    step = apply(_poker_game(state), NextRound())
    fairness = state.fairness.forget_revealed() if state.fairness is not None else None
    return state.evolve(game=step.state, fairness=fairness, events=_public_events(step)).with_family(moves=0)


def _evening_ended(state: TableState, public: dict[str, Any], _secret: dict[str, Any]) -> TableState:
    evening = state.family_state.evening
    if evening is None or evening.ended or evening.champion is None or public != {
            "evening": evening.number, "champion": evening.champion}:
        raise TableError("evening/order", f"evening_ended {public} names no decided evening and its champion")
    return state.evolve(events=(Event("evening_ended", dict(public)),)).with_family(evening=replace(evening, ended=True))


def _played(state: TableState, public: dict[str, Any], action: Declare | Believe | Reroll | Doubt) -> TableState:
    """A move: by the seat itself (its timeout strikes reset) or by a bot standing in for it."""
    step = apply(_poker_game(state), action)
    strikes = state.strikes if public.get("by_bot") else {**state.strikes, public["seat"]: 0}
    return state.evolve(game=step.state, strikes=strikes, events=_public_events(step)).with_family(
        moves=state.family_state.moves + 1)


def _public_events(step: Step) -> tuple[Event, ...]:
    return tuple(event for event in step.events if event.audience is None)


def _poker_game(state: TableState) -> GameState:
    if not isinstance(state.game, GameState):
        raise TableError("game/not_started", "no game is running at this table")
    return state.game


HANDLERS: dict[str, Handler] = {
    "evening_started": _evening_started,
    "bracket_drawn": _bracket_drawn,
    "game_started": _game_started,
    "starter_drawn": _starter_drawn,
    "cup_rolled": _cup_rolled,
    "declared": _declared,
    "believed": _believed,
    "kept": _kept,
    "doubted": _doubted,
    "next_round": _next_round,
    "evening_ended": _evening_ended,
}
"""The poker-dice family's own entries (``Family.handlers``)."""
