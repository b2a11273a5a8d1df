"""Each player's private results, as short sentences the referee relays through the whisper lines.

A result is a catalogue key with its parameters, worded by ``translate`` (the referee page's
language): the player's dice this round (not for a blind referee), and for each cheat
attempt of the running game its check and its effect. An effect that shows a die is left out
for a blind referee until its round is revealed.

>>> from referee.gm.attempts import Attempt, Check
>>> attempt = Attempt(1, 0, 1, 1, "telekinesis", 2, None, 6, "…", "succeeded",
...                   Check.of(difficulty=10, modifier=1, sides=20, roll=12, draw=1), None,
...                   {"seat": 0, "index": 2, "value": 6})
>>> [key for key, _ in attempt_results(attempt, {0: "Anna"}, hide_dice=False)]
['whisper.check', 'whisper.effect.telekinesis']
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .attempts import Attempt

Translate = Callable[..., str]
Result = tuple[str, dict[str, Any]]


def dice_result(dice: list[int]) -> Result:
    """The player's dice this round."""
    return "whisper.dice", {"dice": " ".join(str(d) for d in dice)}


def attempt_results(attempt: Attempt, names: Mapping[int, str], *, hide_dice: bool) -> list[Result]:
    """What the player of ``attempt`` learns: its check, then its effect or the referee's consequence."""
    check = attempt.check
    if check is None:
        return []
    results: list[Result] = [("whisper.check", {
        "kind": attempt.kind, "roll": check.roll, "modifier": f"{check.modifier:+d}", "total": check.total,
        "difficulty": check.difficulty, "sides": check.sides, "success": check.success})]
    effect = attempt.effect or {}
    if attempt.status == "succeeded" and attempt.kind != "other" and not (hide_dice and attempt.kind != "loaded_die"):
        target = effect.get("seat")
        results.append((f"whisper.effect.{attempt.kind}", {
            "die": int(effect.get("index", 0)) + 1, "value": effect.get("value"),
            "name": names.get(target, f"#{target}") if isinstance(target, int) else ""}))
    if attempt.status == "failed" and attempt.consequence == "penalty":
        results.append(("whisper.penalty", {}))
    return results


def worded(results: list[Result], translate: Translate) -> list[str]:
    """The results as sentences; a check's kind and outcome are worded too."""
    sentences = []
    for key, params in results:
        if key == "whisper.check":
            params = {**params, "kind": translate(f"cheat.kind.{params['kind']}"),
                      "outcome": translate("whisper.success" if params["success"] else "whisper.failure")}
        sentences.append(translate(key, **params))
    return sentences
