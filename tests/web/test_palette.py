"""Colour-blind-safe colours, checked on the page's own stylesheets: the seat colours and the dice
highlights stay apart under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira
and Fernandes 2009, severity 1, applied to linear RGB), and what is drawn on them keeps WCAG contrast.

Distances are CIE76 ΔE in CIELAB (D65); 15 is far above a just-noticeable difference (about 2.3).
"""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parents[2] / "static" / "css"
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = {"normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)), **MACHADO}
MIN_DELTA_E = 15.0
SEATS = [f"seat-{n}" for n in range(8)]


def custom_properties() -> dict[str, str]:
    """Every ``--name: #rrggbb`` of app.css and table.css (table.css wins)."""
    found: dict[str, str] = {}
    for name in ("app.css", "table.css"):
        text = (CSS / name).read_text(encoding="utf-8")
        found.update(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\b", text))
    return found


COLOURS = custom_properties()


def linear(hex_colour: str) -> tuple[float, float, float]:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return r, g, b


def seen(hex_colour: str, vision: str) -> tuple[float, float, float]:
    """The colour as a person with ``vision`` sees it, in linear RGB (clipped to the gamut)."""
    rgb = linear(hex_colour)
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb)))) for row in VISIONS[vision])
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str, vision: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(seen(a, vision)), lab(seen(b, vision)))) ** 0.5


def contrast(a: str, b: str, vision: str = "normal") -> float:
    """The WCAG 2 contrast ratio of two colours as ``vision`` sees them."""
    def luminance(colour: str) -> float:
        r, g, b = seen(colour, vision)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def closest_pair(names: list[str], vision: str) -> tuple[float, str, str]:
    return min((delta_e(COLOURS[a], COLOURS[b], vision), a, b) for a, b in itertools.combinations(names, 2))


def test_the_simulation_confuses_a_red_and_an_olive_that_normal_vision_tells_apart():
    red, olive = "#cc3333", "#7a7a28"
    assert delta_e(red, olive, "normal") > 60
    assert delta_e(red, olive, "deuteranopia") < 3
    assert delta_e("#ffffff", "#ffffff", "tritanopia") == 0 and contrast("#ffffff", "#000000") == pytest.approx(21)


def test_the_stylesheets_define_every_colour_checked_here():
    assert set(SEATS + ["seat-ink", "card", "bg", "die", "counted", "wild", "pip"]) <= set(COLOURS)


@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_seat_colour_differs_from_every_other(vision):
    distance, a, b = closest_pair(SEATS, vision)
    assert distance >= MIN_DELTA_E, f"{a} and {b} are only ΔE {distance:.1f} apart under {vision}"


@pytest.mark.parametrize("vision", list(VISIONS))
def test_a_seats_number_is_readable_on_its_colour_and_the_colour_stands_out_on_the_card(vision):
    for seat in SEATS:
        assert contrast(COLOURS["seat-ink"], COLOURS[seat], vision) >= 4.5, seat
        assert contrast(COLOURS[seat], COLOURS["card"], vision) >= 3.0, seat


@pytest.mark.parametrize("vision", list(VISIONS))
def test_a_plain_a_counted_and_a_wild_die_differ_and_their_pips_are_readable(vision):
    dice = ["die", "counted", "wild"]
    distance, a, b = closest_pair(dice, vision)
    assert distance >= MIN_DELTA_E, f"{a} and {b} are only ΔE {distance:.1f} apart under {vision}"
    for face in dice:
        assert contrast(COLOURS["pip"], COLOURS[face], vision) >= 4.5, face
