"""Counterfactual regret minimisation (CFR+) for heads-up endgames, and the strategy file it writes.

The solver walks the public bid tree once per iteration with every hand at once (vectors of
reach probabilities per hand), keeps CFR+ regrets per information set (own hand, bid
history) and a linearly weighted average strategy. The average strategy approaches a Nash
equilibrium; the strong bot plays it in the endgames it covers.

Regenerate the checked-in file with one command:

    python -m referee.bots.cfr --out referee/bots/endgame_strategy.json

>>> from .roundgame import RoundGame, best_response
>>> game = RoundGame((1, 1), wild=True)
>>> table = solve(game, iterations=100)
>>> play = as_strategy(game, table)
>>> best_response(game, play, 0) + best_response(game, play, 1) < 0.1   # 2 × exploitability
True
"""
from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from .base import LIAR
from .roundgame import History, RoundGame, Strategy, best_response

ENDGAMES = ((1, 1),)
"""Dice (opener, other) of the endgames solved; 2 v 1 and larger trees are too big for pure Python."""


class Solver:
    """CFR+ state for one round game: regrets and average strategy per (history, hand, action)."""

    def __init__(self, game: RoundGame) -> None:
        self.game = game
        self.regrets: dict[History, list[list[float]]] = {}
        self.average: dict[History, list[list[float]]] = {}
        self.weight = 0.0

    def iterate(self, weight: float) -> None:
        """One CFR+ pass over the whole tree; ``weight`` scales this pass in the average strategy."""
        reach = [[w for _, w in hands] for hands in self.game.hands]
        self._walk((), reach, weight)
        self.weight += weight

    def _current(self, history: History, size: int, hands: int) -> list[list[float]]:
        regrets = self.regrets.setdefault(history, [[0.0] * size for _ in range(hands)])
        strategy = []
        for row in regrets:
            total = sum(row)
            strategy.append([r / total for r in row] if total > 0 else [1.0 / size] * size)
        return strategy

    def _walk(self, history: History, reach: list[list[float]], weight: float) -> list[list[float]]:
        game = self.game
        player = len(history) % 2
        actions = game.actions(history)
        hands = len(game.hands[player])
        sigma = self._current(history, len(actions), hands)
        child_values = []
        for a, action in enumerate(actions):
            child_reach = list(reach)
            child_reach[player] = [r * s[a] for r, s in zip(reach[player], sigma)]
            if action == LIAR:
                child_values.append(list(game.call_values(history, child_reach)))
            else:
                child_values.append(self._walk(history + (action,), child_reach, weight))
        values: list[list[float]] = [[0.0] * len(game.hands[0]), [0.0] * len(game.hands[1])]
        for a, child in enumerate(child_values):
            for i in range(hands):
                values[player][i] += sigma[i][a] * child[player][i]
            other = values[1 - player]
            for j, v in enumerate(child[1 - player]):
                other[j] += v
        regrets = self.regrets[history]
        average = self.average.setdefault(history, [[0.0] * len(actions) for _ in range(hands)])
        for i in range(hands):
            for a, child in enumerate(child_values):
                regrets[i][a] = max(0.0, regrets[i][a] + child[player][i] - values[player][i])
                average[i][a] += weight * reach[player][i] * sigma[i][a]
        return values

    def table(self, floor: float = 0.002, rare: float = 1e-5) -> dict[str, dict[str, float]]:
        """The average strategy as ``{infoset key: {action key: probability}}``.

        Information sets the player reaches by its own play less often than ``rare`` (on
        average) are left out; actions below ``floor`` are dropped and the rest renormalised
        (rounded to 4 places).
        """
        result = {}
        for history, rows in self.average.items():
            actions = self.game.actions(history)
            player = len(history) % 2
            for i, row in enumerate(rows):
                total = sum(row)
                if total <= rare * self.weight:
                    continue
                kept = {a: w / total for a, w in zip(actions, row) if w / total >= floor}
                norm = sum(kept.values())
                hand = self.game.hands[player][i][0]
                result[infoset_key(self.game, hand, history)] = {
                    action_key(self.game, a): round(p / norm, 4) for a, p in kept.items()}
        return result


def solve(game: RoundGame, iterations: int) -> dict[str, dict[str, float]]:
    """Run CFR+ with linear averaging and return the average strategy table."""
    solver = Solver(game)
    for t in range(1, iterations + 1):
        solver.iterate(weight=t)
    return solver.table()


def infoset_key(game: RoundGame, hand: Sequence[int], history: History) -> str:
    """``"<hand>|<bids>"``, e.g. ``"3|1x4,2x2"``: what the player to act knows.

    >>> infoset_key(RoundGame((1, 1), wild=True), (3,), (2, 5))
    '3|1x4,2x2'
    """
    bids = ",".join(action_key(game, b) for b in history)
    return "".join(map(str, sorted(hand))) + "|" + bids


def action_key(game: RoundGame, action: int | str) -> str:
    """``"liar"`` or ``"<quantity>x<face>"``."""
    if action == LIAR:
        return LIAR
    quantity, face = game.bids[action]  # type: ignore[index]
    return f"{quantity}x{face}"


def as_strategy(game: RoundGame, table: dict[str, dict[str, float]]) -> Strategy:
    """The table as a ``roundgame.Strategy`` (uniform where the table has no entry)."""
    index = {action_key(game, a): a for a in range(len(game.bids))} | {LIAR: LIAR}

    def strategy(player: int, hand: int, history: History) -> dict:
        entry = table.get(infoset_key(game, game.hands[player][hand][0], history))
        if entry is None:
            actions = game.actions(history)
            return {a: 1 / len(actions) for a in actions}
        return {index[k]: p for k, p in entry.items()}
    return strategy


def game_name(dice: tuple[int, int], wild: bool) -> str:
    """The strategy file's name for an endgame, e.g. ``"1v1-wild"``."""
    return f"{dice[0]}v{dice[1]}-{'wild' if wild else 'plain'}"


def main(argv: Sequence[str] | None = None) -> int:
    """Solve every endgame and write the strategy file; prints each table's exploitability."""
    parser = argparse.ArgumentParser(prog="python -m referee.bots.cfr")
    parser.add_argument("--out", required=True)
    parser.add_argument("--iterations", type=int, default=1000)
    args = parser.parse_args(argv)
    games = {}
    for dice in ENDGAMES:
        for wild in (True, False):
            game = RoundGame(dice, wild)
            table = solve(game, args.iterations)
            play = as_strategy(game, table)
            gap = (best_response(game, play, 0) + best_response(game, play, 1)) / 2
            print(f"{game_name(dice, wild)}: {len(table)} information sets, exploitability {gap:.5f}")
            games[game_name(dice, wild)] = table
    with open(args.out, "w", encoding="utf-8") as out:
        json.dump({"solver": "CFR+", "iterations": args.iterations, "games": games}, out,
                  sort_keys=True, separators=(",", ":"))
        out.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
