"""Forgeries of a poker-dice evening's drawn bracket (three entrants or more: ``"bracket": "drawn"``), each
returning words the verifiers' failure must contain. They forge ``test_play_poker.DRAWN_FORGED``: two
evenings of three players, each drawing its bracket in a game of its own before its first match."""
from __future__ import annotations

from .play_logs import Forger


def bracket_order_against_its_draw(forger: Forger) -> str:
    """The server orders the bracket otherwise than its draw gives (it chooses who plays whom, and the bye)."""
    drawn = forger.all("bracket_drawn")[0]["public"]
    honest = list(drawn["order"])
    drawn["order"] = honest[1:] + honest[:1]
    return f"the bracket's order is {drawn['order']}, but draw 1 of game {drawn['game']} gives {honest}"


def bracket_never_drawn(forger: Forger) -> str:
    """The evening says its bracket is drawn, but the first game starts without a ``bracket_drawn``."""
    drawn = forger.all("bracket_drawn")[0]
    game = forger.all("game_started")[0]["public"]["game"]
    forger.remove(drawn)
    return f"game {game} starts before the evening's bracket is drawn"


def brackets_stop_being_drawn(forger: Forger) -> str:
    """A later evening of three goes back to seat order (a server that stops drawing chooses who plays whom)."""
    del forger.all("evening_started")[1]["public"]["bracket"]
    return "the evening pairs its bracket in seat order, but evening 1 drew it"


def bracket_of_another_kind(forger: Forger) -> str:
    """An evening says its bracket is something the verifiers do not know ("host")."""
    forger.all("evening_started")[0]["public"]["bracket"] = "host"
    return "the evening's bracket is something other than \"drawn\""


def bracket_draw_of_another_evening(forger: Forger) -> str:
    """The bracket draw names another evening than the one running."""
    drawn = forger.all("bracket_drawn")[0]["public"]
    drawn["evening"] = 2
    return "a bracket of evening 2 is drawn while evening 1 draws none"


SHUFFLED = {f.__name__: f for f in (bracket_order_against_its_draw, bracket_never_drawn, brackets_stop_being_drawn,
                                    bracket_of_another_kind, bracket_draw_of_another_evening)}
"""Forgeries of evenings whose bracket is drawn (two evenings of three, the second in play)."""
