"""Token buckets: how many events (or new tables) one connection, seat token or address may spend.

>>> ticks = iter([0.0, 0.0, 0.0, 0.0, 10.0])
>>> budgets = Budgets(capacity=2, per_second=0.1, clock=lambda: next(ticks))
>>> [budgets.take("anna") for _ in range(3)], budgets.take("anna")
([True, True, False], True)
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

Clock = Callable[[], float]


@dataclass(slots=True)
class RateBucket:
    """A token bucket: ``capacity`` events at once, refilled at ``per_second``; a capacity of 0
    never refuses (slots: a process holds one or two per player).

    >>> bucket = RateBucket(capacity=2, per_second=0.0)
    >>> bucket.take(), bucket.take(), bucket.take()
    (True, True, False)
    """

    capacity: float = 30.0
    per_second: float = 10.0
    clock: Clock = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.capacity
        self.stamp = self.clock()

    def take(self) -> bool:
        """Spend one token; False when the bucket is empty."""
        if self.capacity <= 0:
            return True
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def is_full(self) -> bool:
        """True when the bucket has refilled completely (nobody spent from it lately)."""
        self._refill()
        return self.tokens >= self.capacity

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.per_second)
        self.stamp = now


class Budgets:
    """One ``RateBucket`` per key (a seat token's digest, an address), all of one size.

    At most ``keep`` buckets are remembered: past that, the full ones (idle keys) are forgotten,
    which costs their owners nothing since a new bucket starts full.
    """

    def __init__(self, capacity: float, per_second: float, clock: Clock = time.monotonic, keep: int = 4096) -> None:
        self._capacity = capacity
        self._per_second = per_second
        self._clock = clock
        self._keep = keep
        self._buckets: dict[str, RateBucket] = {}
        self._lock = threading.Lock()

    def bucket(self, key: str) -> RateBucket:
        """The bucket of ``key`` (a new, full one for a key not seen lately)."""
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                if len(self._buckets) >= self._keep:
                    self._buckets = {k: b for k, b in self._buckets.items() if not b.is_full()}
                bucket = self._buckets[key] = RateBucket(self._capacity, self._per_second, self._clock)
            return bucket

    def take(self, key: str) -> bool:
        """Spend one token of ``key``'s bucket; False when it is empty."""
        bucket = self.bucket(key)
        with self._lock:
            return bucket.take()
