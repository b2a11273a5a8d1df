"""The tutorial's page, /learn: served in the visitor's language, its modules from hashed immutable
URLs, and only its own: no Socket.IO, no table, referee or audit script (it runs entirely in the
page). The home page loads the tutorial's offer and links the page."""
from __future__ import annotations

import re

import pytest

from referee.config import Config
from referee.table.scheduler import ManualScheduler
from referee.web.app import create_app
from tests.support.app import Harness
from tests.support.dealers import PlainDealer

from .test_assets import STATIC_IMPORT, page_assets


@pytest.fixture(scope="module")
def harness() -> Harness:
    # the modules as written (the dev switch): which modules a page reaches, not how they are bundled
    config = Config(async_mode="threading", database=":memory:", signing_key="unused", minify_assets=False)
    return Harness(create_app(config, dealer=PlainDealer(), scheduler=ManualScheduler()), ManualScheduler())


def module_names(harness: Harness, path: str) -> set[str]:
    return {url.rsplit("/", 1)[1].split(".")[0] for url in page_assets(harness, path, STATIC_IMPORT)}


@pytest.mark.parametrize(("lang", "title"), [("en", "Learn to play in two minutes"), ("ru", "Научись играть за две минуты")])
def test_the_tutorial_page_reads_in_the_visitors_language(harness: Harness, lang: str, title: str) -> None:
    http = harness.app.test_client()
    http.set_cookie("lang", lang)
    reply = http.get("/learn")
    assert reply.status_code == 200
    page = reply.get_data(as_text=True)
    assert f'<html lang="{lang}">' in page and f"<h1 id=\"lesson-title\">{title}</h1>" in page


def test_the_tutorial_loads_the_real_bid_control_and_dice_and_nothing_of_a_table(harness: Harness) -> None:
    loaded = module_names(harness, "/learn")
    assert {"tutorial", "tutorial_script", "tutorial_steps", "bidcontrol", "dice", "i18n", "create_table"} <= loaded
    assert not {name for name in loaded if name in {"socket", "table", "home", "verified", "referee"}
                or name.startswith(("audit", "socket"))}, loaded
    for url in page_assets(harness, "/learn"):
        assert re.search(r"\.[0-9a-f]{12}(\.\w+)?$", url), url


def test_the_home_page_offers_and_links_the_tutorial(harness: Harness) -> None:
    page = harness.app.test_client().get("/").get_data(as_text=True)
    assert 'id="tutorial-offer"' in page and page.count('href="/learn"') == 2
    assert "tutorial_offer" in module_names(harness, "/")
