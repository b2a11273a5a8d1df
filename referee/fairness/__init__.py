"""Fairness: the only place in the project that makes randomness.

Committed rolls for Liar's Dice tables: an Ed25519 server key, a reverse hash chain of
round secrets, HMAC-derived dice with rejection sampling, RFC 6962 Merkle commitments,
draws for every other random outcome, the public audit export and its verifier. The
protocol is specified in docs/fairness.md.
"""
from referee.fairness.dealer import Deal, DealError, DieChange, Opening, apply_changes, deal, die_change, open_game, reveal
from referee.fairness.draws import Draw, draw, reveal_draw
from referee.fairness.encoding import FairnessError
from referee.fairness.export import EXPORT_FORMAT, build_export
from referee.fairness.keys import Signer, fingerprint, load_or_create_signing_key, verify_signature
from referee.fairness.report import Check, Report
from referee.fairness.verify import load_export, verify_export, verify_main

__all__ = [
    "EXPORT_FORMAT",
    "Check",
    "Deal",
    "DealError",
    "DieChange",
    "Draw",
    "FairnessError",
    "Opening",
    "Report",
    "Signer",
    "apply_changes",
    "build_export",
    "deal",
    "die_change",
    "draw",
    "fingerprint",
    "load_export",
    "load_or_create_signing_key",
    "open_game",
    "reveal",
    "reveal_draw",
    "verify_export",
    "verify_main",
    "verify_signature",
]
