"""A chance is written one way on every page (`i18n.chance_text`): in the reader's notation, and
never "never" or "always" off a rounding, in English, French and Dutch alike."""

from __future__ import annotations

import pytest

from pickomino.i18n import LANGS, NARROW_NBSP, Lang, chance_text

NB = NARROW_NBSP


def each(en: str, fr: str, nl: str) -> dict[Lang, str]:
    """One figure as each language writes it."""
    return {"en": en, "fr": fr, "nl": nl}


@pytest.mark.parametrize(
    ("chance", "written"),
    [
        (0.125, each("12.5%", f"12,5{NB}%", "12,5%")),
        (0.0, each("0.0%", f"0,0{NB}%", "0,0%")),
        (1.0, each("100.0%", f"100,0{NB}%", "100,0%")),
        ((1 / 6) ** 5, each("<0.1%", f"<0,1{NB}%", "<0,1%")),
        (1e-12, each("<0.1%", f"<0,1{NB}%", "<0,1%")),
        (0.00049, each("<0.1%", f"<0,1{NB}%", "<0,1%")),
        (0.0005, each("0.1%", f"0,1{NB}%", "0,1%")),
        (0.99949, each("99.9%", f"99,9{NB}%", "99,9%")),
        (0.9995, each(">99.9%", f">99,9{NB}%", ">99,9%")),
        (1 - 1e-12, each(">99.9%", f">99,9{NB}%", ">99,9%")),
        (-1e-17, each("0.0%", f"0,0{NB}%", "0,0%")),  # a float error below an impossible event
    ],
)
def test_a_chance_is_written_in_each_language_and_never_rounded_to_a_certainty(
    chance: float, written: dict[Lang, str]
) -> None:
    assert {lang: chance_text(chance, lang) for lang in LANGS} == written


def test_with_no_decimals_the_smallest_chance_written_is_one_percent() -> None:
    # 0.5 rounds to an even 0: a chance of one in two hundred still reads as possible
    assert [chance_text(p, "en", 0) for p in (0.004, 0.005, 0.006)] == ["<1%", "<1%", "1%"]
    assert [chance_text(p, "fr", 0) for p in (0.994, 0.996, 1.0)] == [
        f"99{NB}%",
        f">99{NB}%",
        f"100{NB}%",
    ]
    assert chance_text(0.71, "nl", 0) == "71%"


def test_a_cell_too_narrow_for_the_sign_keeps_the_rule() -> None:
    assert chance_text(0.0001, "fr", sign=False) == "<0,1"
    assert chance_text(0.99999, "en", sign=False) == ">99.9"
    assert chance_text(0.25, "nl", sign=False) == "25,0"
