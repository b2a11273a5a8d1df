"""The rules families, one package each: ``liars_dice`` (RULES.md A) and ``poker_bluff`` (RULES.md B).

A family's package holds everything about its game: its pure rules (``rules/``), its fold of its
own log entries, its commands at a table, its views, its verifier and replay, its bots and arena,
its socket payloads. The shared floors (``referee.table``, ``referee.fairness``, ``referee.gm``,
``referee.store``, ``referee.web``) reach a family only through ``referee.games.registry``
(docs/families.md).
"""
