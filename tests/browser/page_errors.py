"""Every uncaught error and console error of a page, collected while a test plays, for a test that
must fail on any of them (a whole game of either family: tests/browser/test_liars_dice_whole_game.py and
tests/browser/test_poker_replay.py, which also follows every replay and audit page it opens).

    errors = PageErrors.watch(page)
    ...                                 # play
    errors.assert_none("a whole game")  # fails listing each error with where it came from

>>> PageErrors().problems
[]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class PageErrors:
    """The uncaught exceptions (``pageerror``) and ``console.error`` lines a page produced."""

    problems: list[str] = field(default_factory=list)

    @classmethod
    def watch(cls, page: Any) -> PageErrors:
        """Start collecting ``page``'s errors (call before the page loads what it should not break)."""
        return cls().follow(page)

    def follow(self, page: Any) -> PageErrors:
        """Collect ``page``'s errors here too (one collector may follow several pages)."""
        page.on("pageerror", lambda error: self.problems.append(f"uncaught: {error} ({page.url})"))
        page.on("console", self._console)
        return self

    def _console(self, message: Any) -> None:
        if message.type == "error":
            where = message.location or {}
            self.problems.append(f"console.error: {message.text} ({where.get('url', '?')}:{where.get('lineNumber', '?')})")

    def assert_none(self, during: str) -> None:
        assert not self.problems, f"page errors during {during}:\n" + "\n".join(self.problems)
