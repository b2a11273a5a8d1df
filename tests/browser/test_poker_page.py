"""The poker-dice renderer (static/js/games/poker_bluff/table.js and the modules it imports) in Chromium,
fed views that referee.games.poker_bluff.views.poker_game_view builds from real engine states (the table part
and the evening built by hand, as the contract of docs/protocol.md gives them): what each viewer
sees, the declaration picker, tapping dice to keep, believe / don't believe, the reveal, the
bracket, the live region, the keyboard, and an axe-core pass at a phone's and a desktop's size.

No server runs: a harness page (routed by Playwright) holds the table page's status card and the
poker containers, and records what the page would send.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from referee.games.poker_bluff.views import poker_game_view
from referee.games.poker_bluff.rules import (HIGHEST, Believe, Declare, Doubt, GameState, PokerSettings, Reroll, Roll, apply,
                                       new_game, parse)
from tests.browser.players import MOBILE
from tests.browser.test_accessibility import check

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ORIGIN = "http://poker.test"
NAMES = {0: "Anna", 1: "Ben", 2: "Cleo", 3: "Dan", 4: "Eve"}
HARNESS_JS = """
import { PokerTable } from "/static/js/games/poker_bluff/table.js";
window.sent = [];
const table = new PokerTable({ play: document.getElementById("poker"), side: document.getElementById("poker-side"),
  send: async (event, payload = {}) => { window.sent.push([event, payload]); return { ok: true }; } });
let current = null;
window.showView = (view) => {
  const lines = table.announcements(current, view);
  current = view;
  table.render(view);
  if (lines.length) document.getElementById("announcer").textContent = lines.join(" ");
  return lines;
};
window.harnessReady = true;
"""


def harness_html(lang: str) -> str:
    return f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Poker-dice harness</title>
<link rel="stylesheet" href="/static/css/app.css"><link rel="stylesheet" href="/static/css/games/poker_bluff/poker.css">
<link id="strings" rel="preload" as="fetch" crossorigin="anonymous" href="/catalog/{lang}.json">
<script type="module" src="/harness.js"></script></head>
<body><main id="main"><div id="table" class="table">
<div id="announcer" class="sr-only" aria-live="polite" aria-atomic="true"></div>
<div class="play"><section id="status" class="card status" aria-labelledby="headline"><h1 id="headline">Poker</h1>
<p id="turn-line" class="turn-line"></p><p id="dice-in-play" class="hint"></p><p id="role-line" class="hint" hidden></p>
<details id="rules-panel" class="rules-panel"><summary><span class="rules-label">Rules</span> <span class="rules-badge"></span></summary>
<h3 class="rules-title"></h3><ul class="rules-lines"></ul></details></section>
<div id="poker" class="poker-play"></div></div>
<div class="side"><div id="poker-side" class="poker-side"></div></div>
</div></main><div id="toast" class="toast" role="alert" hidden><span id="toast-text"></span></div></body></html>"""


def serve(route: Any, lang: str) -> None:
    path = route.request.url.removeprefix(ORIGIN)
    if path == "/harness.js":
        route.fulfill(body=HARNESS_JS, content_type="text/javascript")
    elif path == f"/catalog/{lang}.json":
        route.fulfill(body=(REPO / "referee" / "web" / "catalog" / f"{lang}.json").read_bytes(),
                      content_type="application/json")
    elif path.startswith("/static/") and ".." not in path:
        file = REPO / path.lstrip("/")
        kind = "text/javascript" if file.suffix == ".js" else "text/css"
        route.fulfill(body=file.read_bytes(), content_type=kind) if file.is_file() else route.fulfill(status=404)
    else:
        route.fulfill(body=harness_html(lang), content_type="text/html")


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    lang = getattr(request, "param", "en")
    context = browser.new_context(viewport=MOBILE, locale="en-US")
    opened = context.new_page()
    opened.route(f"{ORIGIN}/**", lambda route: serve(route, lang))
    opened.goto(ORIGIN + "/")
    opened.wait_for_function("window.harnessReady === true")
    yield opened
    context.close()


def full_view(state: GameState, seat: int | None, *, step: int, evening: dict[str, Any] | None = None,
              seats: tuple[int, ...] = (0, 1)) -> dict[str, Any]:
    """A whole seat view as the contract gives it: the table part, the game from poker_game_view, the evening."""
    game = {**poker_game_view(state, seat, game_no=1), "against": {"game": 1, "round": state.round_no, "step": step}}
    return {
        "version": step, "server_now_ms": 0,
        "you": {"seat": seat, "role": "player" if seat is not None else "spectator", "is_host": seat == 0},
        "table": {"id": "t", "family": "poker_bluff", "host": 0, "spectators": 0, "turn_deadline_ms": None,
                  "rules": {"game": "poker_bluff", **state.settings.to_dict()}, "games_played": 0, "server_key": None,
                  "seats": [{"seat": s, "name": NAMES[s], "kind": "human", "connected": True, "bot_playing": False}
                            for s in seats]},
        "game": game, "gm": None, "evening": evening,
    }


SETTINGS = PokerSettings(tokens=2, token_value="1 silver")
ROLLED = apply(new_game(SETTINGS, (0, 1), 0), Roll((4, 4, 6, 2, 3))).state
DECLARED = apply(ROLLED, Declare(0, parse("4,4+6"))).state
BELIEVED = apply(DECLARED, Believe(1)).state
REROLLED = apply(apply(BELIEVED, Reroll(1, (4, 4))).state, Roll((4, 1, 5))).state
FIVE_SIXES = apply(apply(new_game(SETTINGS, (0, 1), 0), Roll((6, 6, 6, 6, 1))).state, Declare(0, HIGHEST)).state
DOUBTED = apply(FIVE_SIXES, Doubt(1)).state
FINAL_OVER = apply(apply(apply(new_game(PokerSettings(tokens=1), (3, 4), 4), Roll((6, 6, 6, 6, 1))).state,
                         Declare(4, HIGHEST)).state, Doubt(3)).state
"""The final, Eve's bluff of five sixes doubted by Dan: his game, his evening."""


def show(page: Page, view: dict[str, Any]) -> list[str]:
    return list(page.evaluate("(view) => window.showView(view)", view))


def sent(page: Page) -> list[Any]:
    return list(page.evaluate("window.sent"))


def test_the_holder_sees_the_cup_the_others_see_it_closed(page: Page) -> None:
    show(page, full_view(ROLLED, 0, step=0))
    expect(page.locator("#poker-cup .dice")).to_have_attribute("aria-label", "The cup holds 4, 4, 6, 2, 3")
    expect(page.locator("#poker-picker")).to_be_visible()
    expect(page.locator("#turn-line")).to_have_text("Your turn: look at your dice and declare.")
    for seat in (1, None):
        show(page, full_view(ROLLED, seat, step=0))
        expect(page.locator("#poker-cup .dice")).to_have_attribute("aria-label", "Five dice under the cup")
        assert page.locator("#poker-cup circle.pip").count() == 0, "a closed die shows no pips"
        expect(page.locator("#poker-picker")).to_be_hidden()
        expect(page.locator("#turn-line")).to_have_text("Anna looks into the cup and declares.")
    expect(page.locator("#role-line")).to_have_text("You are watching.")
    expect(page.locator("#poker-duel")).to_contain_text("2 tokens")
    expect(page.locator("#poker-duel")).to_contain_text("A token is worth 1 silver.")


def test_the_picker_declares_kind_then_faces_against_the_turn_shown(page: Page) -> None:
    show(page, full_view(ROLLED, 0, step=0))
    expect(page.locator("#poker-kinds input:disabled")).to_have_count(0)
    page.get_by_role("radio", name="Pair", exact=True).check()
    page.locator('[data-group="0"] [data-face="4"]').click()
    page.locator('[data-group="1"] [data-face="6"]').click()
    expect(page.locator('[data-group="1"] [data-face="4"]')).to_be_disabled()  # the odd die differs from the pair
    expect(page.locator("#poker-declare")).to_have_text("Declare a pair of fours and a six")
    page.locator("#poker-declare").click()
    assert sent(page)[-1] == ["declare", {"declaration": {"kind": "pair", "faces": [4, 6]},
                                          "against": {"game": 1, "round": 1, "step": 0}}]


def test_the_picker_offers_only_what_beats_the_last_declaration(page: Page) -> None:
    show(page, full_view(REROLLED, 1, step=3))
    expect(page.locator("#poker-pick-rule")).to_have_text("To beat: a pair of fours and a six.")
    expect(page.locator('#poker-kinds input[value="single"]')).to_be_disabled()
    page.get_by_role("radio", name="Pair", exact=True).check()
    enabled = page.evaluate("""() => [...document.querySelectorAll('[data-group="0"] button')]
        .filter((b) => !b.disabled).map((b) => Number(b.dataset.face))""")
    assert enabled == [5, 6]
    expect(page.locator("#poker-declare")).to_have_text("Declare a pair of fives and a one")


def test_tapping_dice_sets_aside_only_the_declarations_dice_and_keeps_one_to_reroll(page: Page) -> None:
    cup_state = apply(apply(new_game(SETTINGS, (0, 1), 0), Roll((4, 1, 6, 6, 2))).state, Declare(0, parse("4,4+6"))).state
    show(page, full_view(apply(cup_state, Believe(1)).state, 1, step=2))
    dice = page.locator("#poker-cup button.keep")
    expect(dice).to_have_count(5)
    expect(page.locator("#poker-reroll")).to_have_text("Re-roll 5 dice")
    assert [dice.nth(i).is_enabled() for i in range(5)] == [True, False, True, True, False]
    dice.nth(2).click()
    expect(dice.nth(2)).to_have_attribute("aria-pressed", "true")
    expect(dice.nth(3)).to_be_disabled()  # only one six belongs to 4,4+6
    dice.nth(0).focus()
    page.keyboard.press("Space")
    expect(dice.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#poker-reroll")).to_have_text("Re-roll 3 dice")
    page.locator("#poker-reroll").click()
    assert sent(page)[-1] == ["keep", {"keep": [4, 6], "against": {"game": 1, "round": 1, "step": 2}}]
    dice.nth(2).click()  # a picked die taps back
    expect(dice.nth(2)).to_have_attribute("aria-pressed", "false")


def test_believe_or_not_and_five_sixes_can_only_be_doubted(page: Page) -> None:
    show(page, full_view(ROLLED, 1, step=0))
    lines = show(page, full_view(DECLARED, 1, step=1))
    assert lines == ["Anna declares a pair of fours and a six.", "Your turn: believe it or not?"]
    expect(page.locator("#poker-answer-text")).to_have_text("Anna declares a pair of fours and a six.")
    assert page.evaluate("document.activeElement.id") == "poker-believe"
    page.keyboard.press("Enter")
    assert sent(page)[-1] == ["believe", {"against": {"game": 1, "round": 1, "step": 1}}]
    show(page, full_view(FIVE_SIXES, 1, step=1))
    expect(page.locator("#poker-believe")).to_be_hidden()
    expect(page.locator("#poker-must-doubt")).to_be_visible()
    page.locator("#poker-doubt").click()
    assert sent(page)[-1] == ["doubt", {"against": {"game": 1, "round": 1, "step": 1}}]


def test_the_reveal_shows_the_cup_and_says_who_gives_a_token(page: Page) -> None:
    show(page, full_view(FIVE_SIXES, 0, step=1))
    lines = show(page, full_view(DOUBTED, 0, step=2))
    assert "It was a bluff: 6, 6, 6, 6, 1." in lines and "Anna gives Ben a token." in lines
    assert "Tokens: Anna: 1 token, Ben: 3 tokens." in lines
    expect(page.locator("#poker-reveal")).to_contain_text("Ben did not believe that Anna held five sixes.")
    expect(page.locator("#poker-reveal .die.counted")).to_have_count(4)
    page.locator("#poker-next-round").click()
    assert sent(page)[-1] == ["next_round", {"game": 1, "round": 1}]


def test_a_game_that_meets_its_bound_says_why_the_player_ahead_won(page: Page) -> None:
    from dataclasses import replace
    from referee.games.poker_bluff.rules import ROUND_BOUND
    state = replace(new_game(SETTINGS, (0, 1), 0), tokens=(3, 2), round_no=ROUND_BOUND)
    state = apply(apply(apply(state, Roll((2, 3, 4, 5, 1))).state, Declare(0, HIGHEST)).state, Doubt(1)).state
    assert (state.winner, state.tokens) == (1, (2, 3))
    show(page, full_view(state, None, step=2))
    expect(page.locator("#poker-over .winner")).to_have_text(
        f"Ben wins! The game met its bound (round {ROUND_BOUND} and later): the most tokens win.")


EVENING = {"evening": 1, "entrants": [0, 1, 2, 3, 4], "champion": None, "pot": None, "token_value": "1 silver",
           "rounds": [[{"seats": [0, 1], "winner": None, "games": []}, {"seats": [2, 3], "winner": 3, "games": [3]},
                       {"seats": [4], "winner": 4, "games": []}]]}


def test_the_bracket_draws_every_round_the_bye_and_the_champion_with_the_pot(page: Page) -> None:
    seats = (0, 1, 2, 3, 4)
    show(page, full_view(ROLLED, 2, step=0, evening=EVENING, seats=seats))
    expect(page.locator(".bracket-round h3")).to_have_text(["Round 1", "Semi-final", "Final"])
    expect(page.locator(".pairing.bye")).to_have_text("Eve goes through (bye)")
    expect(page.locator(".pairing.live")).to_have_text("Anna against Ben playing now")
    expect(page.locator("#role-line")).to_have_text("This game is Anna against Ben; you play later in the bracket.")
    expect(page.locator("#poker-side")).to_contain_text("Dan goes through")
    done = {**EVENING, "champion": 3, "pot": {"amounts": {"silver": "12"}, "items": []},
            "rounds": [*EVENING["rounds"], [{"seats": [0, 3], "winner": 3, "games": [3]}, {"seats": [4], "winner": 4, "games": []}],
                       [{"seats": [3, 4], "winner": 3, "games": [3]}]]}
    lines = show(page, full_view(FINAL_OVER, 2, step=2, evening=done, seats=seats))
    assert lines[-2:] == ["Dan wins!", "Dan is the champion of the evening."]
    expect(page.locator(".poker-champion")).to_have_text("Champion: Dan")
    expect(page.locator(".poker-pot")).to_have_text("Dan takes the pot: 12 silver. A token is worth 1 silver.")
    expect(page.locator("#poker-over")).to_contain_text("Dan is the champion of the evening!")
    page.locator("#poker-next-game").filter(has_text="New evening").click()
    assert sent(page)[-1] == ["start", {}]


@pytest.mark.parametrize("page", ["en", "ru"], indirect=True)
def test_axe_finds_no_serious_violation_on_the_poker_table(page: Page) -> None:
    seats = (0, 1, 2, 3, 4)
    show(page, full_view(ROLLED, 0, step=0, evening=EVENING, seats=seats))
    check(page, "poker: declaring, with the bracket")
    show(page, full_view(BELIEVED, 1, step=2, evening=EVENING, seats=seats))
    check(page, "poker: choosing dice to keep")
    show(page, full_view(DECLARED, 1, step=1, evening=EVENING, seats=seats))
    check(page, "poker: believe or not")
    show(page, full_view(DOUBTED, 0, step=2, evening=EVENING, seats=seats))
    check(page, "poker: the reveal")


def test_the_page_speaks_russian(page: Page) -> None:
    page.unroute(f"{ORIGIN}/**")
    page.route(f"{ORIGIN}/**", lambda route: serve(route, "ru"))
    page.goto(ORIGIN + "/")
    page.wait_for_function("window.harnessReady === true")
    show(page, full_view(DECLARED, 1, step=1))
    expect(page.locator("#poker-answer-text")).to_have_text("Anna объявляет: две четвёрки и шестёрка.")
    expect(page.locator("#poker-doubt")).to_have_text("Не верю!")
    assert json.loads(page.evaluate("JSON.stringify(window.sent)")) == []


TWO = {"evening": 1, "entrants": [0, 1], "champion": None, "pot": None, "token_value": "", "starters_drawn": True,
       "rounds": [[{"seats": [0, 1], "winner": None, "games": []}]]}
DRAWN_TEXT = {"en": ("Drawing who starts this match…", "Drawn: Ben starts."),
              "ru": ("Жребий: кто начинает матч…", "Жребий: начинает Ben.")}


@pytest.mark.parametrize("page", ["en", "ru"], indirect=True)
def test_the_match_s_starter_is_drawn_in_words(page: Page, request: pytest.FixtureRequest) -> None:
    drawing_words, drawn_words = DRAWN_TEXT[request.node.callspec.params["page"]]
    drawing = full_view(new_game(SETTINGS, (0, 1), 0), 0, step=0, evening={**TWO, "drawing": True})
    show(page, drawing)
    expect(page.locator("#turn-line")).to_have_text(drawing_words)
    expect(page.locator("#poker-duel .badge")).to_have_count(0)  # no button before the draw names its holder
    started = apply(new_game(SETTINGS, (1, 0), 1), Roll((4, 4, 6, 2, 3))).state
    lines = show(page, {**full_view(started, 0, step=0, evening={**TWO, "drawing": False}), "version": 1})
    assert drawn_words in lines
    expect(page.locator("#poker-duel")).to_contain_text(drawn_words)
    expect(page.locator('#poker-duel li[data-seat="1"] .badge').first).to_be_visible()  # Ben holds the button


THREE = {"evening": 1, "entrants": [0, 1, 2], "champion": None, "pot": None, "token_value": "", "starters_drawn": True,
         "drawing": False, "drawing_bracket": True, "rounds": []}


def test_while_the_bracket_is_drawn_the_page_says_so_and_then_shows_the_pairs_the_draw_gave(page: Page) -> None:
    waiting = full_view(ROLLED, 0, step=0, evening=THREE, seats=(0, 1, 2))
    show(page, {**waiting, "game": None})
    expect(page.locator("#turn-line")).to_have_text("Drawing the bracket's pairs by lot…")
    expect(page.locator(".bracket-round").first).to_contain_text("The pairs are being drawn by lot, with every player's seed…")
    expect(page.locator(".pairing")).to_have_count(0)
    drawn = {**THREE, "drawing_bracket": False, "drawing": True, "entrants": [2, 0, 1],
             "rounds": [[{"seats": [2, 0], "winner": None, "games": []}, {"seats": [1], "winner": 1, "games": []}]]}
    show(page, {**full_view(new_game(SETTINGS, (2, 0), 2), 0, step=0, evening=drawn, seats=(0, 1, 2)), "version": 1})
    expect(page.locator(".pairing.bye")).to_have_text("Ben goes through (bye)")
    expect(page.locator("#turn-line")).to_have_text("Drawing who starts this match…")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_declaration_lands_and_the_reveal_lifts_the_cup_unless_motion_is_reduced(page: Page, motion: str) -> None:
    page.emulate_media(reduced_motion=motion)
    show(page, full_view(ROLLED, 1, step=0))
    expect(page.locator(".poker-declared li")).to_have_count(0)
    show(page, full_view(DECLARED, 1, step=1))  # the state is drawn at once: the declaration and the answer
    landed = page.locator(".poker-declared li").last
    expect(landed).to_have_class(re.compile(r"\blanding\b"))
    expect(page.locator("#poker-answer")).to_be_visible()
    animation = page.evaluate("() => getComputedStyle(document.querySelector('.poker-declared li.landing')).animationName")
    show(page, full_view(FIVE_SIXES, 1, step=1))
    show(page, full_view(DOUBTED, 1, step=2))
    cup = page.locator("#poker-reveal .poker-reveal-cup")
    expect(cup).to_have_class(re.compile(r"\blifting\b"))
    expect(page.locator("#poker-reveal .die")).to_have_count(5)  # every die is in the page at once, whatever the motion
    shell = page.evaluate("() => getComputedStyle(document.querySelector('.cup-shell')).display")
    if motion == "reduce":
        assert (shell, animation) == ("none", "none")
    else:
        assert shell == "block" and animation == "poker-land"
    show(page, {**full_view(DOUBTED, 1, step=2), "version": 9})  # the same reveal again: the cup is not lifted twice
    assert page.evaluate("() => document.querySelectorAll('#poker-reveal .cup-shell').length") == 1


@pytest.mark.parametrize("width", [390, 1280])
def test_the_preview_dice_stay_on_one_row_below_the_faces(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    five = apply(new_game(SETTINGS, (0, 1), 0), Roll((5, 5, 5, 5, 5))).state
    show(page, full_view(five, 0, step=0))
    expect(page.locator("#poker-declare")).to_have_text("Declare five fives")  # the picker opens on the cup's hand
    tops = page.evaluate("() => [...document.querySelectorAll('.poker-preview .die')].map((d) => Math.round(d.getBoundingClientRect().top))")
    assert len(tops) == 5 and len(set(tops)) == 1, tops
    box = page.locator(".poker-preview").bounding_box()
    faces = page.locator(".poker-groups").bounding_box()
    assert box is not None and faces is not None and box["y"] >= faces["y"] + faces["height"]
    assert box["x"] + box["width"] <= width


def test_the_picker_opens_on_the_cups_hand_and_answers_with_the_least_raise(page: Page) -> None:
    show(page, full_view(ROLLED, 0, step=0))  # the cup holds 4, 4, 6, 2, 3: a pair of fours and a six at best
    expect(page.get_by_role("radio", name="Pair", exact=True)).to_be_checked()
    expect(page.locator("#poker-declare")).to_have_text("Declare a pair of fours and a six")
    show(page, full_view(REROLLED, 1, step=3))  # Ben answers Anna's pair of fours and a six
    expect(page.locator("#poker-declare")).to_have_text("Declare a pair of fives and a one")
    page.locator("#poker-declare").click()
    assert sent(page)[-1][1]["declaration"] == {"kind": "pair", "faces": [5, 1]}


def test_a_game_of_two_is_no_evening_and_brackets_are_numbered_by_themselves(page: Page) -> None:
    show(page, full_view(ROLLED, 0, step=0, evening={**TWO, "drawing": False, "bracket": None}))
    expect(page.locator("#poker-bracket")).to_be_hidden()
    assert "Evening" not in page.locator("#table").inner_text()
    three = {**THREE, "evening": 2, "bracket": 1, "drawing_bracket": False,
             "rounds": [[{"seats": [0, 1], "winner": None, "games": []}, {"seats": [2], "winner": 2, "games": []}]]}
    lines = show(page, {**full_view(ROLLED, 0, step=0, evening=three, seats=(0, 1, 2)), "version": 1})
    expect(page.locator("#poker-bracket-title")).to_have_text("Evening 1: the bracket")  # the table's second evening, its first bracket
    assert "An evening of 3 players begins." in lines
    two_again = {**TWO, "evening": 3, "drawing": False, "bracket": None}
    lines = show(page, {**full_view(ROLLED, 0, step=0, evening=two_again), "version": 2})
    assert not any("evening" in line.lower() for line in lines), lines  # a game of two is not announced as an evening
