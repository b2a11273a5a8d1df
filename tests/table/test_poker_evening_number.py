"""A poker table's evenings as the page titles them (referee.games.poker_bluff.views.evening_view's
``bracket``): only evenings of three or more (brackets) are numbered, counting the table's brackets
alone, so a plain game of two before the first bracket leaves it "Evening 1"; a game of two has no
number. The log's own evening numbers are unchanged (the verifier checks them in sequence)."""
from __future__ import annotations

from referee.games.poker_bluff.evening import Evening
from referee.games.poker_bluff.views import evening_view


def numbered(entrants_per_evening: list[tuple[int, ...]]) -> list[tuple[int, int | None]]:
    """Each evening's (log number, page number) as the fold begins them one after another."""
    found, last = [], None
    for number, entrants in enumerate(entrants_per_evening, start=1):
        last = Evening.begin(number, entrants, brackets_before=last.brackets if last else 0)
        view = evening_view(last, pot=None, token_value="")
        found.append((view["evening"], view["bracket"]))
    return found


def test_a_game_of_two_is_no_evening_and_brackets_count_themselves() -> None:
    assert numbered([(0, 1), (0, 1, 2), (0, 1), (0, 1, 2, 3)]) == [(1, None), (2, 1), (3, None), (4, 2)]
