"""The rules settings object: tavern defaults, ranges, JSON round trip (A2 switches implemented so far)."""
from __future__ import annotations

import pytest

from referee.rules import PRESETS, MalformedAction, Settings


def test_tavern_defaults_are_five_dice_six_seats_and_wild_ones() -> None:
    tavern = Settings()
    assert (tavern.dice_per_player, tavern.max_players, tavern.wild_ones, tavern.turn_timer_s) == (5, 6, True, 60)
    assert PRESETS["tavern"] == tavern


@pytest.mark.parametrize(
    "data",
    [{"dice_per_player": 0}, {"dice_per_player": 11}, {"dice_per_player": True}, {"dice_per_player": "5"},
     {"max_players": 1}, {"max_players": 9}, {"turn_timer_s": -1}, {"dice_per_player": 5.0}],
)
def test_numeric_settings_outside_their_range_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(MalformedAction) as err:
        Settings.from_dict(data)
    assert err.value.code == "settings/out_of_range"


@pytest.mark.parametrize("value", [1, 0, "true", None])
def test_wild_ones_must_be_a_boolean(value: object) -> None:
    with pytest.raises(MalformedAction) as err:
        Settings.from_dict({"wild_ones": value})
    assert err.value.code == "settings/not_boolean"


def test_unknown_settings_and_non_objects_are_refused() -> None:
    with pytest.raises(MalformedAction) as err:
        Settings.from_dict({"bids_on_twos": True})
    assert err.value.code == "settings/unknown"
    with pytest.raises(MalformedAction) as err:
        Settings.from_dict([("dice_per_player", 5)])
    assert err.value.code == "settings/malformed"


@pytest.mark.parametrize("dice, players", [(1, 2), (10, 8), (7, 4)])
def test_settings_round_trip_through_a_dict(dice: int, players: int) -> None:
    settings = Settings(dice_per_player=dice, max_players=players, wild_ones=False, turn_timer_s=0)
    assert Settings.from_dict(settings.to_dict()) == settings
    assert settings.to_dict() == {"dice_per_player": dice, "max_players": players, "wild_ones": False,
                                  "turn_timer_s": 0}
