"""Declarations of poker-dice bluff (RULES.md B3): the seven kinds, their shapes, parsing, the
canonical text and JSON forms, the order, and which declarations a cup of dice holds.

A declaration names dice: one group per listed face, of the sizes its kind's shape gives
(pair + one: two of a face and one die of another face). It is true of a cup when the cup
holds every die it names (the named dice are a sub-multiset of the cup). Declarations of one
kind compare by their listed faces left to right; a stronger kind beats every weaker one.

>>> parse("4,4+6")
Declaration(kind='pair', faces=(4, 6))
>>> parse("3,3+5,5+6").text, parse("3x2+5").text
('5,5+3,3+6', '2,2,2+5')
>>> parse("4,4+6") < parse("2,2+3,3+1") < parse("2,2,2+1")
True
>>> parse("4,4+6").is_in((6, 4, 1, 4, 2)), parse("4,4+6").is_in((4, 6, 6, 1, 2))
(True, False)
>>> parse("5,5+5,5+6")
Traceback (most recent call last):
...
referee.rules.errors.MalformedAction: two pairs need two different faces: 5,5+5,5+6 names 5 twice
"""
from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache, total_ordering
from itertools import permutations
from typing import Any

from referee.rules.errors import MalformedAction

SHAPES: dict[str, tuple[int, ...]] = {
    "single": (1,),
    "pair": (2, 1),
    "two_pairs": (2, 2, 1),
    "three": (3, 1),
    "full_house": (3, 2),
    "four": (4, 1),
    "five": (5,),
}
"""Every kind, weakest first, with its group sizes in the order its faces are listed."""
KINDS: tuple[str, ...] = tuple(SHAPES)
FACES = (1, 2, 3, 4, 5, 6)
_GROUP = re.compile(r"^(?:(\d)\s*[x×*]\s*(\d)s?|(\d(?:\s*,\s*\d)*))$")


@total_ordering
@dataclass(frozen=True, slots=True)
class Declaration:
    """A well-formed declaration: its ``kind`` and one face per group, in the listed order (the two
    pairs of ``two_pairs`` higher pair first). Anything else raises ``MalformedAction``.

    >>> Declaration("full_house", (4, 2)).dice
    (4, 4, 4, 2, 2)
    >>> Declaration("pair", (4, 4))
    Traceback (most recent call last):
    ...
    referee.rules.errors.MalformedAction: the odd die must differ from every group: 4,4+4 has its odd die in a group
    """

    kind: str
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in SHAPES:
            raise MalformedAction("declaration/kind", f"a declaration's kind is one of {', '.join(KINDS)}, "
                                                      f"not {self.kind!r}")
        shape = SHAPES[self.kind]
        if not isinstance(self.faces, tuple) or len(self.faces) != len(shape):
            raise MalformedAction("declaration/shape", f"{self.kind} names {len(shape)} face(s), got {self.faces!r}")
        if any(isinstance(f, bool) or not isinstance(f, int) or f not in FACES for f in self.faces):
            raise MalformedAction("declaration/face", f"faces are integers from 1 to 6, got {list(self.faces)!r}")
        _check_distinct(self.kind, self.faces)

    @property
    def groups(self) -> tuple[tuple[int, int], ...]:
        """``(size, face)`` of every group, in the listed order.

        >>> Declaration("two_pairs", (5, 3, 6)).groups
        ((2, 5), (2, 3), (1, 6))
        """
        return tuple(zip(SHAPES[self.kind], self.faces))

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice the declaration names, group by group."""
        return tuple(face for size, face in self.groups for _ in range(size))

    @property
    def rank(self) -> tuple[int, tuple[int, ...]]:
        """The sort key of B3: the kind's place (weakest 0), then the listed faces left to right."""
        return KINDS.index(self.kind), self.faces

    @property
    def text(self) -> str:
        """The canonical text form, groups joined by ``+``: ``6``, ``4,4+6``, ``5,5+3,3+6``."""
        return "+".join(",".join([str(face)] * size) for size, face in self.groups)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"kind", "faces"}``.

        >>> parse("2,2,2+5").to_dict()
        {'kind': 'three', 'faces': [2, 5]}
        """
        return {"kind": self.kind, "faces": list(self.faces)}

    def is_in(self, dice: Iterable[int]) -> bool:
        """True when ``dice`` hold every die the declaration names (a sub-multiset)."""
        return not Counter(self.dice) - Counter(dice)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Declaration):
            return NotImplemented
        return self.rank < other.rank


def _check_distinct(kind: str, faces: tuple[int, ...]) -> None:
    text = "+".join(",".join([str(face)] * size) for size, face in zip(SHAPES[kind], faces))
    if kind == "two_pairs" and faces[0] == faces[1]:
        raise MalformedAction("declaration/equal_pairs", f"two pairs need two different faces: {text} names "
                                                         f"{faces[0]} twice")
    if kind == "full_house" and faces[0] == faces[1]:
        raise MalformedAction("declaration/equal_groups", f"a full house's pair differs from its three: {text} "
                                                          f"is five of a kind")
    if len(faces) > 1 and SHAPES[kind][-1] == 1 and faces[-1] in faces[:-1]:
        raise MalformedAction("declaration/odd_die", f"the odd die must differ from every group: {text} has "
                                                     f"its odd die in a group")
    if kind == "two_pairs" and faces[0] < faces[1]:
        raise MalformedAction("declaration/pair_order", f"two pairs list the higher pair first: "
                                                        f"{faces[1]},{faces[1]}+{faces[0]},{faces[0]}+{faces[2]}, "
                                                        f"not {text}")


def from_groups(groups: Sequence[tuple[int, int]], said: str) -> Declaration:
    """The declaration made of ``(size, face)`` groups in any order; ``said`` quotes the input in errors.

    >>> from_groups([(1, 6), (2, 4)], "6+4,4")
    Declaration(kind='pair', faces=(4, 6))
    """
    ordered = sorted(groups, key=lambda group: (-group[0], -group[1]))
    sizes = tuple(size for size, _ in ordered)
    for kind, shape in SHAPES.items():
        if shape == sizes:
            return Declaration(kind, tuple(face for _, face in ordered))
    shapes = ", ".join("+".join(map(str, shape)) for shape in SHAPES.values())
    raise MalformedAction("declaration/shape", f"{said!r} has groups of {'+'.join(map(str, sizes)) or 'nothing'}; "
                                               f"a declaration is one of {shapes}")


def parse(text: Any) -> Declaration:
    """A declaration from text: groups joined by ``+``, each ``4,4`` or ``2x4`` (``3×2s`` too), in any order.

    >>> parse("6").kind, parse(" 2,2,2 + 5 ").text, parse("6+4x3s").text
    ('single', '2,2,2+5', '3,3,3,3+6')
    >>> parse("4,5+6")
    Traceback (most recent call last):
    ...
    referee.rules.errors.MalformedAction: a group is one face repeated: '4,5' is not
    """
    if not isinstance(text, str) or not text.strip():
        raise MalformedAction("declaration/malformed", f"a declaration is text such as '4,4+6', got {text!r}")
    groups: list[tuple[int, int]] = []
    for part in text.split("+"):
        match = _GROUP.match(part.strip())
        if match is None:
            raise MalformedAction("declaration/malformed", f"{part.strip()!r} is not a group of dice such as "
                                                           f"'4,4' or '2x4' (in {text!r})")
        count, face, listed = match.groups()
        values = [int(face)] * int(count) if listed is None else [int(v) for v in listed.split(",")]
        if len(set(values)) != 1:
            raise MalformedAction("declaration/malformed", f"a group is one face repeated: {part.strip()!r} is not")
        if values[0] not in FACES:
            raise MalformedAction("declaration/face", f"faces are 1 to 6, not {values[0]} (in {text!r})")
        groups.append((len(values), values[0]))
    return from_groups(groups, text)


def from_dict(data: Any) -> Declaration:
    """A declaration from its JSON form ``{"kind", "faces"}``, faces in the listed order (two pairs: the
    higher pair first, as the browser's port reads them; the table logs only that form).

    >>> from_dict({"kind": "two_pairs", "faces": [5, 3, 6]}).text
    '5,5+3,3+6'
    >>> from_dict({"kind": "two_pairs", "faces": [3, 5, 6]})
    Traceback (most recent call last):
    ...
    referee.rules.errors.MalformedAction: two pairs list the higher pair first: 5,5+3,3+6, not 3,3+5,5+6
    >>> from_dict({"kind": "pair"})
    Traceback (most recent call last):
    ...
    referee.rules.errors.MalformedAction: a declaration is {"kind", "faces"}, got {'kind': 'pair'}
    """
    if not isinstance(data, dict) or set(data) != {"kind", "faces"} or not isinstance(data["faces"], list):
        raise MalformedAction("declaration/malformed", f'a declaration is {{"kind", "faces"}}, got {data!r}')
    return Declaration(data["kind"], tuple(data["faces"]))


def from_dice(dice: Iterable[int]) -> Declaration:
    """The declaration whose named dice are exactly ``dice`` (in any order).

    >>> from_dice([2, 3, 3, 2, 3]).text
    '3,3,3+2,2'
    >>> from_dice([4, 6])
    Traceback (most recent call last):
    ...
    referee.rules.errors.MalformedAction: '4,6' has groups of 1+1; a declaration is one of 1, 2+1, 2+2+1, 3+1, 3+2, 4+1, 5
    """
    values = list(dice)
    if any(isinstance(d, bool) or not isinstance(d, int) or d not in FACES for d in values):
        raise MalformedAction("declaration/face", f"dice are integers from 1 to 6, got {values!r}")
    groups = [(size, face) for face, size in Counter(values).items()]
    return from_groups(groups, ",".join(map(str, values)))


def _every_declaration() -> tuple[Declaration, ...]:
    found = []
    for kind, shape in SHAPES.items():
        for faces in permutations(FACES, len(shape)):
            if kind == "two_pairs" and faces[0] < faces[1]:
                continue
            found.append(Declaration(kind, faces))
    return tuple(sorted(found))


ALL: tuple[Declaration, ...] = _every_declaration()
"""Every well-formed declaration, weakest first (192 of them)."""
HIGHEST: Declaration = ALL[-1]
"""Five sixes: nothing beats it, so it can only be doubted."""
_RANKS = [declaration.rank for declaration in ALL]


def higher_than(last: Declaration | None) -> tuple[Declaration, ...]:
    """Every declaration that beats ``last`` (all of them before the first), weakest first.

    >>> len(higher_than(None)), higher_than(parse("6,6,6,6+5"))
    (192, (Declaration(kind='five', faces=(1,)), Declaration(kind='five', faces=(2,)), Declaration(kind='five', faces=(3,)), Declaration(kind='five', faces=(4,)), Declaration(kind='five', faces=(5,)), Declaration(kind='five', faces=(6,))))
    >>> higher_than(HIGHEST)
    ()
    """
    if last is None:
        return ALL
    return ALL[bisect.bisect_right(_RANKS, last.rank):]


def declarations_in(dice: Iterable[int]) -> tuple[Declaration, ...]:
    """Every declaration true of ``dice``, weakest first (remembered per multiset: bots ask often).

    >>> [d.text for d in declarations_in((6, 6, 6, 6, 6))]
    ['6', '6,6,6,6,6']
    """
    return _held(tuple(sorted(dice)))


def _face_counts(dice: Iterable[int]) -> tuple[int, ...]:
    counts = Counter(dice)
    return tuple(counts[face] for face in FACES)


_NEEDS = [_face_counts(declaration.dice) for declaration in ALL]


@lru_cache(maxsize=None)
def _held(dice: tuple[int, ...]) -> tuple[Declaration, ...]:
    have = _face_counts(dice)
    return tuple(d for d, need in zip(ALL, _NEEDS) if all(n <= h for n, h in zip(need, have)))


def keepable(declaration: Declaration, cup: Iterable[int]) -> tuple[int, ...]:
    """The dice of ``cup`` that belong to ``declaration`` (the multiset intersection), sorted.

    >>> keepable(parse("4,4+6"), (4, 1, 6, 6, 2))
    (4, 6)
    """
    return tuple(sorted((Counter(declaration.dice) & Counter(cup)).elements()))
