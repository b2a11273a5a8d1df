"""The game master's log entries, folded into a table's state (``referee.table.state`` merges ``HANDLERS``).

Each handler takes the table's state, an entry's public and secret parts, and returns the
new state, or raises a ``RulesError`` when the entry is not allowed now; the table folds an
entry before logging it, so a refused command logs nothing.

=================  ===============================================  =======================================
kind               public part                                      secret part
=================  ===============================================  =======================================
referee_named      {name, settings}                                 {token_digest}
chat_posted        {by: referee|player, seat, text}                 none
message_sent       {} (before salting: {seat, by})                  {seat, by: referee|player, text}
stake_set          {seat, text, amount, unit, by?: player}          none
                   (text "" clears; ``by`` player: the seat's own
                   player set it, at any table; else the referee)
game_paused        {}                                               none
game_resumed       {}                                               none
whisper_name_set   {seat, name} (name "" clears)                    none
attempt_submitted  {attempt, game, round}                           {seat, kind, die, target, value, description}
attempt_judged     {attempt}                                        {difficulty, modifier}
                   (the check then waits for the attempter's seed; a log written before has none)
attempt_checked    {attempt, draw}                                  {difficulty, modifier, sides, roll, total, success, draw}
attempt_resolved   {attempt, announced?: seat}                      {outcome, consequence, effect}
                   (a succeeded telekinesis waits for the referee: ``referee_apply`` resolves it
                   with its effect, ``referee_dismiss`` as dismissed; a log written before
                   resolved it in the check's command)
penalty_applied    {seat, attempt}                                  none
game_settled       {game, winner, name, players, stakes, pot, attempts}  none
=================  ===============================================  =======================================

>>> from referee.table.fold import fold
>>> state = fold(None, "table_created", {"id": "t1", "rules": {}}, None)
>>> state = fold(state, "referee_named", {"name": "GM", "settings": {"cheating": True}}, {"token_digest": "d"})
>>> state.host, state.gm.referee.name, state.gm.settings.cheating
(None, 'GM', True)
>>> fold(state, "game_paused", {}, None)
Traceback (most recent call last):
...
referee.rules.errors.IllegalAction: there is no running game to pause
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Callable, Protocol

from referee.rules.errors import IllegalAction
from referee.rules.event import Event

from .attempts import CONSEQUENCES, Attempt, Check
from .cheating import CheatingRules
from .scoreboard import GameScore
from .settings import GmSettings
from .stakes import Stake
from .state import CHAT_KEEP, ChatLine, GmState, Referee


class TableLike(Protocol):
    """What the handlers read of a table's state (``referee.table.TableState``, a dataclass they
    copy with ``dataclasses.replace``); named here so that this package never imports the table."""

    @property
    def seats(self) -> Mapping[int, Any]: ...

    @property
    def host(self) -> int | None: ...

    @property
    def game_no(self) -> int: ...

    @property
    def game(self) -> Any: ...

    @property
    def events(self) -> tuple[Event, ...]: ...

    @property
    def gm(self) -> GmState: ...

    @property
    def game_running(self) -> bool: ...

    @property
    def series_running(self) -> bool: ...

    @property
    def cheating(self) -> CheatingRules | None: ...


Handler = Callable[[TableLike, dict[str, Any], dict[str, Any]], TableLike]


def _gm(state: TableLike, **changes: Any) -> TableLike:
    return replace(state, gm=replace(state.gm, **changes))


def _require_referee(gm: GmState) -> None:
    if gm.referee is None:
        raise IllegalAction("referee/none", "this table has no referee")


def _require_seated(state: TableLike, seat: Any) -> int:
    if seat not in state.seats:
        raise IllegalAction("seat/none", f"seat {seat} is empty")
    return int(seat)


def _line(gm: GmState, by: str, seat: int | None, text: str, notice: str | None = None) -> ChatLine:
    return ChatLine(gm.lines + 1, by, seat, text, notice)


def _notice(state: TableLike, notice: str, seat: int) -> TableLike:
    gm = state.gm
    line = _line(gm, "notice", seat, "", notice)
    return _gm(state, chat=(gm.chat + (line,))[-CHAT_KEEP:], lines=gm.lines + 1)


def _referee_named(state: TableLike, public: dict[str, Any], secret: dict[str, Any]) -> TableLike:
    if state.gm.referee is not None:
        raise IllegalAction("referee/named", "this table has a referee already")
    if state.seats:
        raise IllegalAction("referee/late", "a referee is named before anybody sits down")
    referee = Referee(public["name"], secret["token_digest"], GmSettings.from_dict(public["settings"]))
    return replace(state, host=None, gm=replace(state.gm, referee=referee))


def _chat_posted(state: TableLike, public: dict[str, Any], _secret: dict[str, Any]) -> TableLike:
    seat = _require_seated(state, public["seat"]) if public["by"] == "player" else None
    if public["by"] == "referee":
        _require_referee(state.gm)
    gm = state.gm
    line = _line(gm, public["by"], seat, public["text"])
    return _gm(state, chat=(gm.chat + (line,))[-CHAT_KEEP:], lines=gm.lines + 1)


def _message_sent(state: TableLike, public: dict[str, Any], secret: dict[str, Any]) -> TableLike:
    """A private line; who wrote to whom is in the secret part too (the public part of a log written
    before private messages left no trace held it)."""
    gm = state.gm
    _require_referee(gm)
    message = {**public, **secret}
    seat = _require_seated(state, message["seat"])
    thread = (gm.messages.get(seat, ()) + (_line(gm, message["by"], seat, message["text"]),))[-CHAT_KEEP:]
    return _gm(state, messages={**gm.messages, seat: thread}, lines=gm.lines + 1)


def _stake_set(state: TableLike, public: dict[str, Any], _secret: dict[str, Any]) -> TableLike:
    seat = _require_seated(state, public["seat"])
    if state.game_running or state.series_running:
        raise IllegalAction("stakes/locked", "stakes are set before a game (or a poker-dice evening, whose "
                                             "champion takes them all) starts, not during it")
    stakes = {s: stake for s, stake in state.gm.stakes.items() if s != seat}
    if public["text"]:
        stakes[seat] = Stake(public["text"], public["amount"], public["unit"])
    return _gm(state, stakes=stakes)


def _paused(state: TableLike, _public: dict[str, Any], _secret: dict[str, Any]) -> TableLike:
    _require_referee(state.gm)
    if not state.game_running:
        raise IllegalAction("game/not_started", "there is no running game to pause")
    if state.gm.paused:
        raise IllegalAction("game/paused", "the game is paused already")
    return _gm(state, paused=True)


def _resumed(state: TableLike, _public: dict[str, Any], _secret: dict[str, Any]) -> TableLike:
    if not state.gm.paused:
        raise IllegalAction("game/not_paused", "the game is not paused")
    return _gm(state, paused=False, resumes=state.gm.resumes + 1)


def _whisper_name_set(state: TableLike, public: dict[str, Any], _secret: dict[str, Any]) -> TableLike:
    _require_referee(state.gm)
    seat = _require_seated(state, public["seat"])
    names = {s: name for s, name in state.gm.whisper_names.items() if s != seat}
    if public["name"]:
        names[seat] = public["name"]
    return _gm(state, whisper_names=names)


def _attempt_submitted(state: TableLike, public: dict[str, Any], secret: dict[str, Any]) -> TableLike:
    gm = state.gm
    _require_referee(gm)
    if not gm.settings.cheating:
        raise IllegalAction("cheat/disabled", "roleplay cheating is off at this table")
    game = state.game
    cheating = state.cheating
    if cheating is None or game is None or cheating.open_round(game) is None \
            or (public["game"], public["round"]) != (state.game_no, cheating.open_round(game)):
        raise IllegalAction("action/wrong_phase", "an attempt is made while the players are bidding")
    seat = secret["seat"]
    if seat not in game.in_game:
        raise IllegalAction("seat/out", f"seat {seat} holds no dice in this game")
    if gm.open_attempt(seat) is not None:
        raise IllegalAction("attempt/open", "wait for the referee to settle your last attempt")
    if public["attempt"] != len(gm.attempts) + 1:
        raise IllegalAction("attempt/unknown", f"the next attempt is number {len(gm.attempts) + 1}")
    die, target = secret["die"], secret["target"]
    if die is not None and not 0 <= die < cheating.dice_of(game, seat):
        raise IllegalAction("die/none", f"you hold dice 1 to {cheating.dice_of(game, seat)}")
    if target is not None and (target == seat or target not in game.in_game):
        raise IllegalAction("attempt/target", f"seat {target} is not an opponent in this game")
    attempt = Attempt(public["attempt"], seat, public["game"], public["round"], secret["kind"], die, target,
                      secret["value"], secret["description"])
    return _gm(state, attempts=gm.attempts + (attempt,))


def _settle(state: TableLike, attempt: Attempt) -> TableLike:
    attempts = state.gm.attempts
    return _gm(state, attempts=attempts[:attempt.id - 1] + (attempt,) + attempts[attempt.id:])


def _attempt(state: TableLike, attempt_id: Any) -> Attempt:
    attempt = state.gm.attempt(attempt_id)
    if attempt is None:
        raise IllegalAction("attempt/unknown", f"there is no attempt {attempt_id!r}")
    return attempt


def _require_current(state: TableLike, attempt: Attempt) -> None:
    if _stale(state, attempt):
        raise IllegalAction("attempt/stale", f"attempt {attempt.id} was made in an earlier round: dismiss it")


def _attempt_judged(state: TableLike, public: dict[str, Any], secret: dict[str, Any]) -> TableLike:
    attempt = _attempt(state, public["attempt"])
    if attempt.status != "pending":
        raise IllegalAction("attempt/settled", f"attempt {attempt.id} is {attempt.status}")
    _require_current(state, attempt)
    rolling = next((a for a in state.gm.attempts if a.status == "judged"), None)
    if rolling is not None:
        raise IllegalAction("attempt/rolling", f"attempt {rolling.id}'s check is being rolled: judge again when it is")
    return _settle(state, replace(attempt, status="judged", judgement=(secret["difficulty"], secret["modifier"])))


def _attempt_checked(state: TableLike, public: dict[str, Any], secret: dict[str, Any]) -> TableLike:
    attempt = _attempt(state, public["attempt"])
    if attempt.status not in ("pending", "judged"):  # pending: a log written before checks waited for a seed
        raise IllegalAction("attempt/settled", f"attempt {attempt.id} is {attempt.status}")
    _require_current(state, attempt)
    if attempt.judgement is not None and attempt.judgement != (secret["difficulty"], secret["modifier"]):
        raise IllegalAction("attempt/judgement", f"attempt {attempt.id} was judged {attempt.judgement}, not checked so")
    return _settle(state, attempt.checked(Check(**secret)))


def _attempt_resolved(state: TableLike, public: dict[str, Any], secret: dict[str, Any]) -> TableLike:
    attempt = _attempt(state, public["attempt"])
    outcome, consequence = secret["outcome"], secret.get("consequence")
    check = attempt.check
    if outcome == "dismissed":  # a check waiting for its seed or die: once its round is over (attempt/rolling)
        allowed = attempt.status == "pending" or attempt.awaits_approval or (
            attempt.status in ("judged", "rolled") and _stale(state, attempt) and (attempt.check is None or attempt.check.success))
    elif outcome == "success":
        allowed = attempt.status == "rolled" and check is not None and check.success
    else:
        allowed = attempt.status == "rolled" and check is not None and not check.success and consequence in CONSEQUENCES
    if not allowed:
        raise IllegalAction("attempt/settled", f"attempt {attempt.id} ({attempt.status}) cannot end as {outcome}")
    status = {"success": "succeeded", "failure": "failed", "dismissed": "dismissed"}[outcome]
    state = _settle(state, replace(attempt, status=status, consequence=consequence, effect=secret.get("effect")))
    if consequence == "announce":
        state = _notice(state, "cheat_announced", attempt.seat)
    if consequence == "penalty":
        state = _gm(state, penalties=state.gm.penalties + ((attempt.seat, attempt.id),))
    if outcome == "success" and attempt.kind == "loaded_die":
        state = _gm(state, loaded={**state.gm.loaded, attempt.seat: (attempt.game, attempt.round + 1, attempt.id)})
    return state


def _stale(state: TableLike, attempt: Attempt) -> bool:
    """True when the attempt's round is no longer the one being bid."""
    game, cheating = state.game, state.cheating
    return game is None or cheating is None or (attempt.game, attempt.round) != (state.game_no, cheating.open_round(game))


def penalty_taken(state: TableLike, public: dict[str, Any]) -> TableLike:
    """A ``penalty_applied`` entry's part of the game master's state: the penalty waiting for the seat is
    taken and the table is told; the family whose cheating it is applies it to its game."""
    pending = (public["seat"], public["attempt"])
    if pending not in state.gm.penalties or state.game is None:
        raise IllegalAction("penalty/none", f"no penalty is waiting for seat {public['seat']}")
    penalties = tuple(p for p in state.gm.penalties if p != pending)
    return _notice(_gm(state, penalties=penalties), "penalty", public["seat"])


def _game_settled(state: TableLike, public: dict[str, Any], _secret: dict[str, Any]) -> TableLike:
    game = state.game
    if game is None or game.winner is None or public["game"] != state.game_no:
        raise IllegalAction("game/running", "a game is settled once it is over")
    if any(score.game == public["game"] for score in state.gm.scores):
        raise IllegalAction("game/settled", f"game {public['game']} is settled already")
    score = GameScore(public["game"], public["winner"], public["name"], tuple(public["players"]), public["pot"])
    return _gm(state, scores=state.gm.scores + (score,), loaded={}, penalties=())


HANDLERS: dict[str, Handler] = {
    "referee_named": _referee_named,
    "chat_posted": _chat_posted,
    "message_sent": _message_sent,
    "stake_set": _stake_set,
    "game_paused": _paused,
    "game_resumed": _resumed,
    "whisper_name_set": _whisper_name_set,
    "attempt_submitted": _attempt_submitted,
    "attempt_judged": _attempt_judged,
    "attempt_checked": _attempt_checked,
    "attempt_resolved": _attempt_resolved,
    "game_settled": _game_settled,
}
