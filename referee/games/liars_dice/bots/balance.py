"""Hand-balanced play for the strong bot: its bids and calls should not give its cup away.

A reader who can evaluate the bot's policy for every hand it might hold keeps a posterior over
its cup; a policy that plays only its best action per hand lets that posterior collapse after a
bid or two. Here the bot plays, for its own hand ``h``,

    π(a | h) = (1 − share) · Q(a | h) + share · B(a | h)

- ``Q`` is a quantal response to its own values: every action within ``slack`` of its best value,
  weighted ``exp((v − best) / TEMPERATURE)`` (so near-ties are mixed, not only exact ties);
- ``B`` is its *range's* play: the average of ``Q`` over every hand the bot could hold given the
  bids it made earlier this round, weighted by the posterior a reader would keep (``range``),
  restricted to the actions not worse than ``bluff_slack`` below its own best. So with a weak
  hand it sometimes makes the bid a strong hand makes (a bluff), and with a strong hand
  sometimes the bid a weak hand makes; the same public action comes from many hands.

The values themselves allow for a reader (``Mix.reads``): a share of each raise's value is what
it wins against a next player who judges it from the bot's *range* after that raise
(``read_counts``: the counts of the face a reader concludes, under the play above), not from a
fixed credit. A raise that only strong hands make is then seen through (its bluffs get called)
and a raise that the range makes with strong and weak hands alike is not, so bluffs go where
the value bids are and value bids where the bluffs are.

Every value the mix needs is a table per action and per own count of the action's face
(``Tables``): the opponents' beliefs do not depend on the bot's hand, so the values of all its
possible hands come at once (numpy rows, one per hand of ``roundgame.hands_of``).

>>> tables = Tables(((1, 5), "liar"), (0, 0), np.array([[0.8, 0.9], [0.2, 0.1]]))
>>> counts = np.array([[0], [1]])                          # two hands: no five, one five
>>> rows = tables.matrix(counts)
>>> rows.tolist()
[[0.8, 0.2], [0.9, 0.1]]
>>> [round(float(p), 3) for p in balanced(rows, np.array([0.5, 0.5]))[0]]  # the best action, and its range's
[1.0, 0.0]
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from referee.games.liars_dice.bots.beliefs import counts_of
from referee.games.liars_dice.bots.roundgame import hands_of
from referee.games.liars_dice.bots.situation import Move, RoundRules

@dataclass(frozen=True)
class Mix:
    """How the policy mixes (module docstring); ``UNBALANCED`` is the strong bot before issue 14:
    only exact ties mixed, no range play."""

    range_share: float = 0.65
    """The share of the policy played as the bot's range plays (``B``)."""
    slack: float = 0.15
    """Actions within this much of the best value take part in ``Q``."""
    temperature: float = 0.05
    """Softmax temperature of ``Q`` over those actions' values."""
    bluff_slack: float = 0.35
    """``B`` plays only actions at most this much below the bot's best value for its own hand."""
    reads: float = 0.3
    """This share of a raise's value is its value against a next player who reads the bot's range
    (``raise_values.read_raise_values``), the rest against one who credits it a fixed number of dice."""
    lookahead: bool = False
    """Re-value the best raises two steps ahead heads-up against a "surest" bidder (``lookahead``): it
    depends on the whole hand, not on one count, so a reader pays it per hand; the balanced bot does not."""


BALANCED = Mix()
UNBALANCED = Mix(range_share=0.0, slack=0.0, temperature=0.02, bluff_slack=0.0, reads=0.0, lookahead=True)


@dataclass(frozen=True)
class Tables:
    """One public position's action values: ``values[a, c]`` is action ``moves[a]``'s value to a hand
    holding ``c`` dice that count for face ``faces[a]`` (an index into the round's faces)."""

    moves: tuple[Move, ...]
    faces: tuple[int, ...]
    values: np.ndarray

    def matrix(self, counts: np.ndarray) -> np.ndarray:
        """Per hand (a row of ``counts``: its own count of every face), every action's value."""
        columns = np.arange(len(self.moves))
        return np.asarray(self.values[columns[None, :], counts[:, list(self.faces)]], dtype=float)


def quantal(values: np.ndarray, mix: Mix = BALANCED) -> np.ndarray:
    """Per row of values, ``Q``: softmax over the actions within ``slack`` of the row's best (−inf: never).

    >>> [round(float(p), 3) for p in quantal(np.array([[0.5, 0.5, 0.1]]))[0]]
    [0.5, 0.5, 0.0]
    """
    best = values.max(axis=1, keepdims=True)
    with np.errstate(invalid="ignore"):
        weights = np.where(values >= best - mix.slack, np.exp((values - best) / mix.temperature), 0.0)
    return np.asarray(weights / weights.sum(axis=1, keepdims=True))


def balanced(values: np.ndarray, range_play: np.ndarray, mix: Mix = BALANCED) -> np.ndarray:
    """Per row of values, ``π``: ``Q`` mixed with ``range_play`` (a distribution over the same actions)
    cut to the actions within ``bluff_slack`` of the row's best; a row that keeps none of it plays ``Q``,
    and a row whose best action cannot lose (value 1: a call of a bid its own dice make impossible)
    plays only its best actions.

    >>> pi = balanced(np.array([[0.9, 0.8, 0.1]]), np.array([0.2, 0.6, 0.2]))[0]
    >>> [round(float(p), 3) for p in pi]                             # 0.8 is close enough to mix and to bluff, 0.1 is not
    [0.471, 0.529, 0.0]
    """
    q = quantal(values, mix)
    if mix.range_share == 0.0:
        return q
    best = values.max(axis=1, keepdims=True)
    cut = np.where(values >= best - mix.bluff_slack, range_play[None, :], 0.0)
    mass = cut.sum(axis=1, keepdims=True)
    share = np.where(mass > 0, cut / np.where(mass > 0, mass, 1.0), q)
    mixed = (1 - mix.range_share) * q + mix.range_share * share
    sure = values >= np.minimum(best, 1.0) - 1e-12                 # a row whose best cannot lose plays only that
    certain = np.where(sure, 1.0, 0.0) / np.where(sure, 1.0, 0.0).sum(axis=1, keepdims=True)
    return np.asarray(np.where(best >= 1.0 - 1e-12, certain, mixed))


def range_play(weights: np.ndarray, values: np.ndarray, mix: Mix = BALANCED) -> np.ndarray:
    """The range's ``Q``: the average of every hand's ``Q`` under the posterior ``weights`` over hands.

    >>> range_play(np.array([1.0, 3.0]), np.array([[1.0, 0.0], [0.0, 1.0]])).tolist()
    [0.25, 0.75]
    """
    return np.asarray(weights @ quantal(values, mix) / weights.sum())


def read_counts(weights: np.ndarray, played: np.ndarray, counts: np.ndarray, faces: Sequence[int],
                dice: int) -> list[np.ndarray]:
    """Per action (a column of ``played``, each hand's chance of playing it): the chance that the bot
    holds each count 0 … ``dice`` of the action's face given that it played it, for hands weighted by
    ``weights`` (what a reader of its policy concludes); the range's counts where no hand plays it.

    >>> counts = np.array([[0], [1]])                                      # two hands: no five, one five
    >>> [c.round(3).tolist() for c in read_counts(np.array([0.5, 0.5]), np.array([[0.2, 0.0], [0.6, 0.0]]), counts, (0, 0), 1)]
    [[0.25, 0.75], [0.5, 0.5]]
    """
    read = []
    for column, face in enumerate(faces):
        made = np.bincount(counts[:, face], weights=weights * played[:, column], minlength=dice + 1)
        if made.sum() <= 0:
            made = np.bincount(counts[:, face], weights=weights, minlength=dice + 1)
        read.append(made / made.sum())
    return read


def hand_counts(dice: int, rules: RoundRules) -> np.ndarray:
    """Per hand of ``dice`` dice (``hands_of`` order): its own count of every face of ``rules.faces``."""
    return _hand_counts(dice, rules)


@lru_cache(maxsize=64)
def _hand_counts(dice: int, rules: RoundRules) -> np.ndarray:
    counts = np.array(counts_of(dice, rules), dtype=np.intp)
    counts.setflags(write=False)
    return counts


@lru_cache(maxsize=16)
def _hand_indices(dice: int) -> dict[tuple[int, ...], int]:
    return {hand: i for i, (hand, _) in enumerate(hands_of(dice))}


def hand_index(dice: int, hand: Sequence[int]) -> int:
    """The row of ``hand`` among the hands of ``dice`` dice (``hands_of`` order).

    >>> hand_index(2, [2, 1]), hands_of(2)[hand_index(2, [2, 1])][0]
    (1, (1, 2))
    """
    return _hand_indices(dice)[tuple(sorted(hand))]
