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
from referee.web.minify import minified
from referee.web.page_strings import FAMILY_LOADERS, FAMILY_PAGES, LOADER, REGISTRY, families, skipped
from tests.support.dealers import PlainDealer

STATIC = Path(__file__).resolve().parents[2] / "static"
SOURCES = {path.relative_to(STATIC).as_posix(): path.read_bytes() for path in (STATIC / "js").rglob("*.js")}
KEY = re.compile(r"""\bt\(\s*["'`]([a-z_]+\.[\w./-]+)["'`]""")


FAMILIES = families(SOURCES)


def shares() -> list[tuple[str, str, tuple[str, ...]]]:
    """Every share: its name (``table.poker_bluff``, ``home``), its page's entries, what it skips."""
    return [(f"{page}.{family}" if family else page, entries, skipped(SOURCES, page, family))
            for page, entries in PAGES.items() for family in (FAMILIES if page in FAMILY_PAGES else [None])]


def test_a_table_page_calls_only_the_registry_loaders_its_share_follows() -> None:
    """A family page's share leaves out what the loaders it does not call reach (FAMILY_LOADERS): every
    loader any of its modules calls must be declared there, or it would run without its strings."""
    called = re.compile(r"\.(" + "|".join(loader for loader, _ in LOADER.findall(SOURCES[REGISTRY].decode())) + r")\(\)")
    for page in FAMILY_PAGES:
        modules = reached(PAGES[page], SOURCES, skip=tuple(f"js/games/{family}/" for family in FAMILIES))
        calls = {found for name in modules if name != REGISTRY
                 for found in called.findall(minified(name, SOURCES[name]).decode())}
        assert calls and calls <= set(FAMILY_LOADERS[page]), (page, calls)
    assert "js/games/liars_dice/desk.js" in skipped(SOURCES, "table", "liars_dice")
    assert not any("/desk.js" in name for name in reached(PAGES["table"], SOURCES, skip=skipped(SOURCES, "table", "poker_bluff")))


def test_every_key_a_pages_scripts_ask_for_by_name_is_in_its_share() -> None:
    made = catalog_assets(STATIC)
    assert FAMILIES == ["liars_dice", "poker_bluff"]
    for share_name, entries, skip in shares():
        asked = {key for name in reached(entries, SOURCES, skip=skip) for key in KEY.findall(SOURCES[name].decode())}
        assert asked, share_name
        for lang in LANGUAGES:
            share = json.loads(made[f"catalog/{share_name}.{lang}.json"])
            assert asked <= set(share), (share_name, lang, sorted(asked - set(share))[:5])
            assert set(share) <= set(catalog(lang))
            assert share["_meta.plural"] == catalog(lang)["_meta.plural"]


def test_the_table_page_leaves_out_the_tutorial_the_audit_the_home_page_and_the_other_family() -> None:
    made = catalog_assets(STATIC)
    liars = json.loads(made["catalog/table.liars_dice.en.json"])
    poker = json.loads(made["catalog/table.poker_bluff.en.json"])
    areas = {key.split(".", 1)[0] for key in liars}
    assert {"bid", "reveal", "seats", "error", "history", "odds", "fair"} <= areas
    assert not areas & {"tutorial", "audit", "home", "replay", "poker", "referee", "stats"}  # stats: the template's
    poker_areas = {key.split(".", 1)[0] for key in poker}
    assert {"poker", "seats", "error"} <= poker_areas
    assert not poker_areas & {"tutorial", "audit", "home", "replay", "odds", "history"}
    assert len(json.dumps(liars)) < 0.7 * len(json.dumps(catalog("en")))
    assert "catalog/table.en.json" not in made
    home = json.loads(made["catalog/home.en.json"])
    assert {"home", "options", "rules", "poker"} <= {key.split(".", 1)[0] for key in home}


def test_a_table_page_preloads_its_share_and_a_page_without_a_bundle_the_whole_catalogue() -> None:
    config = Config(async_mode="threading", database=":memory:", signing_key="unused")
    app = create_app(config, dealer=PlainDealer(), scheduler=ManualScheduler())
    http = app.test_client()
    table = http.post("/api/tables", json={"name": "Anna"}).get_json()["table"]
    strings = re.compile(r'<link id="strings"[^>]* href="/static/catalog/([\w.]+?)\.[0-9a-f]{12}\.json"')
    assert strings.findall(http.get(f"/t/{table}", headers={"Accept-Language": "ru"}).get_data(as_text=True)) == ["table.liars_dice.ru"]
    poker = http.post("/api/tables", json={"name": "Anna", "game": "poker_bluff"}).get_json()["table"]
    assert strings.findall(http.get(f"/t/{poker}", headers={"Accept-Language": "es"}).get_data(as_text=True)) == ["table.poker_bluff.es"]
    assert strings.findall(http.get("/t/nosuchtable").get_data(as_text=True)) == ["en"]


def test_the_language_switch_rides_in_each_bundle_and_alone_on_a_page_without_one() -> None:
    config = Config(async_mode="threading", database=":memory:", signing_key="unused")
    app = create_app(config, dealer=PlainDealer(), scheduler=ManualScheduler())
    http = app.test_client()
    table = http.post("/api/tables", json={"name": "Anna"}).get_json()["table"]
    modules = re.compile(r'<script type="module" src="/static/js/([\w.]+?)\.[0-9a-f]{12}\.js"')
    for url, page in ((f"/t/{table}", "table"), ("/", "home"), ("/learn", "tutorial")):
        assert modules.findall(http.get(url).get_data(as_text=True)) == [f"{page}.bundle"], url
        assert PAGES[page][0] == "js/lang.js"
    assert modules.findall(http.get("/t/nosuchtable").get_data(as_text=True)) == ["lang"]
