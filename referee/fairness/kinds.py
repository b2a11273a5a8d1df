"""The event-log entry kinds the fairness protocol writes and the verifier reads.

The table appends exactly these kinds with exactly these parts;
docs/fairness.md gives every field. The verifier also reads ``attempt_submitted`` (the attempts a draw
may serve) and ignores every other kind except for the log's hash chain, which covers all entries.

================ ============================================ =================================
kind             public part                                  secret part
================ ============================================ =================================
game_opened      ``Opening.manifest`` (signed)                ``Opening.secret`` (never exported)
seed_contributed ``{round, seat, seed}`` (a person's seed)    none
round_dealt      ``Deal.public`` (signed Merkle root)         ``Deal.secret`` (exported once revealed)
die_changed      ``DieChange.public`` {game, round}           ``DieChange.secret`` {seat, index, value, ...}
round_revealed   ``reveal(...)`` {game, round, x, hands, ..}  none
draw_seed        ``{draw, seat, seed}`` (a person's draw seed) none
draw_committed   ``Draw.public`` (signed Merkle root)         ``Draw.secret`` (exported once revealed)
draw_revealed    ``reveal_draw(...)``                         none
================ ============================================ =================================

>>> ROUND_DEALT, ROUND_REVEALED
('round_dealt', 'round_revealed')
"""
from __future__ import annotations

GAME_OPENED = "game_opened"
SEED_CONTRIBUTED = "seed_contributed"
ROUND_DEALT = "round_dealt"
DIE_CHANGED = "die_changed"
ROUND_REVEALED = "round_revealed"
DRAW_SEED = "draw_seed"
DRAW_COMMITTED = "draw_committed"
DRAW_REVEALED = "draw_revealed"

