"""The rules settings object: tavern defaults, ranges, JSON round trip every switch of A2 and the presets of A3."""
from __future__ import annotations

import pytest

from referee.games.liars_dice.rules import PRESETS, MalformedAction, Settings


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


# --- the house rules of A2 and the presets of A3 ------------------------------------------------

from referee.games.liars_dice.rules import TABLE_SWITCHES, SettingsConflict  # noqa: E402

HOUSE_DEFAULTS = {"bids_on_ones": False, "raise_rule": "quantity_or_face", "challenge": "next_player",
                  "spot_on": False, "palifico": False, "loss": "one_die", "duel_dice": False, "first_opener": "rotate"}


def test_every_house_rule_defaults_to_its_tavern_value() -> None:
    tavern = Settings()
    assert {name: getattr(tavern, name) for name in HOUSE_DEFAULTS} == HOUSE_DEFAULTS
    assert tavern.house_rules_on == ()


@pytest.mark.parametrize("key, value", [("spot_on", True), ("spot_on", False), ("loss", "elimination"),
                                        ("first_opener", "roll_off"), ("challenge", "anyone")])
def test_from_dict_takes_every_house_rule_key_even_at_its_default(key: str, value: object) -> None:
    assert Settings.from_dict({"dice_per_player": 3, key: value}) == Settings(dice_per_player=3, **{key: value})  # type: ignore[arg-type]


def test_to_dict_always_names_the_table_switches() -> None:
    assert TABLE_SWITCHES == ("dice_per_player", "max_players", "wild_ones", "turn_timer_s")
    data = {"dice_per_player": 1, "max_players": 8, "wild_ones": False, "turn_timer_s": 0}
    assert Settings.from_dict(data).to_dict() == data


def test_a_preset_with_overrides_keeps_the_preset_where_not_overridden() -> None:
    settings = Settings.from_preset("kul_tiras", {"duel_dice": True, "turn_timer_s": 30})
    assert settings == Settings(**{**{f: getattr(PRESETS["kul_tiras"], f) for f in HOUSE_DEFAULTS},
                                   "dice_per_player": 7, "wild_ones": False, "duel_dice": True, "turn_timer_s": 30})


@pytest.mark.parametrize("name", ["vegas", "", None, 3, "Tavern"])
def test_an_unknown_preset_is_refused_with_settings_preset(name: object) -> None:
    with pytest.raises(MalformedAction) as err:
        Settings.from_preset(name)
    assert err.value.code == "settings/preset"


def test_a_preset_with_conflicting_overrides_names_the_keys() -> None:
    with pytest.raises(SettingsConflict) as err:
        Settings.from_preset("perudo", {"wild_ones": False})
    assert err.value.keys == ("bids_on_ones", "wild_ones")


@pytest.mark.parametrize("key", ["raise_rule", "challenge", "loss", "first_opener"])
@pytest.mark.parametrize("value", ["sideways", "", 1, None, True])
def test_a_word_switch_takes_only_its_listed_choices(key: str, value: object) -> None:
    with pytest.raises(MalformedAction) as err:
        Settings.from_dict({key: value})
    assert err.value.code == "settings/not_a_choice"
    assert key in err.value.message


@pytest.mark.parametrize("key", ["bids_on_ones", "spot_on", "palifico", "duel_dice"])
def test_a_yes_no_house_rule_must_be_a_boolean(key: str) -> None:
    with pytest.raises(MalformedAction) as err:
        Settings.from_dict({key: 1})
    assert err.value.code == "settings/not_boolean"


@pytest.mark.parametrize(
    "data, keys",
    [
        ({"bids_on_ones": True, "wild_ones": False}, ("bids_on_ones", "wild_ones")),
        ({"duel_dice": True}, ("duel_dice", "loss")),
        ({"duel_dice": True, "loss": "difference"}, ("duel_dice", "loss")),
        ({"bids_on_ones": True, "raise_rule": "face_up"}, ("bids_on_ones", "raise_rule")),
        ({"palifico": True, "loss": "elimination"}, ("loss", "palifico")),
        ({"palifico": True, "dice_per_player": 1}, ("dice_per_player", "palifico")),
        ({"bids_on_ones": True, "wild_ones": False, "duel_dice": True}, ("bids_on_ones", "duel_dice", "loss",
                                                                         "wild_ones")),
    ],
)
def test_switches_that_do_not_combine_are_refused_naming_every_offending_key(
        data: dict[str, object], keys: tuple[str, ...]) -> None:
    with pytest.raises(SettingsConflict) as err:
        Settings.from_dict(data)
    assert err.value.code == "settings/conflict"
    assert err.value.keys == keys
    assert all(key in err.value.message for key in keys)


def test_every_other_combination_of_the_switches_is_a_valid_setting() -> None:
    """All 2 × 2 × 2 × 2 × 2 × 3 × 2 × 2 × 2 combinations of the non-numeric switches: valid exactly
    when none of the five listed conflicts applies, and each round-trips through its dict.

    Counted by hand: challenge, spot_on, first_opener are free (2 × 2 × 2 = 8); wild_ones,
    bids_on_ones, raise_rule give 4 without bids on ones + 1 with them = 5; palifico, loss,
    duel_dice, dice 1 or 5 give 3 for one_die, 3 for difference, 4 for elimination = 10:
    8 × 5 × 10 = 400 valid settings."""
    import itertools
    valid = 0
    for wild, ones, face_up, anyone, spot, pali, loss, duel, roll_off in itertools.product(
            (True, False), (True, False), (False, True), (False, True), (False, True), (False, True),
            ("one_die", "difference", "elimination"), (False, True), (False, True)):
        for dice in (1, 5):
            data = {"dice_per_player": dice, "wild_ones": wild, "bids_on_ones": ones,
                    "raise_rule": "face_up" if face_up else "quantity_or_face",
                    "challenge": "anyone" if anyone else "next_player", "spot_on": spot, "palifico": pali,
                    "loss": loss, "duel_dice": duel, "first_opener": "roll_off" if roll_off else "rotate"}
            conflict = ((ones and not wild) or (ones and face_up) or (duel and loss != "elimination")
                        or (pali and loss == "elimination") or (pali and dice == 1))
            try:
                settings = Settings.from_dict(data)
            except SettingsConflict:
                assert conflict, data
                continue
            assert not conflict, data
            valid += 1
            assert Settings.from_dict(settings.to_dict()) == settings
    assert valid == 400


def test_to_dict_names_a_house_rule_only_when_it_is_on() -> None:
    assert Settings(loss="difference", spot_on=True).to_dict() == {
        "dice_per_player": 5, "max_players": 6, "wild_ones": True, "turn_timer_s": 60,
        "spot_on": True, "loss": "difference"}


def test_the_three_presets_of_a3() -> None:
    assert sorted(PRESETS) == ["kul_tiras", "perudo", "tavern"]
    assert PRESETS["tavern"] == Settings() == PRESETS["tavern"]
    assert PRESETS["kul_tiras"] == Settings(dice_per_player=7, wild_ones=False, raise_rule="face_up",
                                                  challenge="anyone", loss="elimination", first_opener="roll_off")
    assert PRESETS["perudo"] == Settings(dice_per_player=5, wild_ones=True, bids_on_ones=True, spot_on=True,
                                               palifico=True)
    # kul_tiras offers duel_dice as a switch: it combines with the preset.
    assert Settings.from_dict({**PRESETS["kul_tiras"].to_dict(), "duel_dice": True}).duel_dice
