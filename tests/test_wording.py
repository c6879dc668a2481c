"""Sentences built from pieces, checked with real values in every language.

Templates get seat names, counts, tiles and faces filled in at run time, where a translator
cannot see the result: these tests fill them with singular and plural counts, named players and
numbered seats, worms and numbers, and look for what a teacher would correct on the projector.
"""

from __future__ import annotations

import re

import pytest

from pickomino.i18n import LANGS, Lang, t
from pickomino.narrate import UnknownFace, read_dice, worm_letters
from pickomino.rules import JUNIOR, STANDARD

# ----- dice typed by hand ------------------------------------------------------------------------


def test_the_worm_is_typed_with_the_first_letter_of_each_languages_word() -> None:
    assert worm_letters() == {"W", "V"}  # worm (en, nl), ver (fr)
    assert read_dice("V V 5 5 3 1 2 4", STANDARD) == ("W", "W", "5", "5", "3", "1", "2", "4")
    assert read_dice("ww55,3,1 2v", STANDARD) == ("W", "W", "5", "5", "3", "1", "2", "W")
    assert read_dice("v 1 2 3 4 5", JUNIOR) == ("W", "1", "2", "3", "4", "5")
    assert read_dice(" , ", STANDARD) == ()


@pytest.mark.parametrize(("typed", "bad"), [("W W 6", "6"), ("5 x", "x"), ("0", "0"), ("Vv?", "?")])
def test_a_character_that_is_no_face_is_named_as_typed(typed: str, bad: str) -> None:
    with pytest.raises(UnknownFace) as caught:
        read_dice(typed, STANDARD)
    assert caught.value.char == bad


@pytest.mark.parametrize("lang", LANGS)
def test_the_dice_field_says_which_letters_mean_a_worm(lang: Lang) -> None:
    helps = (
        t("sandbox.teacher.dice_help", lang),
        t("sandbox.teacher.bad_face", lang, face="x", faces="1, 2"),
    )
    for said in helps:
        named = {letter for letter in worm_letters() if re.search(rf"\b{letter}\b", said)}
        assert named == {"W", "V"}, (lang, said)
