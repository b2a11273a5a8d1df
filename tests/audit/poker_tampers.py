"""A dishonest server's forgeries of a poker evening's log (``poker_logs``), each returning the words
of the failure it must cause. Every forgery is re-chained and re-signed (``Forger.export``), so only
the draw and game checks can catch it."""
from __future__ import annotations

from typing import Any

from collections import Counter

from referee.fairness.draws import draw, reveal_draw
from referee.fairness.purposes import POKER_DIE, POKER_ROLL, purpose
from referee.games.poker_bluff.rules import (Believe, Declare, Doubt, NextRound, PokerSettings, Reroll, Roll, apply, from_dict,
                                       keepable, new_game)

from .play_logs import SIGNER, Forger


def _first(forger: Forger, kind: str, when: Any = lambda entry: True) -> dict[str, Any]:  # noqa: ANN401
    return next(entry for entry in forger.all(kind) if when(entry))


def _opened(forger: Forger, game: int) -> dict[str, Any]:
    return _first(forger, "game_opened", lambda e: e["public"]["game"] == game)


def die_of_a_revealed_draw_changed(forger: Forger) -> str:
    revealed = forger.all("draw_revealed")[0]["public"]
    result = revealed["results"][0]
    honest = result["value"]
    result["value"] = honest % 6 + 1
    return f"result 0 (die) is revealed as {result['value']} but derives as {honest}"


def cup_rolled_names_the_wrong_draw(forger: Forger) -> str:
    rolled = forger.all("cup_rolled")[1]
    rolled["public"]["draw"] = 1
    return "the roll names draw 1, which roll 1 already used"


def _redraw(forger: Forger, committed: dict[str, Any], counter: int, dice: int) -> None:
    """Draw ``committed``'s number again, signed, with another counter or count of dice, and reveal it so."""
    game, number = committed["public"]["game"], committed["public"]["draw"]
    opened = _opened(forger, game)
    again = draw(SIGNER, opened["secret"], opened["public"], number, purpose(POKER_ROLL, game, counter),
                 [POKER_DIE] * dice)
    committed["public"], committed["secret"] = again.public, again.secret
    for revealed in forger.all("draw_revealed"):
        if (revealed["public"]["game"], revealed["public"]["draw"]) == (game, number):
            revealed["public"] = reveal_draw(opened["secret"], again.secret)


def draw_with_the_wrong_counter(forger: Forger) -> str:
    committed = forger.all("draw_committed")[1]
    _redraw(forger, committed, 3, committed["public"]["size"])
    return "the roll names draw 2, poker_roll of game 1 (roll 3), but the rules' next roll is poker_roll of game 1 (roll 2)"


def draw_with_the_wrong_dice_count(forger: Forger) -> str:
    committed = forger.all("draw_committed")[0]
    _redraw(forger, committed, 1, 4)
    return "draw 1 rolls 4 dice, but seat 0 rolls 5 (the dice not kept: none stay)"


def _cups_at_keeps(forger: Forger) -> list[tuple[dict[str, Any], tuple[int, ...], Any]]:
    """Every ``kept`` entry of the log with the cup and the declaration the rules hold when it comes."""
    values = {(e["public"]["game"], e["public"]["draw"]): [r["value"] for r in e["public"]["results"]]
              for e in forger.all("draw_revealed")}
    found, state, game = [], None, 0
    for entry in forger.entries:
        kind, public = entry["kind"], entry["public"]
        if kind == "game_started":
            game, state = public["game"], new_game(PokerSettings.from_dict(_rules(forger)), public["seats"],
                                                   public["opener"])
        elif state is not None and kind in _MOVES:
            if kind == "kept":
                found.append((entry, state.cup, state.last))
            state = apply(state, _MOVES[kind](public, values.get((game, public.get("draw"))))).state
    return found


def _rules(forger: Forger) -> dict[str, Any]:
    return {k: v for k, v in forger.entries[0]["public"]["rules"].items() if k != "game"}


_MOVES: dict[str, Any] = {
    "cup_rolled": lambda p, dice: Roll(tuple(dice)),
    "declared": lambda p, _: Declare(p["seat"], from_dict(p["declaration"])),
    "believed": lambda p, _: Believe(p["seat"]),
    "kept": lambda p, _: Reroll(p["seat"], tuple(p["keep"])),
    "doubted": lambda p, _: Doubt(p["seat"]),
    "next_round": lambda p, _: NextRound(),
}


def kept_die_not_in_the_declaration(forger: Forger) -> str:
    for kept, cup, declaration in _cups_at_keeps(forger):
        outside = sorted((Counter(cup) - Counter(keepable(declaration, cup))).elements())
        if outside:
            kept["public"]["keep"] = keep = sorted([*kept["public"]["keep"][:3], outside[0]])
            return f"seat {kept['public']['seat']} keeps {', '.join(map(str, keep))}, which the rules refuse (reroll/not_declared"
    raise AssertionError("no keep in the evening could take a die outside its declaration")


def move_out_of_turn(forger: Forger) -> str:
    declared = forger.all("declared")[0]
    declared["public"]["seat"] = 1 - declared["public"]["seat"]
    return "which the rules refuse (action/not_your_turn"


def token_outcome_changed(forger: Forger) -> str:
    settled = forger.all("game_settled")[0]
    honest = settled["public"]["winner"]
    other = next(seat for seat in _first(forger, "game_started")["public"]["seats"] if seat != honest)
    settled["public"]["winner"] = other
    return f"game_settled names seat {other} the winner, but by the rules seat {honest} won"


def game_started_off_the_bracket(forger: Forger) -> str:
    started = forger.all("game_started")[1]
    started["public"]["seats"] = list(reversed(started["public"]["seats"]))
    return "but the bracket and match give seats"


def starter_off_the_match(forger: Forger) -> str:
    started = forger.all("game_started")[1]
    seats = started["public"]["seats"]
    started["public"]["opener"] = seats[1] if started["public"]["opener"] == seats[0] else seats[0]
    return f"game 2 starts with seats {seats[0]}, {seats[1]} (seat {started['public']['opener']} opens), but the bracket"


def evening_ended_names_the_wrong_champion(forger: Forger) -> str:
    ended = forger.all("evening_ended")[0]
    honest = ended["public"]["champion"]
    ended["public"]["champion"] = (honest + 1) % 3
    return f"the evening ends with seat {ended['public']['champion']} the champion, but the bracket's champion is seat {honest}"


def draw_never_revealed_after_its_doubt(forger: Forger) -> str:
    doubted = forger.all("doubted")[0]
    shown = forger.entries[forger.position(doubted) + 1]
    number = shown["public"]["draw"]
    forger.remove(shown)
    return f"doubts, but draw {number} of the cup is never revealed: the cup cannot be shown"


BRACKET = {f.__name__: f for f in (die_of_a_revealed_draw_changed, cup_rolled_names_the_wrong_draw,
                                   draw_with_the_wrong_counter, draw_with_the_wrong_dice_count,
                                   kept_die_not_in_the_declaration, move_out_of_turn, token_outcome_changed,
                                   game_started_off_the_bracket, evening_ended_names_the_wrong_champion,
                                   draw_never_revealed_after_its_doubt)}
"""Forgeries of the bracket of three (a bye, settled games)."""
TWO_GAMES = {f.__name__: f for f in (starter_off_the_match,)}
"""Forgeries of a two-player evening under ``two_games``."""


def starter_named_against_its_draw(forger: Forger) -> str:
    """The server names the other player to start than the starter draw gives."""
    named = forger.all("starter_drawn")[0]["public"]
    honest = named["seat"]
    named["seat"] = other = next(s for s in _first(forger, "game_started")["public"]["seats"] if s != honest)
    return f"seat {other} is named to start, but draw {named['draw']} (poker_starter of game {named['game']}) gives"


def starter_given_in_a_drawn_evening(forger: Forger) -> str:
    """The first game of a match names its starter in ``game_started``, as if starters were not drawn."""
    started = forger.all("game_started")[0]["public"]
    started["opener"] = started["seats"][0]
    return f"game {started['game']} starts with seats {started['seats'][0]}, {started['seats'][1]} (seat {started['seats'][0]} opens), " \
           "but the bracket and match give"


def starter_draw_never_revealed(forger: Forger) -> str:
    """The starter draw is committed and used, its values never published."""
    named = forger.all("starter_drawn")[0]["public"]
    forger.remove(_first(forger, "draw_revealed", lambda e: e["public"]["draw"] == named["draw"]
                         and e["public"]["game"] == named["game"]))
    return f"the starter draw {named['draw']} is not revealed with one value of 1 or 2: nobody can check who starts"


def roll_before_the_starter(forger: Forger) -> str:
    """The starter draw is committed and revealed but no ``starter_drawn`` follows: the cup rolls at once."""
    removed = forger.all("starter_drawn")[0]
    forger.remove(removed)
    return f"a roll is logged before game {removed['public']['game']}'s starter is drawn"


def starters_stop_being_drawn(forger: Forger) -> str:
    """A later evening goes back to seat order (a server that stops drawing chooses who starts)."""
    later = forger.all("evening_started")[1]["public"]
    del later["starters"]
    return "the evening takes its matches' starters from seat order, but evening 1 drew them"


def starters_of_another_kind(forger: Forger) -> str:
    """An evening says its starters are something the verifiers do not know ("host")."""
    forger.all("evening_started")[0]["public"]["starters"] = "host"
    return "the evening's starters are something other than \"drawn\""


DRAWN = {f.__name__: f for f in (starter_named_against_its_draw, starter_given_in_a_drawn_evening,
                                 starter_draw_never_revealed, roll_before_the_starter, starters_stop_being_drawn,
                                 starters_of_another_kind)}
"""Forgeries of evenings whose starters are drawn (two evenings, the second in play)."""
