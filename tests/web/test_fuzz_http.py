"""The HTTP routes fed hostile requests: bodies of any JSON (or none, or not JSON at all), nested
deeper than the decoder goes, huge integers, unicode edge cases; paths and queries with odd
ids, other tables' ids included. Every answer is below 500; ``POST /api/tables`` answers JSON
with a stable code; nothing outside the new table changes.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from referee.table.fair_dealer import FairDealer
from tests.gm.support import SIGNER
from tests.support.app import Harness, make_harness
from tests.support.properties import examples
from tests.web.fuzzing import FIELDS, HUGE, json_values, texts

CODE = re.compile(r"[a-z_]+/[a-z_]+")
BODY_FIELDS = ["name", "rules", "bots", "start", "referee", "gm", "lang", "count", "level", *FIELDS]
RULES = ["dice_per_player", "max_players", "wild_ones", "bids_on_ones", "raise_rule", "challenge", "spot_on",
         "palifico", "loss", "duel_dice", "first_opener", "turn_timer_s", "preset", "cheating", "blind", "check_die",
         "whisper_format"]


@pytest.fixture(scope="module")
def harness() -> Iterator[Harness]:
    yield make_harness(FairDealer(SIGNER))


values = st.one_of(json_values, texts, st.sampled_from(HUGE))
objects = st.dictionaries(st.sampled_from(RULES + BODY_FIELDS), values, max_size=5)
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries({"name": texts}, optional={"rules": st.one_of(objects, values),
                                                     "bots": st.one_of(objects, values), "start": values, "lang": values}),
    st.fixed_dictionaries({"referee": st.one_of(st.fixed_dictionaries({"name": texts}), values)},
                          optional={"rules": st.one_of(objects, values), "gm": st.one_of(objects, values)}),
)
raw_bodies = st.one_of(
    st.binary(max_size=40),
    st.integers(100, 30_000).map(lambda depth: b'{"name": "A", "rules": ' + b"[" * depth + b"]" * depth + b"}"),
    st.integers(101, 5000).map(lambda digits: b'{"name": "A", "bots": {"count": ' + b"7" * digits + b"}}"),
    st.sampled_from([b"", b"null", b"{", b'{"name": "\\ud800"}', b"\xff\xfe", b'{"name": NaN}', b"[1e999]"]),
)


@settings(max_examples=examples(300), deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
@given(body=st.one_of(bodies.map(lambda value: ("json", value)), raw_bodies.map(lambda raw: ("raw", raw))),
       content_type=st.sampled_from(["application/json", "application/json; charset=utf-8", "text/plain", None]))
def test_creating_a_table_from_any_body_answers_json_with_a_stable_code(harness, body, content_type):
    http = harness.app.test_client()
    kind, value = body
    if kind == "json" and content_type is not None:
        reply = http.post("/api/tables", json=value, headers={"Content-Type": content_type})
    else:
        reply = http.post("/api/tables", data=value if kind == "raw" else b"", content_type=content_type)
    assert reply.status_code in (201, 400), (body, reply.status_code, reply.get_data()[:200])
    answer = reply.get_json()
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
    if reply.status_code == 400:
        assert answer["ok"] is False and CODE.fullmatch(answer["code"]) and answer["message"], answer
    else:
        assert answer["ok"] is True and harness.app.extensions["tavern"].tables.find(answer["table"]) is not None


ids = st.one_of(st.text(alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="/?#%"),
                        min_size=1, max_size=30), st.sampled_from(["..", "%2e%2e", "a" * 500, "0", "-1"]))
routes = st.sampled_from(["/t/{id}", "/t/{id}/audit.json", "/t/{id}/audit", "/t/{id}/referee",
                          "/t/{id}/scoreboard.json", "/t/{id}/scoreboard.csv"])
queries = st.one_of(st.just(""), st.builds(lambda key, value: f"?{key}={value}",
                                           st.sampled_from(["game", "download", "x"]),
                                           st.one_of(st.integers(), st.sampled_from(HUGE), st.text(max_size=8))))


@settings(max_examples=examples(300), deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(route=routes, table_id=st.one_of(ids, st.just("<known>"), st.just("<refereed>")), query=queries)
def test_every_page_and_export_answers_below_500_for_any_id(harness, route, table_id, query):
    http = harness.app.test_client()
    if table_id in ("<known>", "<refereed>"):
        body = {"name": "Anna"} if table_id == "<known>" else {"referee": {"name": "M"}}
        table_id = http.post("/api/tables", json=body).get_json()["table"]
    reply = http.get(route.format(id=table_id) + query)
    assert reply.status_code < 500, (route, table_id, query, reply.status_code)
    if route.endswith(".json") and reply.status_code == 404:
        assert CODE.fullmatch(reply.get_json()["code"])
