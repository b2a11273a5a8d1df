"""Each bundled page preloads only its share of the catalogue, and that share holds every key its
scripts name literally: a key a page asks for is never missing from what it was sent."""
from __future__ import annotations

import json
import re
from pathlib import Path

from referee.config import Config
from referee.table.scheduler import ManualScheduler
from referee.web.app import create_app
from referee.web.bundle import PAGES, reached
from referee.web.i18n import LANGUAGES, catalog, catalog_assets
from tests.support.dealers import PlainDealer

STATIC = Path(__file__).resolve().parents[2] / "static"
SOURCES = {path.relative_to(STATIC).as_posix(): path.read_bytes() for path in (STATIC / "js").rglob("*.js")}
KEY = re.compile(r"""\bt\(\s*["'`]([a-z_]+\.[\w./-]+)["'`]""")


def test_every_key_a_pages_scripts_ask_for_by_name_is_in_its_share() -> None:
    made = catalog_assets(STATIC)
    for page, entries in PAGES.items():
        asked = {key for name in reached(entries, SOURCES) for key in KEY.findall(SOURCES[name].decode())}
        assert asked, page
        for lang in LANGUAGES:
            share = json.loads(made[f"catalog/{page}.{lang}.json"])
            assert asked <= set(share), (page, lang, sorted(asked - set(share))[:5])
            assert set(share) <= set(catalog(lang))


def test_the_table_page_leaves_out_the_tutorial_the_audit_and_the_home_page() -> None:
    table = json.loads(catalog_assets(STATIC)["catalog/table.en.json"])
    areas = {key.split(".", 1)[0] for key in table}
    assert {"bid", "reveal", "seats", "error", "history", "stats", "odds", "fair"} <= areas
    assert not areas & {"tutorial", "audit", "home", "replay"}
    assert len(json.dumps(table)) < 0.8 * len(json.dumps(catalog("en")))


def test_a_table_page_preloads_its_share_and_a_page_without_a_bundle_the_whole_catalogue() -> None:
    config = Config(async_mode="threading", database=":memory:", signing_key="unused")
    app = create_app(config, dealer=PlainDealer(), scheduler=ManualScheduler())
    http = app.test_client()
    table = http.post("/api/tables", json={"name": "Anna"}).get_json()["table"]
    strings = re.compile(r'<link id="strings"[^>]* href="/static/catalog/([\w.]+?)\.[0-9a-f]{12}\.json"')
    assert strings.findall(http.get(f"/t/{table}", headers={"Accept-Language": "ru"}).get_data(as_text=True)) == ["table.ru"]
    assert strings.findall(http.get("/t/nosuchtable").get_data(as_text=True)) == ["en"]
