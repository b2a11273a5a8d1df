"""Declarations of poker-dice bluff (RULES.md B3), exhaustively: every pair compares as the table
says, every roll holds exactly the declarations the sub-multiset rule allows, every declaration
round-trips through its text, JSON and dice forms, and malformed shapes are refused by code."""
from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement, product

import pytest

from referee.rules.errors import MalformedAction
from referee.games.poker_bluff.rules import (ALL, HIGHEST, KINDS, Declaration, declarations_in, from_dice, from_dict,
                                       higher_than, keepable, parse)

# B3's table, written out independently of the engine: the group sizes of each kind, weakest first.
TABLE = [(1,), (2, 1), (2, 2, 1), (3, 1), (3, 2), (4, 1), (5,)]
ROLLS = list(combinations_with_replacement(range(1, 7), 5))


def oracle_key(dice: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    """B3's order from a multiset of named dice: the kind's row, then the group faces as listed
    (bigger groups first; two pairs: higher pair first); None when the dice form no row."""
    groups = sorted(((n, face) for face, n in Counter(dice).items()), reverse=True)
    sizes = tuple(n for n, _ in groups)
    if sizes not in TABLE:
        return None
    return TABLE.index(sizes), tuple(face for _, face in groups)


def test_there_are_192_declarations_each_kind_as_many_as_its_shape_allows() -> None:
    counts = Counter(d.kind for d in ALL)
    assert counts == {"single": 6, "pair": 30, "two_pairs": 60, "three": 30, "full_house": 30, "four": 30, "five": 6}
    assert len(set(ALL)) == 192 and ALL[0] == parse("1") and HIGHEST == parse("6,6,6,6,6")


def test_every_pair_of_declarations_compares_as_the_table_says() -> None:
    keys = {d: oracle_key(d.dice) for d in ALL}
    assert None not in keys.values()
    for a, b in product(ALL, repeat=2):
        assert (a < b) == (keys[a] < keys[b]), (a.text, b.text)
        assert (a == b) == (keys[a] == keys[b]), (a.text, b.text)
        assert (a > b) == (keys[a] > keys[b]), (a.text, b.text)


@pytest.mark.parametrize("lower, higher", [
    ("6", "1,1+2"),                       # any pair + one beats any single
    ("6,6+5", "2,2+1,1+3"),               # two pairs beat a pair
    ("6,6+5,5+4", "1,1,1+2"),             # three + one beats two pairs
    ("6,6,6+5", "1,1,1+2,2"),             # a full house beats three + one
    ("6,6,6+5,5", "1,1,1,1+2"),           # four + one beats a full house
    ("6,6,6,6+5", "1,1,1,1,1"),           # five beats four + one
    ("5", "6"), ("4,4+6", "5,5+1"), ("4,4+5", "4,4+6"),
    ("5,5+4,4+6", "6,6+2,2+1"), ("5,5+3,3+6", "5,5+4,4+1"), ("5,5+3,3+4", "5,5+3,3+6"),
    ("2,2,2+6", "3,3,3+1"), ("2,2,2+5", "2,2,2+6"),
    ("4,4,4+2,2", "4,4,4+3,3"), ("4,4,4+6,6", "5,5,5+1,1"),
    ("3,3,3,3+6", "4,4,4,4+1"), ("3,3,3,3+5", "3,3,3,3+6"), ("5,5,5,5,5", "6,6,6,6,6"),
])
def test_the_examples_of_b3_are_in_order(lower: str, higher: str) -> None:
    assert parse(lower) < parse(higher) and not parse(higher) < parse(lower)


def test_every_roll_holds_exactly_the_declarations_of_its_sub_multisets() -> None:
    for roll in ROLLS:
        expected = set()
        for size in range(1, 6):
            for sub in combinations(roll, size):
                if oracle_key(sub) is not None:
                    expected.add(tuple(sorted(sub)))
        held = declarations_in(roll)
        assert {tuple(sorted(d.dice)) for d in held} == expected, roll
        assert list(held) == sorted(held)
        assert [d for d in ALL if d.is_in(roll)] == list(held)


def test_the_order_of_the_dice_in_a_cup_does_not_matter() -> None:
    for cup in product(range(1, 7), repeat=5):
        assert declarations_in(cup) == declarations_in(tuple(sorted(cup)))


def test_every_roll_holds_a_single_and_five_of_a_kind_holds_only_two_declarations() -> None:
    for roll in ROLLS:
        assert parse(str(max(roll))) in declarations_in(roll)
    assert [len(declarations_in((face,) * 5)) for face in range(1, 7)] == [2] * 6


def test_every_declaration_round_trips_through_its_text_json_and_dice() -> None:
    for declaration in ALL:
        assert parse(declaration.text) == declaration
        assert from_dict(declaration.to_dict()) == declaration
        assert from_dice(declaration.dice) == declaration
        assert from_dice(tuple(reversed(declaration.dice))) == declaration


@pytest.mark.parametrize("text, canonical", [
    ("3,3+5,5+6", "5,5+3,3+6"), ("6+4,4", "4,4+6"), ("3x2+5", "2,2,2+5"), ("3×2s + 5", "2,2,2+5"),
    ("2,2+4,4,4", "4,4,4+2,2"), (" 5x6 ", "6,6,6,6,6"), ("1+4*3", "3,3,3,3+1"),
])
def test_parsing_accepts_groups_in_any_order_and_gives_the_canonical_form(text: str, canonical: str) -> None:
    assert parse(text).text == canonical


@pytest.mark.parametrize("text, code", [
    ("4,4+4", "declaration/odd_die"), ("2,2,2+2", "declaration/odd_die"), ("3,3,3,3+3", "declaration/odd_die"),
    ("5,5+5,5+6", "declaration/equal_pairs"), ("4,4+4,4+4", "declaration/equal_pairs"),
    ("3,3,3+3,3", "declaration/equal_groups"),
    ("4,4", "declaration/shape"), ("4+6", "declaration/shape"), ("4,4+6+5", "declaration/shape"),
    ("2,2,2,2,2,2", "declaration/shape"), ("4,5+6", "declaration/malformed"), ("7", "declaration/face"),
    ("0,0+1", "declaration/face"), ("", "declaration/malformed"), ("four fours", "declaration/malformed"),
    ("0x4+1", "declaration/malformed"),
])
def test_malformed_text_is_refused_with_a_stable_code(text: str, code: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        parse(text)
    assert refused.value.code == code
    assert refused.value.message


@pytest.mark.parametrize("kind, faces, code", [
    ("pair", (4, 4), "declaration/odd_die"), ("two_pairs", (5, 5, 6), "declaration/equal_pairs"),
    ("two_pairs", (5, 6, 5), "declaration/odd_die"), ("two_pairs", (3, 5, 6), "declaration/pair_order"),
    ("three", (2, 2), "declaration/odd_die"), ("full_house", (4, 4), "declaration/equal_groups"),
    ("four", (6, 6), "declaration/odd_die"), ("five", (6, 5), "declaration/shape"), ("pair", (4,), "declaration/shape"),
    ("straight", (1, 2, 3, 4, 5), "declaration/kind"), ("single", (0,), "declaration/face"),
    ("single", (True,), "declaration/face"), ("single", [6], "declaration/shape"),
])
def test_a_declaration_that_does_not_form_its_shape_cannot_exist(kind: str, faces: tuple[int, ...], code: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        Declaration(kind, faces)
    assert refused.value.code == code


@pytest.mark.parametrize("data, code", [
    ({"kind": "pair", "faces": [4, 4]}, "declaration/odd_die"),
    ({"kind": "two_pairs", "faces": [5, 5, 6]}, "declaration/equal_pairs"),
    ({"kind": "pair"}, "declaration/malformed"), ({"kind": "pair", "faces": [4, 6], "x": 1}, "declaration/malformed"),
    ({"kind": "pair", "faces": "4,6"}, "declaration/malformed"), ("4,4+6", "declaration/malformed"),
    ({"kind": 3, "faces": [4, 6]}, "declaration/kind"), ({"kind": "pair", "faces": [4, "6"]}, "declaration/face"),
])
def test_malformed_json_is_refused_with_a_stable_code(data: object, code: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        from_dict(data)
    assert refused.value.code == code


def test_from_dict_takes_the_higher_pair_first_and_refuses_the_lower_first() -> None:
    assert from_dict({"kind": "two_pairs", "faces": [5, 3, 6]}).text == "5,5+3,3+6"
    with pytest.raises(MalformedAction) as refused:
        from_dict({"kind": "two_pairs", "faces": [3, 5, 6]})
    assert refused.value.code == "declaration/pair_order"


def test_higher_than_lists_exactly_the_declarations_that_beat_the_last() -> None:
    assert higher_than(None) == ALL
    for last in ALL:
        assert higher_than(last) == tuple(d for d in ALL if d > last)
    assert higher_than(HIGHEST) == ()


def test_the_kinds_are_listed_weakest_first() -> None:
    assert KINDS == ("single", "pair", "two_pairs", "three", "full_house", "four", "five")
    assert [ALL.index(next(d for d in ALL if d.kind == k)) for k in KINDS] == [0, 6, 36, 96, 126, 156, 186]


def test_keepable_dice_are_the_multiset_intersection_of_declaration_and_cup() -> None:
    for declaration in ALL:
        for roll in ROLLS[::7]:
            kept = keepable(declaration, roll)
            assert Counter(kept) == Counter(declaration.dice) & Counter(roll)
    assert keepable(parse("4,4,4+2,2"), (4, 4, 2, 6, 6)) == (2, 4, 4)
    assert keepable(parse("6,6,6,6,6"), (1, 2, 3, 4, 5)) == ()
