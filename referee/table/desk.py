"""The referee's desk: every game-master command on a ``Table``, logged through the table's fold.

The desk lives in ``referee.table`` (it drives a table with the pure game-master modules of
``referee.gm``), so imports point one way: table -> gm.

Authorisation is the caller's (the web layer knows who holds the referee's token); the fold
refuses what the state does not allow, and a refused command logs nothing. Cheat checks and
"a random die" are fairness draws seeded by the attempter after the judgement (``check_draws``),
committed before anybody, the referee included, sees them; every applied effect on a die is a
logged DIE_CHANGED.

>>> from referee.fairness.keys import Signer
>>> from referee.store.log import EventLog
>>> from referee.table.scheduler import ManualScheduler
>>> from referee.table.registry import Tables
>>> from referee.table.fair_dealer import FairDealer
>>> dealer = FairDealer(Signer.from_private_bytes(bytes(32)))
>>> table = Tables(EventLog(":memory:"), dealer, ManualScheduler(), seed_wait_s=0).create({})
>>> name_referee(table, "Мастер", "digest", GmSettings(cheating=True))
>>> post_chat(table, None, "Добро пожаловать в таверну!")
>>> [(line.by, line.text) for line in table.current.gm.chat]
[('referee', 'Добро пожаловать в таверну!')]
"""
from __future__ import annotations

from typing import Any

from referee.gm.attempts import Attempt, Check
from referee.gm.settings import GmSettings
from referee.gm.stakes import parse_stake
from referee.games.registry import family_named, family_of
from referee.gm.text import CHAT_LIMIT, clean_text
from referee.rules.errors import IllegalAction

from .approval import require_hand_change
from .check_draws import apply_effect, resolve, rolling
from .errors import TableError
from .families import TableSettings
from .table import Table

NAME_LIMIT = 24


def name_referee(table: Table, name: str, token_digest: str, settings: GmSettings) -> None:
    """Make ``name`` (holding the token with this digest) the table's referee; before anybody sits down."""
    require_gm_settings(table.current.family, settings)
    with table.changing():
        table.commit("referee_named", {"name": name, "settings": settings.to_dict()}, {"token_digest": token_digest})


def require_gm_settings(family: str, settings: GmSettings) -> None:
    """Refuse roleplay cheating (``cheat/not_in_this_game``) for a family that does not play it
    (checked before a refereed table is created, so a refusal creates nothing).

    >>> require_gm_settings("poker_bluff", GmSettings(cheating=True))
    Traceback (most recent call last):
    ...
    referee.table.errors.TableError: a poker_bluff table has no roleplay cheating
    """
    if settings.cheating and family_named(family).cheating is None:
        raise TableError("cheat/not_in_this_game", f"a {family} table has no roleplay cheating")


def post_chat(table: Table, seat: int | None, text: Any) -> None:
    """A line in the table chat, by ``seat`` or (None) by the referee."""
    line = clean_text(text, limit=CHAT_LIMIT)
    with table.changing():
        table.commit("chat_posted", {"by": "player" if seat is not None else "referee", "seat": seat, "text": line})


def send_message(table: Table, seat: int, text: Any, *, by_referee: bool) -> None:
    """A private message between ``seat`` and the referee: who wrote to whom and the text stay in the
    log's secret part, which the chain does not commit (``referee.store.chain.PRIVATE_KINDS``)."""
    line = clean_text(text, limit=CHAT_LIMIT)
    with table.changing():
        table.commit("message_sent", {}, {"seat": seat, "by": "referee" if by_referee else "player", "text": line})


def set_stake(table: Table, seat: int, text: Any, *, by_player: bool = False) -> None:
    """The stake of ``seat`` for the next game ("" clears it), set by the referee or (``by_player``)
    by the seat's own player, at any table (RULES.md C4); the entry says who (``by``)."""
    stake = parse_stake(text) if isinstance(text, str) and text.strip() else None
    public = stake.to_dict() if stake else {"text": "", "amount": None, "unit": ""}
    with table.changing():
        table.commit("stake_set", {"seat": seat, **public, **({"by": "player"} if by_player else {})})


def pause(table: Table) -> None:
    """Pause the running game: players' moves are refused and the turn timer stops."""
    with table.changing():
        table.commit("game_paused", {})


def resume(table: Table) -> None:
    """Resume the game; the turn timer goes on with the time that was left."""
    with table.changing():
        table.commit("game_resumed", {})


def set_rules(table: Table, settings: TableSettings) -> None:
    """The referee changes the table's rules between games: logged as ``rules_changed`` by ``"referee"``."""
    table.change_rules(settings, by="referee")


def set_whisper_name(table: Table, seat: int, name: Any) -> None:
    """The name the whisper lines use for ``seat`` (its character's name in the other game's chat)."""
    text = clean_text(name, limit=NAME_LIMIT * 3, what="a chat name", allow_empty=True)
    with table.changing():
        table.commit("whisper_name_set", {"seat": seat, "name": " ".join(text.split())})


def submit_attempt(table: Table, seat: int, request: dict[str, Any]) -> int:
    """Log a player's cheat attempt (``attempts.parse_request``); returns its number."""
    _require_cheating(table)
    with table.changing():
        state = table.current
        game = state.game
        attempt_id = len(state.gm.attempts) + 1
        table.commit("attempt_submitted",
                     {"attempt": attempt_id, "game": state.game_no, "round": game.round_no if game else 0},
                     {"seat": seat, **request})
    return attempt_id


def judge(table: Table, attempt_id: int, difficulty: int, modifier: int) -> Check | None:
    """Log the referee's judgement (``attempt_judged``: difficulty and modifier, secret); the check die is
    then a draw that waits for the attempter's seed (``check_draws``). Returns the check when it was
    drawn at once (no wait: ``seed_wait_s`` <= 0, or nobody's seed is due), else None: the check, and
    on success its effect, follow when the seed arrives or the bounded wait ends. A second judgement
    while a check or target die is still being drawn is refused (``attempt/rolling``)."""
    _require_cheating(table)
    with table.changing():
        attempt = _attempt(table, attempt_id)
        if attempt.status != "pending":
            raise IllegalAction("attempt/settled", f"attempt {attempt.id} is {attempt.status}")
        busy = rolling(table.current)
        if busy is not None:
            raise IllegalAction("attempt/rolling", f"attempt {busy.id}'s check is being rolled: judge again when it is")
        table.commit("attempt_judged", {"attempt": attempt.id}, {"difficulty": difficulty, "modifier": modifier})
        table.await_draw()
    return table.current.gm.attempts[attempt.id - 1].check


def settle_failure(table: Table, attempt_id: int, consequence: str) -> None:
    """The referee's answer to a failed check: silence, a public announcement, or a penalty die."""
    _require_cheating(table)
    with table.changing():
        attempt = _attempt(table, attempt_id)
        public: dict[str, Any] = {"attempt": attempt.id}
        if consequence == "announce":
            public["announced"] = attempt.seat
        table.commit("attempt_resolved", public, {"outcome": "failure", "consequence": consequence, "effect": None})


def dismiss(table: Table, attempt_id: int) -> None:
    """The referee refuses to roll for an attempt (out of character, out of time)."""
    _require_cheating(table)
    with table.changing():
        attempt = _attempt(table, attempt_id)
        if rolling(table.current) is attempt:
            raise IllegalAction("attempt/rolling", f"attempt {attempt.id}'s check is being rolled: it settles itself")
        table.commit("attempt_resolved", {"attempt": attempt.id}, {"outcome": "dismissed", "consequence": None, "effect": None})


def apply_attempt(table: Table, attempt_id: int) -> None:
    """The referee applies a succeeded telekinesis's effect (``Attempt.awaits_approval``): its die changes
    (``die_changed``) and the attempt is resolved with the effect, in one command, in the attempt's round.
    To refuse it the referee dismisses the attempt (``dismiss``)."""
    _require_cheating(table)
    with table.changing():
        attempt = _attempt(table, attempt_id)
        if not attempt.awaits_approval:
            raise IllegalAction("attempt/not_waiting", f"attempt {attempt.id} ({attempt.status}) waits for no approval")
        game = table.current.game
        if game is None or table.current.cheating is None or \
                (attempt.game, attempt.round) != (table.current.game_no, table.current.cheating.open_round(game)):
            raise IllegalAction("attempt/stale", f"attempt {attempt.id} was made in an earlier round: dismiss it")
        resolve(table, attempt, apply_effect(table, table.play, attempt, None))


def change_die(table: Table, seat: int, index: int, value: int, attempt_id: int | None) -> None:
    """The referee changes a die by hand after an ``other`` attempt of this round succeeded
    (``approval.require_hand_change``); logged like any change, with the attempt's number."""
    _require_cheating(table)
    with table.changing():
        attempt = require_hand_change(table.current, attempt_id)
        table.current.cheating.change_die(table.play, seat, index, value, attempt.id)


def _require_cheating(table: Table) -> None:
    """Refuse every attempt command (``attempt/not_in_this_game``) at a family without roleplay cheating."""
    if family_of(table.current).cheating is None:
        raise TableError("attempt/not_in_this_game", "cheat attempts and die changes are played only where the "
                                                     f"game offers them: this {table.current.family} table has none")


def _attempt(table: Table, attempt_id: int) -> Attempt:
    attempt = table.current.gm.attempt(attempt_id)
    if attempt is None:
        raise IllegalAction("attempt/unknown", f"there is no attempt {attempt_id!r}")
    return attempt
