"""The table's dealer over ``referee.fairness``: committed, signed, auditable dice.

>>> from referee.fairness.keys import Signer
>>> dealer = FairDealer(Signer.from_private_bytes(bytes(32)))
>>> opening = dealer.open_game("t1", 1, {"dice_per_player": 2}, [0, 1], people=[0])
>>> dealt = dealer.deal(opening, 1, {0: 2, 1: 2}, [], {0: "not_connected"})
>>> dealer.private_for(dealt.secret, dealt.public, 0)["dice"] == dealt.hands[0]
True
>>> dealer.reveal(opening, dealt.secret, [])["hands"]["1"] == dealt.hands[1]
True
"""
from __future__ import annotations

from typing import Any

from referee.fairness import dealer as fair
from referee.fairness import draws
from referee.fairness.keys import Signer, load_or_create_signing_key
from referee.fairness.secrets_chain import DRAW_SLOTS

from .dealing import Dealt, Drawn

Opening = tuple[dict[str, Any], dict[str, Any]]


class FairDealer:
    """Deals every round from the game's hash chain and the players' seeds, signed by ``signer``."""

    def __init__(self, signer: Signer) -> None:
        self.signer = signer

    @classmethod
    def from_key_file(cls, path: str) -> "FairDealer":
        """A dealer signing with the server's long-lived key (created on first start)."""
        return cls(load_or_create_signing_key(path))

    def open_game(self, table_id: str, game_no: int, rules: dict[str, Any], seats: list[int],
                  people: list[int], draw_slots: int = DRAW_SLOTS) -> Opening:
        opening = fair.open_game(self.signer, table_id, game_no, rules, seats, people=people, draw_slots=draw_slots)
        return opening.manifest, opening.secret

    def deal(self, opening: Opening, round_no: int, counts: dict[int, int], seeds: list[dict[str, Any]],
             missing: dict[int, str]) -> Dealt:
        manifest, secret = opening
        dealt = fair.deal(self.signer, secret, manifest, round_no, counts, seeds, missing)
        return Dealt(dealt.hands, dealt.public, dealt.secret)

    def reveal(self, opening: Opening, deal_secret: dict[str, Any], changes: list[dict[str, Any]]) -> dict[str, Any]:
        return fair.reveal(opening[1], deal_secret, changes)

    def private_for(self, deal_secret: dict[str, Any], deal_public: dict[str, Any], seat: int) -> dict[str, Any]:
        return fair.Deal(deal_public, deal_secret).private_for(seat)

    def draw(self, opening: Opening, draw_no: int, purpose: dict[str, Any], items: list[tuple[str, int]],
             seeds: list[dict[str, Any]], missing: dict[int, str]) -> Drawn:
        drawn = draws.draw(self.signer, opening[1], opening[0], draw_no, purpose, list(items), seeds, missing)
        return Drawn(drawn.public, drawn.secret, drawn.values)

    def reveal_draw(self, opening: Opening, draw_secret: dict[str, Any]) -> dict[str, Any]:
        return draws.reveal_draw(opening[1], draw_secret)

    def die_disclosure(self, deal_secret: dict[str, Any], deal_public: dict[str, Any], seat: int,
                       index: int) -> dict[str, Any]:
        return fair.Deal(deal_public, deal_secret).die_disclosure(seat, index)
