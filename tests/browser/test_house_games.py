"""House rules played through the page by three people: the host changes the rules in the lobby and
everybody is told; a kul_tiras game from the roll-off to the winner with a call out of turn; a
perudo game with spot on and a palifico round. These need the server's side of the house rules
(`set_rules`, `spot_on`, calls out of turn, the view's `roll_off`, `callers`, `palifico`)."""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from referee.games.liars_dice.rules import Bid, Settings, bid_order

from .players import DESKTOP, MOBILE, Person, expect_bids, post, seated, table_for_two, wait_for_actor

pytestmark = pytest.mark.browser

KUL_TIRAS_BADGE = "7 dice · ones not wild · face only goes up · anyone calls · loser is out · roll-off"


def game(person: Person) -> dict[str, Any]:
    return person.states[-1]["game"]


def seat_of(person: Person) -> int:
    return person.states[-1]["you"]["seat"]


def three_at(browser: Browser, url: str, host: Person) -> list[Person]:
    """The host and two more people who sit down through the shared link."""
    people = [host]
    for name, viewport in (("Ben", DESKTOP), ("Carla", MOBILE)):
        person = Person.open(browser, viewport)
        person.sit_down(url, name)
        people.append(person)
    expect(host.page.locator("#seats-list li")).to_have_count(3)
    return people


def next_round(people: list[Person]) -> None:
    headline = people[0].page.locator("#headline").inner_text()
    people[1].page.get_by_role("button", name="Next round").click()
    for person in people:
        expect(person.page.locator("#headline")).not_to_have_text(headline)


def test_the_host_changes_the_rules_in_the_lobby_and_everybody_is_told(browser: Browser, base_url: str) -> None:
    anna, ben, _ = table_for_two(browser, base_url)
    expect(ben.page.locator("#lobby-rules")).to_be_hidden()  # only the host changes the rules
    page = anna.page
    page.locator("#lobby-options summary").click()
    expect(page.get_by_label("Rules preset")).to_have_value("tavern")
    page.get_by_label("Rules preset").select_option("kul_tiras")
    page.get_by_role("button", name="Use these rules").click()
    told = f"Anna changed the rules: {KUL_TIRAS_BADGE}."
    for person in (anna, ben):
        expect(person.page.locator("#toast-text")).to_have_text(told)
        expect(person.page.locator("#announcer")).to_have_text(told)
        expect(person.page.locator("#rules-panel .rules-badge")).to_have_text(KUL_TIRAS_BADGE)
        assert person.states[-1]["table"]["rules"]["challenge"] == "anyone"
    expect(page.locator("#lobby-status")).to_have_text("The new rules are set.")
    expect(page.get_by_role("button", name="Use these rules")).to_be_enabled()  # ready for another change


def test_the_referee_changes_the_rules_between_games_and_the_players_are_told(browser: Browser, base_url: str) -> None:
    created = post(base_url, {"referee": {"name": "GM"}})
    referee = Person.open(browser, DESKTOP)
    referee.page.goto(base_url + created["referee_url"])
    anna = Person.open(browser)
    anna.sit_down(base_url + created["url"], "Anna")
    desk = referee.page
    desk.locator("#desk-options summary").click()
    desk.get_by_label("Rules preset").select_option("perudo")
    desk.get_by_role("button", name="Use these rules").click()
    told = "The referee changed the rules: 5 dice · ones wild · bids on ones · spot on · palifico."
    expect(anna.page.locator("#toast-text")).to_have_text(told)
    expect(anna.page.locator("#announcer")).to_have_text(told)
    expect(desk.locator("#desk-rules .rules-badge")).to_have_text("5 dice · ones wild · bids on ones · spot on · palifico")


def test_a_kul_tiras_game_from_the_roll_off_to_the_winner_with_a_call_out_of_turn(browser: Browser, base_url: str) -> None:
    anna = Person.open(browser, MOBILE)
    page = anna.page
    page.goto(base_url + "/")
    page.get_by_label("Your name").fill("Anna")
    page.locator("#options summary").click()
    page.get_by_label("Rules preset").select_option("kul_tiras")
    page.get_by_label("Seconds per turn").fill("0")
    page.get_by_role("button", name="Create a table", exact=True).click()
    page.wait_for_url("**/t/*")
    people = three_at(browser, anna.share_link(), anna)
    anna.start()

    names = {"Anna", "Ben", "Carla"}
    for person in people:
        order = person.page.locator("#roll-off-order")
        expect(order).to_have_text(re.compile(r"Seat order: \w+, \w+, \w+\. \w+ opens\."))
        expect(person.page.locator("#roll-off-throws > li").first.locator(".throw-hands li")).to_have_count(3)
    shown = re.fullmatch(r"Seat order: (\w+), (\w+), (\w+)\. (\w+) opens\.", people[0].page.locator("#roll-off-order").inner_text())
    assert shown and set(shown.groups()[:3]) == names and shown.group(4) == shown.group(1)
    view = game(anna)
    assert view["roll_off"]["seat_order"] == view["seat_order"] and view["opener"] == view["seat_order"][0]
    for throwing in view["roll_off"]["throws"]:
        assert all(len(dice) == 2 and all(1 <= d <= 6 for d in dice) for dice in throwing["dice"].values())
    for person in people:
        person.expect_announced(f"Roll-off decided: {shown.group(4)} opens")

    # Ones are not wild: the opening bid may name any face, ones too, with 1 to 21 dice.
    opener = wait_for_actor(people, bids=0)
    expect(opener.page.locator("#bid-rule")).to_have_text("Opening bid: any quantity from 1 to 21.")
    assert opener.offered_bids() == legal_raises(game(opener)) == {(q, f) for q in range(1, 22) for f in range(1, 7)}
    opener.bid(3, 4)
    expect_bids(people, 1)
    # The face only goes up: a higher face with any number of dice, or more fours.
    to_act = wait_for_actor(people, bids=1)
    expect(to_act.page.locator("#bid-rule")).to_have_text(
        "Must be higher than 3 × 4: a higher face with any number of dice, or the same face with more dice.")
    to_act.choose_bid(2, 5)
    for face in (1, 2, 3, 4):
        expect(to_act.page.locator(f'#faces button[data-face="{face}"]')).to_be_disabled()
    expect(to_act.page.locator("#f-reason")).to_have_text(
        "2 × 3 is not higher than 3 × 4: the face never goes down. "
        "2 × 4 is not higher than 3 × 4: on the same face bid at least 4 dice.")
    assert to_act.offered_bids() == legal_raises(game(to_act)) == (
        {(q, 4) for q in range(4, 22)} | {(q, f) for q in range(1, 22) for f in (5, 6)})

    (caller,) = [p for p in people if p is not opener and p is not to_act]
    call_out = caller.page.locator("#call-out")
    expect(call_out).to_be_visible()
    expect(call_out.locator("#call-out-hint")).to_contain_text("is to act, but you may call on")
    expect(caller.page.locator("#bid")).to_be_hidden()
    expect(to_act.page.locator("#call-out")).to_be_hidden()
    expect(opener.page.locator("#call-out")).to_be_hidden()  # nobody calls their own bid
    caller.page.locator("#call-liar").focus()  # reachable by keyboard
    caller.page.keyboard.press("Enter")
    for person in people:
        expect(person.page.locator("#reveal")).to_be_visible()
        expect(person.page.locator("#reveal-call")).to_contain_text(f"{seat_name(caller)} called “Liar!”")
        expect(person.page.locator("#reveal-verdict")).to_have_text(re.compile(r".+ loses \d+ dice and is out of the game\."))
    result = game(anna)["result"]
    assert result["caller"] == seat_of(caller) and result["call"] == "liar"
    assert result["loser"] not in game(anna)["seats_in_game"]
    assert hand_counts(anna) == result["count"]

    next_round(people)
    left = [p for p in people if seat_of(p) in game(anna)["seats_in_game"]]
    assert len(left) == 2
    opener = wait_for_actor(left, bids=0)
    opener.page.locator("#bid-submit").click()
    wait_for_actor(left, bids=1).page.get_by_role("button", name="Liar!").click()
    for person in people:
        expect(person.page.locator("#over")).to_be_visible()
    winners = [p for p in people if p.page.locator("#winner").inner_text() == "You win!"]
    assert len(winners) == 1 and seat_of(winners[0]) == game(anna)["winner"]


def seat_name(person: Person) -> str:
    state = person.states[-1]
    return next(s["name"] for s in state["table"]["seats"] if s["seat"] == state["you"]["seat"])


def legal_raises(view: dict[str, Any]) -> set[tuple[int, int]]:
    """The engine's raises for the viewer of this game view (docs/protocol.md: the view's rules,
    palifico round, own dice and the standing bid)."""
    order = bid_order(Settings.from_dict(view["rules"]), palifico=view["palifico"], one_die=len(view["dice"]) == 1)
    standing = Bid(view["bids"][-1]["quantity"], view["bids"][-1]["face"]) if view["bids"] else None
    return {(bid.quantity, bid.face) for bid in order.raises(standing, total_dice=view["total_dice"])}


def hand_counts(person: Person) -> int:
    """The matching dice the reveal shows beside each hand, added up."""
    return sum(int(text.removeprefix("= ")) for text in person.page.locator("#reveal-hands .match").all_inner_texts())


SPOT_ON_VERDICT = re.compile(r"Spot on! Exactly \d+: .+|Not spot on \(\d+, not \d+\): \w+ loses 1 die( and is out of the game)?\.")
LOSSES_TO_THE_END = 5
"""Three players of 2 dice: every round after the spot on costs one die, and one player is left
after at most 5 of them."""


def test_a_perudo_game_with_spot_on_and_a_palifico_round(browser: Browser, base_url: str) -> None:
    created = post(base_url, {"name": "Anna", "preset": "perudo", "rules": {"dice_per_player": 2, "turn_timer_s": 0}})
    anna = seated(browser, base_url, created)
    people = three_at(browser, base_url + created["url"], anna)
    anna.start()
    expect(anna.page.locator("#headline")).to_have_text("Game 1, round 1")

    # Ones are wild and may be bid, but not opened on.
    opener = wait_for_actor(people, bids=0)
    assert opener.offered_bids() == legal_raises(game(opener)) == {(q, f) for q in range(1, 7) for f in range(2, 7)}
    expect(opener.page.locator('#faces button[data-face="1"]')).to_be_disabled()
    expect(opener.page.locator("#f-reason")).to_have_text("Ones are wild: the opening bid may not be on ones.")
    opener.bid(2, 3)
    expect_bids(people, 1)
    to_act = wait_for_actor(people, bids=1)
    raises = legal_raises(game(to_act))
    assert to_act.offered_bids() == raises and {(q, 1) for q in range(1, 7)} <= raises  # into ones: at least 1
    to_act.page.get_by_role("button", name="Spot on!").click()
    for person in people:
        expect(person.page.locator("#reveal")).to_be_visible()
    result = game(anna)["result"]
    assert result["call"] == "spot_on" and hand_counts(anna) == result["count"]
    expect(anna.page.locator("#reveal-call")).to_contain_text("said “Spot on!”")
    expect(anna.page.locator("#reveal-verdict")).to_have_text(SPOT_ON_VERDICT)

    palifico_played = False
    for _ in range(LOSSES_TO_THE_END):
        if result["palifico_next"]:
            expect(anna.page.locator("#reveal-next")).to_have_text("The next round is palifico: ones are not wild, and bids keep the face.")
        next_round([p for p in people if seat_of(p) is not None])
        playing = [p for p in people if seat_of(p) in game(anna)["seats_in_game"]]
        opener = wait_for_actor(playing, bids=0)
        view = game(opener)
        if view["palifico"] and not palifico_played:
            # The player who has just dropped to one die opens on any face, ones too; the others keep the face.
            palifico_played = True
            for person in people:
                expect(person.page.locator("#palifico-line")).to_be_visible()
            assert len(view["dice"]) == 1
            total = view["total_dice"]
            expect(opener.page.locator("#bid-rule")).to_have_text(
                f"Palifico round: open on any face, ones too, with any quantity from 1 to {total}; ones are not wild.")
            assert opener.offered_bids() == legal_raises(view) == {(q, f) for q in range(1, total + 1) for f in range(1, 7)}
            opener.bid(1, 5)
            expect_bids(people, 1)
            to_act = wait_for_actor(playing, bids=1)
            assert len(game(to_act)["dice"]) == 2
            expect(to_act.page.locator("#bid-rule")).to_have_text(
                "Must be higher than 1 × 5: in a palifico round the face stays and only the quantity rises.")
            expect(to_act.page.locator("#f-reason")).to_have_text(
                "Palifico round: the face stays 5; only a player with one die may change it.")
            assert to_act.offered_bids() == legal_raises(game(to_act)) == {(q, 5) for q in range(2, total + 1)}
        else:
            opener.page.locator("#bid-submit").click()
            expect_bids(people, 1)
            to_act = wait_for_actor(playing, bids=1)
            assert to_act.offered_bids() == legal_raises(game(to_act))
        to_act.page.get_by_role("button", name="Liar!").click()
        for person in people:
            expect(person.page.locator("#reveal")).to_be_visible()
        result = game(anna)["result"]
        assert hand_counts(anna) == result["count"]
        if game(anna)["palifico"]:
            expect(anna.page.locator("#reveal-count")).to_have_text(f"Matching dice: {result['count']}")  # no wild ones
        if anna.visible("#over"):
            break
    for person in people:
        expect(person.page.locator("#over")).to_be_visible()
    assert palifico_played
    winners = [p for p in people if p.page.locator("#winner").inner_text() == "You win!"]
    assert len(winners) == 1
