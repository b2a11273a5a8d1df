"""Fairness: the only place in the project that makes randomness.

Committed dice and draws: an Ed25519 server key (``keys``), a reverse hash chain of round
secrets and HMAC-derived dice with rejection sampling (``dealer``, ``stream``), RFC 6962 Merkle
commitments (``merkle``), draws for every other random outcome (``draws``, ``purposes``), the
public audit export (``export``) and its verifier (``verify``). The protocol is specified in
docs/fairness.md. This file loads nothing: each part is imported from its own module, so a rules
family's verifier can use the floors below ``verify`` without loading it.
"""
