"""What a player, a spectator and the referee see of the game master's part of a table (a whitelist).

Players and spectators see the referee's name and settings, the pause, the table chat, the
stakes, the pot and the scoreboard; a player also sees their own private thread with the
referee and their own cheat attempts with their checks and effects (a knock's effect without
the victim's old value: ``PLAYER_EFFECT_FIELDS``). The referee sees every thread and every
attempt; a blind referee sees no effect that shows a die before its round is revealed.

>>> from referee.gm.state import GmState
>>> sorted(gm_view(GmState(), seat=None, seats={}))
['chat', 'paused', 'pot', 'referee', 'scoreboard', 'stakes']
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .attempts import Attempt
from .relay import Translate, attempt_results, dice_result, worded
from .scoreboard import scoreboard_json
from .stakes import pot
from .state import ChatLine, GmState
from .whisper import whisper_lines


def _line(line: ChatLine) -> dict[str, Any]:
    return {"id": line.id, "by": line.by, "seat": line.seat, "text": line.text, "notice": line.notice}


PLAYER_EFFECT_FIELDS = {
    "telekinesis": ("seat", "index", "value", "was"),
    "mind_reading": ("seat", "index", "value", "proof"),
    "loaded_die": ("seat", "index", "value", "from_round"),
    "knock": ("seat", "index", "value"),
}
"""What the cheater sees of each kind's effect: a knock's victim's old value (``was``) is the
referee's alone; a telekinesis's ``was`` is the cheater's own die."""


Changes = Sequence[Mapping[str, Any]]
"""The die changes logged in the round being played (``die_changed`` secrets: seat, index, value, attempt)."""


def _hand_change(attempt: Attempt, changes: Changes) -> dict[str, Any] | None:
    """What the referee's hand did for a succeeded ``other`` attempt in this round: ``{seat, index, value}``
    (no old value), or None.

    >>> other = Attempt(3, 0, 1, 2, "other", None, None, None, "…", "succeeded")
    >>> _hand_change(other, [{"seat": 1, "index": 0, "value": 6, "attempt": 3, "reason": "attempt 3"}])
    {'seat': 1, 'index': 0, 'value': 6}
    """
    if attempt.kind != "other" or attempt.status != "succeeded":
        return None
    change = next((c for c in changes if c.get("attempt") == attempt.id), None)
    return None if change is None else {key: change[key] for key in ("seat", "index", "value")}


def _attempt(attempt: Attempt, *, hide_effect: bool, changes: Changes = ()) -> dict[str, Any]:
    view = attempt.to_dict()
    if view["effect"] is None:
        view["effect"] = _hand_change(attempt, changes)
    if hide_effect:
        view["effect"] = None
    return view


def _own_attempt(attempt: Attempt, changes: Changes = ()) -> dict[str, Any]:
    """A player's own attempt, its effect cut to the kind's ``PLAYER_EFFECT_FIELDS`` (a change the referee
    made by hand for an ``other`` attempt, while its round is played: which die now shows what)."""
    view = attempt.to_dict()
    effect = attempt.effect
    if effect is not None:
        view["effect"] = {key: effect[key] for key in PLAYER_EFFECT_FIELDS.get(attempt.kind, ()) if key in effect}
    else:
        view["effect"] = _hand_change(attempt, changes)
    return view


def gm_view(gm: GmState, *, seat: int | None, seats: Collection[int], changes: Changes = ()) -> dict[str, Any]:
    """The game master's part of the ``state`` of a player (``seat``) or a spectator (None); ``changes`` are
    the die changes of the round being played (a player's ``other`` attempt tells what it changed)."""
    referee = gm.referee
    stakes = {s: stake for s, stake in sorted(gm.stakes.items()) if s in seats}
    view: dict[str, Any] = {
        "referee": None if referee is None else {"name": referee.name, **referee.settings.to_dict()},
        "paused": gm.paused,
        "chat": [_line(line) for line in gm.chat],
        "stakes": [{"seat": s, **stake.to_dict()} for s, stake in stakes.items()],
        "pot": pot(stakes.values()),
        "scoreboard": scoreboard_json("", gm.scores)["standings"],
    }
    if seat is not None and referee is not None:
        view["messages"] = [_line(line) for line in gm.messages.get(seat, ())]
        view["attempts"] = [_own_attempt(a, changes) for a in gm.attempts if a.seat == seat]
    return view


def gm_views(gm: GmState, *, seats: Collection[int | None], all_seats: Collection[int],
             changes: Changes = ()) -> dict[int | None, dict[str, Any]]:
    """``gm_view`` for each of ``seats`` at once: without a referee every viewer's is the
    spectator's (the same object, read-only), since only a referee's table has private threads.

    >>> views = gm_views(GmState(), seats=[0, 1, None], all_seats=[0, 1])
    >>> views[0] is views[None] and views[0] == gm_view(GmState(), seat=0, seats=[0, 1])
    True
    """
    public = gm_view(gm, seat=None, seats=all_seats)
    return {seat: public if seat is None or gm.referee is None else gm_view(gm, seat=seat, seats=all_seats, changes=changes)
            for seat in seats}


def referee_gm_view(gm: GmState, *, game_no: int, seats: Collection[int], names: Mapping[int, str],
                    hidden_round: tuple[int, int] | None, hands: Mapping[int, list[int]],
                    translate: Translate, changes: Changes = (), readers: Mapping[int, Translate] | None = None,
                    regulars: Collection[int] = ()) -> dict[str, Any]:
    """The game master's part of the referee's ``state``: every thread, every attempt, and the whisper relay.

    ``hidden_round`` is the (game, round) whose dice a blind referee may not see yet (None:
    nothing hidden); ``hands`` are the dice the referee may relay, by seat. Each person's whisper
    lines are worded in their own language (``readers``: a seat's page language, else the
    referee's ``translate``); a regular (``regulars``: the bots' seats) gets none, nobody reads them.
    """
    view = gm_view(gm, seat=None, seats=seats)
    view["messages"] = {str(s): [_line(line) for line in thread] for s, thread in sorted(gm.messages.items())}
    view["attempts"] = [_attempt(a, hide_effect=_hides(a, hidden_round), changes=changes) for a in gm.attempts]
    view["whisper_names"] = {str(s): name for s, name in sorted(gm.whisper_names.items())}
    view["penalties"] = [{"seat": s, "attempt": a} for s, a in gm.penalties]
    readers = readers or {}
    view["whispers"] = [_whispers(gm, seat, game_no, names, hands, hidden_round, translate, readers.get(seat, translate),
                                  regulars) for seat in sorted(seats) if seat not in regulars]
    return view


def regular_names(names: Mapping[int, str], regulars: Collection[int], translate: Translate) -> dict[int, str]:
    """``names`` with each regular's bar name in ``translate``'s language (``regular.<name>``;
    a name the catalogue does not know stays); a person's name is never touched.

    >>> regular_names({0: "Бочка", 1: "Бочка"}, {1}, lambda key: {"regular.Бочка": "Barrel"}.get(key, key))
    {0: 'Бочка', 1: 'Barrel'}
    """
    def local(name: str) -> str:
        worded = translate(f"regular.{name}")
        return name if worded == f"regular.{name}" else worded
    return {seat: local(name) if seat in regulars else name for seat, name in names.items()}


def _hides(attempt: Attempt, hidden_round: tuple[int, int] | None) -> bool:
    return hidden_round == (attempt.game, attempt.round) and attempt.kind in ("telekinesis", "mind_reading", "knock")


def _whispers(gm: GmState, seat: int, game_no: int, names: Mapping[int, str], hands: Mapping[int, list[int]],
              hidden_round: tuple[int, int] | None, translate: Translate, reader: Translate,
              regulars: Collection[int]) -> dict[str, Any]:
    results = [dice_result(hands[seat])] if hands.get(seat) else []
    for attempt in (a for a in gm.attempts if a.seat == seat and a.game == game_no):
        results += attempt_results(attempt, regular_names(names, regulars, reader), hide_dice=_hides(attempt, hidden_round))
    name = gm.whisper_names.get(seat, names.get(seat, f"#{seat}"))
    whisper = whisper_lines(gm.settings.whisper_format, name, worded(results, reader))
    return {"seat": seat, "name": names.get(seat, f"#{seat}"), "target": whisper.target, "adjusted": whisper.adjusted,
            "lines": whisper.lines}
